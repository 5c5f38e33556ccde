import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

// Operators follow a request through JSON log lines by its id, the same id the answer carries
// and a proxy in front may have given it; no line holds a password or a session token.

const logLines: string[] = [];
let t: TestContext;
let direct: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
    trustProxy: 1,
  });
  direct = await createTestContext();
});
afterAll(async () => {
  await t.close();
  await direct.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const health = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers });

describe('request ids and log lines', () => {
  it('give each answer an id of its own, or keep a usable one the proxy sent', async () => {
    const [a, b] = [await health(), await health()];
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);

    const kept = await health({ 'x-request-id': 'lb-7f3a.42:1' });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    for (const unusable of ['two words', 'x'.repeat(129), '{"level":60}', '']) {
      const res = await health({ 'x-request-id': unusable });
      expect(res.headers['x-request-id'], unusable).toMatch(UUID);
    }
  });

  it('take no id from a client when no proxy is trusted', async () => {
    const res = await direct.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('log JSON lines under the answer’s id, with no password or token', async () => {
    const player = await t.user({ admin: true, password: 'log-check-password-1' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: player.username, password: 'log-check-password-1' },
    });
    const token = login.json().token as string;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string });
    for (const res of [login, me]) {
      const id = res.headers['x-request-id'];
      const own = lines.filter((line) => line.reqId === id);
      expect(own.length, String(id)).toBeGreaterThanOrEqual(2); // incoming and completed
    }
    const all = logLines.join('\n');
    expect(all).not.toContain('log-check-password-1');
    expect(all).not.toContain(token);
  });
});
