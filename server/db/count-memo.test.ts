import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_BOUND } from '../../contract/lists';
import { type SignedIn, signedIn } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';
import { CountMemo, MARGIN } from './count-memo';

// A broad list's "10,000+" is remembered, not counted again, while it cannot have become false:
// these play the writes that could make it false, announced and not.

describe('the count memo', () => {
  let clock = 0;
  const memo = () => {
    const made = new CountMemo(() => clock);
    made.hearing();
    return made;
  };
  /** A count of `count` rows, begun and ended now. */
  const count = (kept: CountMemo, key: string, rows: number) =>
    kept.counted(key, rows, kept.mark());

  it('remembers a set only while fewer rows changed than it had past the bound', () => {
    const kept = memo();
    count(kept, 'broad', TOTAL_BOUND + 500);
    expect(kept.holdsMoreThanBound('broad')).toBe(true);
    kept.changed(499);
    expect(kept.holdsMoreThanBound('broad')).toBe(true);
    kept.changed(1); // 500 rows may have left: exactly the bound may be left
    expect(kept.holdsMoreThanBound('broad')).toBe(false);
  });

  it('takes the changes heard while a count ran off its margin', () => {
    const kept = memo();
    const mark = kept.mark();
    kept.changed(400); // committed after the count's snapshot, heard before its answer
    kept.counted('a', TOTAL_BOUND + 500, mark);
    kept.changed(99);
    expect(kept.holdsMoreThanBound('a')).toBe(true);
    kept.changed(1);
    expect(kept.holdsMoreThanBound('a')).toBe(false);
    const late = kept.mark();
    kept.changed(600);
    kept.counted('b', TOTAL_BOUND + 500, late);
    expect(kept.holdsMoreThanBound('b')).toBe(false);
  });

  it('remembers no count that ran while a listener came or went', () => {
    const kept = memo();
    const lost = kept.mark();
    kept.deaf();
    kept.hearing();
    kept.counted('a', TOTAL_BOUND + MARGIN + 1, lost);
    expect(kept.holdsMoreThanBound('a')).toBe(false);

    const deaf = new CountMemo(() => clock);
    const begun = deaf.mark();
    expect(begun.upTo).toBe(TOTAL_BOUND + 1);
    deaf.hearing();
    deaf.counted('b', TOTAL_BOUND + 1, begun);
    expect(deaf.holdsMoreThanBound('b')).toBe(false);
  });

  it('remembers nothing at or under the bound, nor while no change is heard', () => {
    const kept = memo();
    count(kept, 'exact', TOTAL_BOUND);
    expect(kept.holdsMoreThanBound('exact')).toBe(false);
    kept.deaf();
    expect(kept.mark().upTo).toBe(TOTAL_BOUND + 1);
    count(kept, 'broad', TOTAL_BOUND + MARGIN + 1);
    expect(kept.holdsMoreThanBound('broad')).toBe(false);
  });

  it('forgets everything when the changes stop being heard, and anything after 30 s', () => {
    const kept = memo();
    expect(kept.mark().upTo).toBe(TOTAL_BOUND + MARGIN + 1);
    count(kept, 'a', TOTAL_BOUND + MARGIN + 1);
    kept.deaf();
    kept.hearing();
    expect(kept.holdsMoreThanBound('a')).toBe(false);
    count(kept, 'b', TOTAL_BOUND + MARGIN + 1);
    clock += 29_999;
    expect(kept.holdsMoreThanBound('b')).toBe(true);
    clock += 1;
    expect(kept.holdsMoreThanBound('b')).toBe(false);
  });

  it('stays while another listener over the same database still hears', () => {
    const kept = memo();
    kept.hearing();
    count(kept, 'a', TOTAL_BOUND + 1);
    kept.deaf();
    expect(kept.holdsMoreThanBound('a')).toBe(true);
  });
});

describe('a remembered "10,000+" on a live instance', () => {
  let t: TestContext;
  let admin: SignedIn;
  const tag = randomBytes(4).toString('hex');
  /** Past the bound by 50: remembered, with a margin of 50 rows. */
  const ROWS = TOTAL_BOUND + 50;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await signedIn(t);
    expect(await t.app.live.ready()).toBe(true);
  });
  afterAll(() => t.close());

  /** `ROWS` players named {prefix}_{n}, their userIds not holding the prefix. */
  const addPlayers = (prefix: string) =>
    sql`
    INSERT INTO users (user_id, username, email, status, referral_code)
    SELECT 'u_' || left(md5(${prefix} || g), 12), ${prefix} || '_' || g,
           ${prefix} || '_' || g || '@example.com', 'active', 'R' || ${prefix} || g
    FROM generate_series(1, ${ROWS}) AS g`.execute(t.db);

  const totalOf = async (q: string) => {
    const res = await admin.get(`/api/admin/users?q=${q}&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    const { total, totalIsLowerBound } = res.json();
    return { total, totalIsLowerBound };
  };
  const bound = { total: TOTAL_BOUND, totalIsLowerBound: true };

  it('is dropped once enough of its rows are updated out of it', async () => {
    const prefix = `renamed_${tag}`;
    await addPlayers(prefix);
    expect(await totalOf(prefix)).toEqual(bound);
    expect(await totalOf(prefix)).toEqual(bound);
    // One statement, announced as one 'updated' of 1,050 ids in several notifications.
    await sql`
      UPDATE users SET username = 'gone_' || id, email = 'gone_' || id || '@example.com'
      WHERE username LIKE ${`${prefix}\\_%`} AND split_part(username, '_', 3)::int > 9000`.execute(
      t.db,
    );
    await expect.poll(() => totalOf(prefix), { timeout: 5_000 }).toEqual({ total: 9000 });
  });

  it('is dropped once its rows are deleted', async () => {
    const prefix = `deleted_${tag}`;
    await addPlayers(prefix);
    expect(await totalOf(prefix)).toEqual(bound);
    await sql`DELETE FROM users WHERE username LIKE ${`${prefix}\\_%`}
              AND split_part(username, '_', 3)::int > 42`.execute(t.db);
    await expect.poll(() => totalOf(prefix), { timeout: 5_000 }).toEqual({ total: 42 });
  });

  it('is forgotten when the instance stops hearing changes, even unannounced ones', async () => {
    const prefix = `quiet_${tag}`;
    await addPlayers(prefix);
    expect(await totalOf(prefix)).toEqual(bound);
    // A bulk loader's quiet delete is not announced: the memo does not know of it...
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL rewards.quiet = on`.execute(trx);
      await sql`DELETE FROM users WHERE username LIKE ${`${prefix}\\_%`}
                AND split_part(username, '_', 3)::int > 7`.execute(trx);
    });
    expect(await totalOf(prefix)).toEqual(bound); // remembered, as it is for 30 s at most
    // ...but a lost LISTEN connection makes it forget what it could have missed.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = 'rewards-live' AND datname = current_database()`.execute(
      t.db,
    );
    await expect.poll(() => totalOf(prefix), { timeout: 5_000 }).toEqual({ total: 7 });
  });
});
