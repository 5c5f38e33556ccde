import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';

// Searches ask the trigram index for the rarest piece of a term, then check the whole term:
// whatever the piece, they must find exactly the rows that contain the term.
let t: TestContext;
let admin: SignedIn;
const NAMES = [
  'player1234',
  'player12345',
  'Player99',
  'zoë_42',
  'under_score',
  '100%sure',
  'back\\slash',
  'gamer12345',
  'ab',
  'ΟΔΟΣ_42',
  'İstanbul7',
];

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  for (const [i, name] of NAMES.entries()) {
    const user = await t.user({
      username: name,
      email: `${name.replace(/\W/g, '')}${i}@example.com`,
    });
    await insertWithdrawal(t.db, { userId: user.user_id, destination: `payee${name}@example.com` });
  }
  // Enough players that some trigrams are common, then the statistics the searches read.
  await sql`
    INSERT INTO users (user_id, username, email, referral_code)
    SELECT 'u_bulk_' || g, 'player' || g || 'x', 'player' || g || 'x@example.com', 'B' || g
    FROM generate_series(1, 3000) AS g`.execute(t.db);
  await sql`ANALYZE users, withdrawals`.execute(t.db);
});
afterAll(() => t.close());

async function searched(list: 'users' | 'withdrawals', term: string) {
  const res = await admin.get(
    `/api/admin/${list}?q=${encodeURIComponent(term)}&page=1&limit=100&sort=createdAt:desc`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { total: number; items: { _id: string }[] };
  return { total: body.total, ids: body.items.map((item) => item._id).sort() };
}

async function containing(list: 'users' | 'withdrawals', term: string) {
  const text =
    list === 'users'
      ? sql`lower(username || ' ' || email || ' ' || user_id)`
      : sql`lower(user_id || ' ' || destination || ' ' || type_id)`;
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM ${sql.table(list)} WHERE strpos(${text}, lower(${term})) > 0`.execute(
    t.db,
  );
  const ids = rows.map((row) => row.id).sort();
  return { total: ids.length, ids: ids.slice(0, 100) };
}

describe('search by part of a text', () => {
  it('knows which trigrams are common once the table is analysed', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT array_length(most_common_elems::text::text[], 1) AS n FROM pg_stats_ext_exprs
      WHERE statistics_name = 'users_search_trigrams'`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(10);
  });

  it('finds exactly the rows holding the term, for rare, common and odd terms', async () => {
    const terms = [
      'player12345',
      'R12345',
      '2345',
      'player1',
      'yer99',
      'zoë',
      'ë_4',
      'under_s',
      '_',
      '100%',
      '%s',
      'k\\s',
      'ab',
      'a',
      '@example',
      'gamer12345@',
      'nothing-like-this',
      'ΟΔΟΣ',
      'οδοσ_4',
      'İstanbul',
    ];
    for (const list of ['users', 'withdrawals'] as const) {
      for (const term of terms) {
        const expected = await containing(list, term);
        const found = await searched(list, term);
        expect(found.total, `${list} ${term}`).toBe(expected.total);
        if (NAMES.some((name) => name.toLowerCase().includes(term.toLowerCase())))
          expect(found.total, `${list} ${term} finds its own`).toBeGreaterThan(0);
        if (expected.total <= 100) expect(found.ids, `${list} ${term}`).toEqual(expected.ids);
      }
    }
  });

  it('gives the total on a page past the last match too', async () => {
    for (const list of ['users', 'withdrawals'] as const) {
      const res = await admin.get(`/api/admin/${list}?q=12345&page=3&limit=1`);
      expect(res.json(), list).toMatchObject({
        items: [],
        total: (await containing(list, '12345')).total,
      });
      const first = await admin.get(`/api/admin/${list}?q=12345&page=1&limit=1`);
      expect(Object.keys(first.json().items[0]), list).not.toContain('matches');
    }
  });
});
