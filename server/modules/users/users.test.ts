import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../contract/users';
import { type SignedIn, signedIn } from '../../test/client';
import { insertBot, insertMatch } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

/** A fresh token per test, so each test finds only its own users. */
const newTag = () => randomBytes(4).toString('hex');

async function list(query: string) {
  const res = await admin.get(`/api/admin/users?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: User[]; total: number; page: number; limit: number };
}

describe('GET /api/admin/users', () => {
  it('finds users by part of the username, email or userId, in any case', async () => {
    const tag = newTag();
    const grace = await t.user({ username: `Grace_${tag}`, email: `g.hopper.${tag}@Navy.example` });
    const alan = await t.user({ username: `alan_${tag}`, email: `turing.${tag}@example.org` });

    expect((await list(`q=GRACE_${tag}`)).items.map((u) => u.userId)).toEqual([grace.user_id]);
    expect((await list(`q=HOPPER.${tag}@navy`)).items.map((u) => u.userId)).toEqual([
      grace.user_id,
    ]);
    const byId = await list(`q=${alan.user_id.slice(2, 9).toUpperCase()}`);
    expect(byId.items.map((u) => u.userId)).toEqual([alan.user_id]);
    expect((await list(`q=${tag}`)).total).toBe(2);
    expect((await list(`q=  ${tag}  `)).total).toBe(2);
  });

  it('takes % and _ in the search literally', async () => {
    const tag = newTag();
    const underscore = await t.user({ username: `a_b${tag}` });
    await t.user({ username: `axb${tag}` });
    const percent = await t.user({ username: `100%${tag}` });
    await t.user({ username: `1000${tag}` });

    const ids = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).items.map((u) => u.userId);
    expect(await ids(`a_b${tag}`)).toEqual([underscore.user_id]);
    expect(await ids(`0%${tag}`)).toEqual([percent.user_id]);
    expect(await ids(`%${tag}`)).toEqual([percent.user_id]);
  });

  it('filters by status, and an empty status means all', async () => {
    const tag = newTag();
    const pending = await t.user({ username: `p_${tag}`, status: 'pending' });
    await t.user({ username: `a_${tag}`, status: 'active' });
    const disabled = await t.user({ username: `d_${tag}`, status: 'disabled' });

    expect((await list(`q=${tag}&status=pending`)).items.map((u) => u.userId)).toEqual([
      pending.user_id,
    ]);
    expect((await list(`q=${tag}&status=disabled`)).items.map((u) => u.userId)).toEqual([
      disabled.user_id,
    ]);
    expect((await list(`q=${tag}&status=`)).total).toBe(3);
    const bad = await admin.get(`/api/admin/users?status=gone`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_input',
      fields: { status: expect.any(String) },
    });
  });

  it('sorts by the allowed fields and pages without gaps or repeats', async () => {
    const tag = newTag();
    const balances = [500, 100, 300, 300, 200, 300, 0];
    const users = [];
    for (const [i, balance] of balances.entries()) {
      users.push(await t.user({ username: `s${i}_${tag}`, balance }));
    }
    const all = await list(`q=${tag}&sort=balance:desc&limit=100`);
    expect(all.items.map((u) => u.balance)).toEqual([500, 300, 300, 300, 200, 100, 0]);
    // Ties break on the id, the same way round.
    const tied = all.items.filter((u) => u.balance === 300).map((u) => Number(u._id));
    expect(tied).toEqual([...tied].sort((a, b) => b - a));

    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await list(`q=${tag}&sort=balance:desc&limit=2&page=${page}`);
      expect(res).toMatchObject({ total: 7, page, limit: 2 });
      pages.push(...res.items.map((u) => u.userId));
    }
    expect(pages).toEqual(all.items.map((u) => u.userId));
    expect((await list(`q=${tag}&limit=2&page=9`)).items).toEqual([]);

    const byName = await list(`q=${tag}&sort=username:asc`);
    expect(byName.items.map((u) => u.username)).toEqual(users.map((u) => u.username));
  });

  it('pages the whole list alike near the top and deep down, its total the kept count', async () => {
    const tag = newTag();
    await sql`
      INSERT INTO users (user_id, username, email, status, referral_code, created_at)
      SELECT 'u_' || ${tag} || g, 'deep_' || ${tag} || '_' || g,
             'deep_' || ${tag} || '_' || g || '@example.com', 'active', 'D' || ${tag} || g,
             '2020-01-01'::timestamptz + g * interval '1 second'
      FROM generate_series(1, 150) AS g`.execute(t.db);
    const first = await list('sort=createdAt:desc&limit=100&page=1');
    const second = await list('sort=createdAt:desc&limit=100&page=2');
    const all = [...first.items, ...second.items].map((u) => u.userId);
    expect(all.length).toBeGreaterThan(140);
    // Offset 120 reads its ids first; offsets up to 100 read their rows at once.
    const deep = await list('sort=createdAt:desc&limit=20&page=7');
    expect(deep.items.map((u) => u.userId)).toEqual(all.slice(120, 140));
    const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(t.db))
      .rows as [{ n: number }];
    for (const page of [first, second, deep]) expect(page.total).toBe(n);
    const past = await list('sort=createdAt:desc&limit=20&page=1000');
    expect(past).toMatchObject({ items: [], total: n });
  });

  it('defaults to page 1, 20 a page, newest first, with stable ties', async () => {
    const tag = newTag();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await t.user({ username: `n${i}_${tag}` }));
    await sql`UPDATE users SET created_at = '2026-01-01T00:00:00.000001Z' WHERE username LIKE ${`%${tag}`}`.execute(
      t.db,
    );
    const res = await list(`q=${tag}`);
    expect(res).toMatchObject({ page: 1, limit: 20, total: 3 });
    expect(res.items.map((u) => u.userId)).toEqual(created.map((u) => u.user_id).reverse());

    const newest = await t.user({ username: `n9_${tag}` });
    expect((await list(`q=${tag}`)).items[0]?.userId).toBe(newest.user_id);
  });

  it('answers each user with its adminRole and never a password hash', async () => {
    const tag = newTag();
    await t.user({ username: `adm_${tag}`, admin: true });
    const res = await list(`q=adm_${tag}`);
    expect(res.items[0]).toMatchObject({
      username: `adm_${tag}`,
      status: 'active',
      adminRole: { enabled: true, roles: ['admin'], permissions: ['*'] },
    });
    expect(JSON.stringify(res)).not.toMatch(/argon2|password/i);
  });

  it('rejects an unknown sort field, a limit over 100 and unknown parameters with 400', async () => {
    for (const query of ['sort=password:asc', 'sort=createdAt', 'limit=101', 'page=0', 'x=1']) {
      const res = await admin.get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers the user, match stats and adminRole', async () => {
    const player = await t.user();
    const rival = await t.user();
    const bot = await insertBot(t.db);
    await insertMatch(t.db, {
      userId: player.id,
      opponentUserId: rival.id,
      userScore: 3,
      opponentScore: 1,
    });
    await insertMatch(t.db, {
      userId: player.id,
      opponentBotId: bot.bot_id,
      userScore: 3,
      opponentScore: 1,
    });
    await insertMatch(t.db, {
      userId: player.id,
      opponentBotId: bot.bot_id,
      userScore: 0,
      opponentScore: 2,
    });
    await insertMatch(t.db, { userId: player.id, userScore: 4, opponentScore: 4 });
    await insertMatch(t.db, {
      userId: rival.id,
      opponentUserId: player.id,
      userScore: 1,
      opponentScore: 3,
    });

    const res = await admin.get(`/api/admin/users/${player.user_id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ userId: player.user_id, username: player.username });
    expect(body.stats).toEqual({ matchesCount: 4, wins: 2, losses: 1, draws: 1 });
    expect(body.adminRole).toEqual({ enabled: false, roles: [], permissions: [] });

    const none = await admin.get(`/api/admin/users/${(await t.user()).user_id}`);
    expect(none.json().stats).toEqual({ matchesCount: 0, wins: 0, losses: 0, draws: 0 });
  });

  it('answers 404 for an unknown userId', async () => {
    for (const id of ['u_nobodyhere', '123', 'export']) {
      const res = await admin.get(`/api/admin/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found', code: 'not_found' });
    }
  });
});
