import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../../contract/bots';
import { botCount } from '../../test/bots';
import { type SignedIn, signedIn } from '../../test/client';
import { auditsOfKind } from '../../test/crud';
import { type BotRow, insertBot } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
let rows: BotRow[];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  // Oldest first; two ties on skill and on active so the id tiebreak shows.
  rows = [
    await insertBot(t.db, {
      botId: 'bot_alpha1',
      nickname: 'Alpha_Bot',
      avatarUrl: 'https://img.example/alpha.png',
      skill: 10,
      allowedOffers: ['solitaire', 'bingo'],
      lastUsedAt: minutesAgo(5),
      createdAt: minutesAgo(50),
    }),
    await insertBot(t.db, {
      botId: 'bot_beta22',
      nickname: 'beta%bot',
      active: false,
      skill: 90,
      currentSessions: 2,
      maxSessions: 3,
      createdAt: minutesAgo(40),
    }),
    await insertBot(t.db, {
      botId: 'bot_gxyz33',
      nickname: 'Gamma',
      skill: 50,
      currentSessions: 1,
      maxSessions: 2,
      lastUsedAt: minutesAgo(1),
      createdAt: minutesAgo(30),
    }),
    await insertBot(t.db, {
      botId: 'bot_delta4',
      nickname: 'delta',
      active: false,
      skill: 50,
      createdAt: minutesAgo(20),
    }),
    await insertBot(t.db, {
      botId: 'bot_eps555',
      nickname: 'Epsilon',
      skill: 70,
      lastUsedAt: minutesAgo(30),
      createdAt: minutesAgo(10),
    }),
  ];
});
afterAll(() => t.close());

const botIds = (items: Bot[]) => items.map((bot) => bot.botId);
const row = (i: number) => rows[i] as BotRow;

async function list(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await admin.get(`/api/admin/bots?${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Bot[]; total: number; page: number; limit: number };
}

describe('GET /api/admin/bots', () => {
  it('lists newest first, 20 a page, each bot with every field', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(botIds(body.items)).toEqual(rows.map((r) => r.bot_id).reverse());
    expect(body.items.at(-1)).toEqual({
      _id: String(row(0).id),
      botId: 'bot_alpha1',
      nickname: 'Alpha_Bot',
      avatarUrl: 'https://img.example/alpha.png',
      active: true,
      currentSessions: 0,
      maxSessions: 1,
      skill: 10,
      allowedOffers: ['solitaire', 'bingo'],
      lastUsedAt: row(0).last_used_at?.toISOString(),
      createdAt: row(0).created_at.toISOString(),
      updatedAt: row(0).updated_at.toISOString(),
    });
    expect(body.items.find((bot) => bot.botId === 'bot_delta4')).toMatchObject({
      avatarUrl: null,
      lastUsedAt: null,
      allowedOffers: [],
    });
  });

  it('searches nickname or botId by any part, in any case', async () => {
    expect(botIds((await list({ q: 'ALPHA' })).items)).toEqual(['bot_alpha1']);
    expect(botIds((await list({ q: 'GXYZ3' })).items)).toEqual(['bot_gxyz33']);
    expect(botIds((await list({ q: '  psil ' })).items)).toEqual(['bot_eps555']);
    expect((await list({ q: 'BOT_' })).total).toBe(5);
    expect((await list({ q: 'no-such-bot' })).items).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    // As wildcards, a_b would also match beta%bot and a%b would also match Alpha_Bot.
    expect(botIds((await list({ q: 'a_b' })).items)).toEqual(['bot_alpha1']);
    expect(botIds((await list({ q: 'a%b' })).items)).toEqual(['bot_beta22']);
    expect((await list({ q: '%' })).total).toBe(1);
  });

  it('filters by active, alone and with a search', async () => {
    const active = await list({ active: 'true' });
    expect(botIds(active.items)).toEqual(['bot_eps555', 'bot_gxyz33', 'bot_alpha1']);
    expect(active.total).toBe(3);
    const inactive = await list({ active: 'false' });
    expect(botIds(inactive.items)).toEqual(['bot_delta4', 'bot_beta22']);
    expect((await list({ active: 'false', q: 'delta' })).total).toBe(1);
    expect((await list({ active: 'true', q: 'delta' })).total).toBe(0);
    expect((await list({ active: '' })).total).toBe(5);
  });

  it('sorts on the allow-list; nickname ignores case; never-used bots come last', async () => {
    expect((await list({ sort: 'skill:asc' })).items.map((b) => b.skill)).toEqual([
      10, 50, 50, 70, 90,
    ]);
    expect((await list({ sort: 'nickname:asc' })).items.map((b) => b.nickname)).toEqual([
      'Alpha_Bot',
      'beta%bot',
      'delta',
      'Epsilon',
      'Gamma',
    ]);
    expect(botIds((await list({ sort: 'currentSessions:desc' })).items).slice(0, 2)).toEqual([
      'bot_beta22',
      'bot_gxyz33',
    ]);
    for (const direction of ['asc', 'desc']) {
      const used = (await list({ sort: `lastUsedAt:${direction}` })).items.map((b) => b.botId);
      expect(used.slice(3).sort()).toEqual(['bot_beta22', 'bot_delta4']);
    }
    expect(botIds((await list({ sort: 'lastUsedAt:desc' })).items).slice(0, 3)).toEqual([
      'bot_gxyz33',
      'bot_alpha1',
      'bot_eps555',
    ]);
  });

  it('pages a stable order: ties broken by id, every bot exactly once', async () => {
    for (const sort of ['active:asc', 'skill:desc', 'maxSessions:asc']) {
      const all = await list({ sort });
      const paged: Bot[] = [];
      for (const page of [1, 2, 3]) {
        const body = await list({ sort, limit: 2, page });
        expect(body).toMatchObject({ total: 5, page, limit: 2 });
        paged.push(...body.items);
      }
      expect(botIds(paged), sort).toEqual(botIds(all.items));
      expect(new Set(botIds(paged)).size).toBe(5);
    }
    // Ties on skill 50 (Gamma before delta by id ascending).
    expect(botIds((await list({ sort: 'skill:asc' })).items).slice(1, 3)).toEqual([
      'bot_gxyz33',
      'bot_delta4',
    ]);
    // Past the last page: no items, and still the total, searched or not.
    expect(await list({ page: 4, limit: 2 })).toMatchObject({ items: [], total: 5 });
    expect(await list({ q: 'bot_', page: 9, limit: 2 })).toMatchObject({ items: [], total: 5 });
    expect(await list({ active: 'false', page: 2, limit: 2 })).toMatchObject({
      items: [],
      total: 2,
    });
  });

  it('refuses a sort off the allow-list, a bad filter and unknown parameters', async () => {
    for (const query of [
      'sort=avatarUrl:asc',
      'sort=skill',
      'sort=skill:up',
      'active=yes',
      'limit=101',
      'page=0',
      'status=active',
    ]) {
      const res = await admin.get(`/api/admin/bots?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});

describe('GET /api/admin/bots/summary', () => {
  it('counts all, active and busy (at least one session) bots', async () => {
    const res = await admin.get('/api/admin/bots/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 5, active: 3, busy: 2 });
  });

  it('follows the bots as they change', async () => {
    const extra = await insertBot(t.db, { active: false, currentSessions: 4, maxSessions: 5 });
    expect((await admin.get('/api/admin/bots/summary')).json()).toEqual({
      total: 6,
      active: 3,
      busy: 3,
    });
    await t.db.deleteFrom('bots').where('id', '=', extra.id).execute();
  });
});

describe('GET /api/admin/bots/:id', () => {
  it('answers one bot by its botId', async () => {
    const res = await admin.get('/api/admin/bots/bot_beta22');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: String(row(1).id),
      botId: 'bot_beta22',
      nickname: 'beta%bot',
      active: false,
      currentSessions: 2,
      maxSessions: 3,
      skill: 90,
    });
  });

  it('answers 404 for a botId no bot has', async () => {
    const nobody = ['bot_nobody', 'BOT_ALPHA1', String(row(0).id), 'bulk'];
    // Text no botId can be (too long, a NUL) names no bot either.
    for (const id of [...nobody, 'b'.repeat(65), 'bot%00alpha1', '%F0%9F%A4%96']) {
      const res = await admin.get(`/api/admin/bots/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Bot not found', code: 'not_found' });
    }
  });
});

describe('an id of new, blank or missing', () => {
  const cases = [
    ['GET', 'new', 'Invalid bot id: cannot fetch new'],
    ['PATCH', 'new', 'Invalid bot id: cannot update new'],
    ['DELETE', 'new', 'Invalid bot id: cannot delete new'],
    ['GET', '%20', 'Invalid bot id: cannot fetch'],
    ['PATCH', '%20%20', 'Invalid bot id: cannot update'],
    ['DELETE', '%20', 'Invalid bot id: cannot delete'],
    ['PATCH', '/', 'Invalid bot id: cannot update'],
    ['PATCH', '', 'Invalid bot id: cannot update'],
    ['DELETE', '', 'Invalid bot id: cannot delete'],
  ] as const;

  it('answers 400 invalid_id for fetch, update and delete, and changes nothing', async () => {
    for (const [method, id, message] of cases) {
      const res = await admin.call(method, `/api/admin/bots/${id}`, { active: false });
      expect(res.statusCode, `${method} ${id}`).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'invalid_id' });
    }
    // Even with a body that is not valid, the id is what gets refused.
    const res = await admin.patch('/api/admin/bots/new', { skill: 500 });
    expect(res.json().code).toBe('invalid_id');

    expect(await botCount(t)).toBe(5);
    expect((await list({ active: 'true' })).total).toBe(3);
    expect(await auditsOfKind(t, 'bot')).toEqual([]);
  });

  it('still needs an admin first', async () => {
    for (const [method, id] of cases) {
      const res = await t.app.inject({ method, url: `/api/admin/bots/${id}` });
      expect(res.statusCode, `${method} ${id}`).toBe(401);
    }
  });
});
