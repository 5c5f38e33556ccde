import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../contract/account';
import { addressesFrom, callsAs, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { IDLE_TIMEOUT_MS } from '../sessions';

// My account's sessions list: when each session was last used and when it ends unless used
// again; sessions that ended (revoked, idle, past their lifetime) are not listed.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.25.0');
const MINUTE = 60_000;

/** An admin with two sessions: `here` lists, `there` is the other browser. */
async function twoBrowsers() {
  const here = await signedIn(t, {}, nextIp());
  const thereIp = nextIp();
  const there = callsAs(t.app, await t.login(here.user.username, here.user.password, thereIp));
  const list = async () => {
    const res = await here.get('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: AccountSession[] }).data;
  };
  const other = async () => (await list()).find((s) => !s.current);
  const setOther = async (set: string) => {
    const id = Number((await other())?.id);
    await sql`UPDATE sessions SET ${sql.raw(set)} WHERE id = ${id}`.execute(t.db);
    return id;
  };
  return { here, there, list, other, setOther };
}

const agoMs = (iso: string | undefined) => Date.now() - Date.parse(iso ?? '');

describe('GET /api/auth/sessions: last seen and expiry', () => {
  it('moves last seen with the other browser’s requests, at most once a minute, and shows when it ends if idle', async () => {
    const { there, other, setOther } = await twoBrowsers();
    await setOther(`last_seen_at = now() - interval '10 minutes'`);
    const before = await other();
    expect(agoMs(before?.lastSeenAt)).toBeGreaterThan(9 * MINUTE);
    expect(Date.parse(before?.expiresAt ?? '') - Date.parse(before?.lastSeenAt ?? '')).toBe(
      IDLE_TIMEOUT_MS,
    );

    expect((await there.get('/api/admin/withdrawals')).statusCode).toBe(200);
    const seen = await other();
    expect(agoMs(seen?.lastSeenAt)).toBeLessThan(MINUTE);
    expect(Date.parse(seen?.expiresAt ?? '') - Date.parse(seen?.lastSeenAt ?? '')).toBe(
      IDLE_TIMEOUT_MS,
    );
    expect(seen?.createdAt).toBe(before?.createdAt);

    // Within the minute a request writes nothing: reads stay reads.
    await setOther(`last_seen_at = now() - interval '30 seconds'`);
    const throttled = (await other())?.lastSeenAt;
    expect((await there.get('/api/auth/me')).statusCode).toBe(200);
    expect((await other())?.lastSeenAt).toBe(throttled);
  });

  it('ends at the absolute lifetime when that comes before the idle timeout', async () => {
    const { other, setOther } = await twoBrowsers();
    await setOther(`expires_at = now() + interval '5 minutes'`);
    const session = await other();
    const ends = Date.parse(session?.expiresAt ?? '') - Date.now();
    expect(ends).toBeGreaterThan(3 * MINUTE);
    expect(ends).toBeLessThanOrEqual(5 * MINUTE);
  });

  it.each([
    ['idle past the timeout', `last_seen_at = now() - interval '2 hours 1 minute'`],
    ['past its lifetime', `expires_at = now() - interval '1 second'`],
    ['revoked', 'revoked_at = now()'],
  ])('does not list a session %s', async (_, set) => {
    const { there, list, setOther } = await twoBrowsers();
    const id = await setOther(set);
    const listed = await list();
    expect(listed.map((s) => s.id)).not.toContain(String(id));
    expect(listed).toHaveLength(1);
    expect(listed[0]?.current).toBe(true);
    expect((await there.get('/api/auth/me')).statusCode).toBe(401);
  });
});
