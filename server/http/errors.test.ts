import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('addresses the router refuses', () => {
  it('answer in the API error shape, without echoing the address', async () => {
    const cases = [
      { url: '/api/admin/bots/%E0%A4%A', status: 400, code: 'bad_url' },
      { url: '/api/health/%zz', status: 400, code: 'bad_url' },
      { url: `/api/admin/bots/${'b'.repeat(150)}`, status: 414, code: 'too_long' },
    ];
    for (const { url, status, code } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer('whatever') });
      expect(res.statusCode, url).toBe(status);
      expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'error']);
      expect(res.json().code, url).toBe(code);
      expect(res.body).not.toContain(url.slice(5));
    }
  });
});
