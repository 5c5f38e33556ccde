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
    expect(config).toEqual({
      basePath: '',
      apiBase: '/api',
      authMode: 'password',
      logoutUrl: null,
    });
  });

  it('reads a sub-path from <base href>, not from the current URL', async () => {
    setBase('/admin/');
    window.history.pushState({}, '', '/admin/users/USR-1');
    const { requests } = installFakeFetch({});
    await loadConfig();
    expect(detectBasePath()).toBe('/admin');
    expect(config).toMatchObject({ basePath: '/admin', apiBase: '/admin/api' });
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

  /** The configuration read under this <base href> when config.json answers `body`. */
  const loadedWith = async (base: string, body: unknown) => {
    setBase(base);
    installFakeFetch({ 'GET /config.json': reply(200, body) });
    return { ...(await loadConfig()) };
  };

  it('takes the sub-path, sign-in mode and sign-out address from config.json', async () => {
    const loaded = await loadedWith('/', {
      basePath: '/portal/admin/',
      authMode: 'proxy',
      logoutUrl: '/oauth2/sign_out?rd=%2F',
    });
    expect(loaded).toEqual({
      basePath: '/portal/admin',
      apiBase: '/portal/admin/api',
      authMode: 'proxy',
      logoutUrl: '/oauth2/sign_out?rd=%2F',
    });
  });

  it('ignores each field of config.json that is not usable, keeping its default', async () => {
    const loaded = await loadedWith('/admin/', {
      basePath: 'no-slash',
      apiBase: 42,
      authMode: 'sso',
      logoutUrl: 'javascript:alert(1)',
    });
    expect(loaded).toEqual({
      basePath: '/admin',
      apiBase: '/admin/api',
      authMode: 'password',
      logoutUrl: null,
    });
    for (const elsewhere of ['//evil.example/out', '/\\evil.example/out']) {
      expect((await loadedWith('/', { logoutUrl: elsewhere })).logoutUrl, elsewhere).toBeNull();
    }
  });

  it("asks for config.json with the console origin's cookies, which a sign-on proxy needs", async () => {
    setBase('/');
    const { requests } = installFakeFetch({ 'GET /config.json': reply(200, {}) });
    await loadConfig();
    expect(requests[0]?.credentials).toBe('same-origin');
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
