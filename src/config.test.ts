import { afterEach, describe, expect, it } from 'vitest';
import { config, detectBasePath, loadConfig } from './config';
import { installFakeFetch, reply } from './test/fakeFetch';

const setBase = (href: string | null) => {
  for (const base of document.querySelectorAll('base')) base.remove();
  if (href !== null) {
    const base = document.createElement('base');
    base.href = href;
    document.head.append(base);
  }
};

describe('config', () => {
  afterEach(() => {
    setBase(null);
    window.history.pushState({}, '', '/');
  });

  it("is '' at the root, and derives the API base from the <base href>", async () => {
    setBase('/');
    installFakeFetch({});
    await loadConfig();
    expect(config).toEqual({ basePath: '', apiBase: '/api' });
  });

  it('reads a sub-path from <base href>, not from the current URL', async () => {
    setBase('/admin/');
    window.history.pushState({}, '', '/admin/users/USR-1');
    const { requests } = installFakeFetch({});
    await loadConfig();
    expect(detectBasePath()).toBe('/admin');
    expect(config).toEqual({ basePath: '/admin', apiBase: '/admin/api' });
    expect(requests[0]?.path).toBe('/admin/config.json');
  });

  it('lets config.json override the API base', async () => {
    setBase('/');
    installFakeFetch({
      'GET /config.json': reply(200, { apiBase: 'https://api.example.com/api/' }),
    });
    await loadConfig();
    expect(config.apiBase).toBe('https://api.example.com/api');
  });

  it('keeps the defaults when config.json is missing or not usable', async () => {
    setBase('/');
    installFakeFetch({ 'GET /config.json': reply(200, ['not', 'an', 'object']) });
    await loadConfig();
    expect(config.apiBase).toBe('/api');

    installFakeFetch({ 'GET /config.json': () => ({ status: 200, body: undefined }) });
    await loadConfig();
    expect(config.apiBase).toBe('/api');
  });
});
