import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../../contract/bots';
import { createRecord } from '../../crud/mutations';
import { botCount, botRow } from '../../test/bots';
import { lockWaiters, type SignedIn, signedIn } from '../../test/client';
import { auditsOf, auditsOfKind } from '../../test/crud';
import { insertBot, insertMatch } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';
import { bots } from './resource';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const DUPLICATE = {
  error: 'Nickname already exists',
  code: 'duplicate',
  fields: { nickname: 'Nickname already exists' },
};

const botAuditsOf = (botId: string) => auditsOf(t, 'bot', botId);

/** Bad bodies for create and patch alike, with the field each must name. */
const INVALID: [object, string][] = [
  [{ nickname: '   ' }, 'nickname'],
  [{ nickname: 'x'.repeat(65) }, 'nickname'],
  [{ maxSessions: 0 }, 'maxSessions'],
  [{ skill: 0 }, 'skill'],
  [{ skill: 101 }, 'skill'],
  [{ skill: 50.5 }, 'skill'],
  [{ skill: '50' }, 'skill'],
  [{ active: 'yes' }, 'active'],
  [{ allowedOffers: ['solitaire', ''] }, 'allowedOffers.1'],
  [{ allowedOffers: 'solitaire' }, 'allowedOffers'],
  [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
  [{ botId: 'bot_mine' }, 'botId'],
  [{ currentSessions: 3 }, 'currentSessions'],
];

/**
 * Sends `request` while another transaction holds `nickname` uncommitted: the API's check cannot
 * see it, so its write waits on the unique index and then meets the violation.
 */
async function raceForNickname(nickname: string, request: () => Promise<{ statusCode: number }>) {
  let pending: Promise<{ statusCode: number; json(): unknown }> | undefined;
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bots')
      .values({ bot_id: `bot_race_${nickname}`, nickname })
      .execute();
    pending = request() as typeof pending;
    await lockWaiters(t, 1);
  });
  return pending as NonNullable<typeof pending>;
}

describe('POST /api/admin/bots', () => {
  it('creates a bot with the defaults and answers 201 with it and its new botId', async () => {
    const res = await admin.post('/api/admin/bots', { nickname: 'Rookie' });
    expect(res.statusCode, res.body).toBe(201);
    const bot = res.json() as Bot;
    expect(bot).toEqual({
      _id: expect.any(String),
      botId: expect.stringMatching(/^bot_[a-z0-9]{10}$/),
      nickname: 'Rookie',
      avatarUrl: null,
      active: true,
      currentSessions: 0,
      maxSessions: 1,
      skill: 50,
      allowedOffers: [],
      lastUsedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await botRow(t, bot.botId);
    expect(row).toMatchObject({
      id: Number(bot._id),
      nickname: 'Rookie',
      active: true,
      max_sessions: 1,
      skill: 50,
      allowed_offers: [],
    });
    expect((await admin.get(`/api/admin/bots/${bot.botId}`)).json()).toEqual(bot);

    const audits = await botAuditsOf(bot.botId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'bot.create',
      entity: 'bot',
      actor: admin.user.username,
      actor_id: admin.user.id,
      before: null,
      after: bot,
    });
  });

  it('trims the nickname, avatar URL and each offer; keeps what is given', async () => {
    const res = await admin.post('/api/admin/bots', {
      nickname: '  Trimmed Tom  ',
      avatarUrl: '  https://img.example/tom.png ',
      active: false,
      maxSessions: 4,
      skill: 100,
      allowedOffers: [' solitaire ', 'bingo'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await botRow(t, res.json().botId);
    expect(row).toMatchObject({
      nickname: 'Trimmed Tom',
      avatar_url: 'https://img.example/tom.png',
      active: false,
      max_sessions: 4,
      skill: 100,
      allowed_offers: ['solitaire', 'bingo'],
    });

    const blank = await admin.post('/api/admin/bots', { nickname: 'No Face', avatarUrl: '  ' });
    expect(blank.json().avatarUrl).toBeNull();
  });

  it('gives every bot its own botId', async () => {
    const created = await Promise.all(
      ['One', 'Two', 'Three'].map((nickname) => admin.post('/api/admin/bots', { nickname })),
    );
    const ids = created.map((res) => res.json().botId);
    expect(new Set(ids).size).toBe(3);
  });

  it('draws another botId when the first one drawn is taken', async () => {
    const taken = await insertBot(t.db, { botId: 'bot_taken00001' });
    const drawn = [taken.bot_id, 'bot_fresh00001'];
    const actor = { id: admin.user.id, username: admin.user.username, ip: null };
    const drawing = { ...bots, key: { ...bots.key, generate: () => drawn.shift() ?? 'bot_other' } };
    const created = await createRecord(t.db, actor, drawing, {
      nickname: 'Lucky',
      avatarUrl: null,
      active: true,
      maxSessions: 1,
      skill: 50,
      allowedOffers: [],
    });
    expect(created.botId).toBe('bot_fresh00001');
    expect((await botRow(t, taken.bot_id))?.nickname).toBe(taken.nickname);
    expect(await botAuditsOf('bot_fresh00001')).toHaveLength(1);
    expect(await botAuditsOf(taken.bot_id)).toHaveLength(0);
  });

  it('answers 409 for a nickname another bot has, in any case', async () => {
    await admin.post('/api/admin/bots', { nickname: 'Dupe Dan' });
    const before = await botCount(t);
    const audits = (await auditsOfKind(t, 'bot')).length;
    for (const nickname of ['Dupe Dan', 'dUPE dAN', '  DUPE DAN ']) {
      const res = await admin.post('/api/admin/bots', { nickname });
      expect(res.statusCode, nickname).toBe(409);
      expect(res.json()).toEqual(DUPLICATE);
    }
    expect(await botCount(t)).toBe(before);
    expect(await auditsOfKind(t, 'bot')).toHaveLength(audits);
  });

  it('answers 409 when the nickname is taken between its check and its write', async () => {
    const res = await raceForNickname('Racer', () =>
      admin.post('/api/admin/bots', { nickname: 'RACER' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(DUPLICATE);
    const racers = await t.db
      .selectFrom('bots')
      .select('bot_id')
      .where('nickname', 'ilike', 'racer')
      .execute();
    expect(racers).toEqual([{ bot_id: 'bot_race_Racer' }]);
  });

  it('rejects bad values and unknown fields with 400 naming the field, creating nothing', async () => {
    const before = await botCount(t);
    const audits = (await auditsOfKind(t, 'bot')).length;
    for (const [body, field] of INVALID) {
      const res = await admin.post('/api/admin/bots', { nickname: 'Valid Name', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toContain(field);
    }
    const missing = await admin.post('/api/admin/bots', { skill: 10 });
    expect(missing.json().fields).toHaveProperty('nickname');
    expect(await botCount(t)).toBe(before);
    expect(await auditsOfKind(t, 'bot')).toHaveLength(audits);
  });
});

describe('PATCH /api/admin/bots/:id', () => {
  it('writes the given fields, trimmed, answers the bot and audits only what changed', async () => {
    const bot = await insertBot(t.db, { nickname: 'Patchy', skill: 40, createdAt: new Date(0) });
    const res = await admin.patch(`/api/admin/bots/${bot.bot_id}`, {
      nickname: '  Patchy Two ',
      skill: 40,
      maxSessions: 3,
      allowedOffers: [' bingo '],
      avatarUrl: 'https://img.example/p.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      botId: bot.bot_id,
      nickname: 'Patchy Two',
      skill: 40,
      maxSessions: 3,
      allowedOffers: ['bingo'],
      avatarUrl: 'https://img.example/p.png',
      active: true,
    });
    const row = await botRow(t, bot.bot_id);
    expect(row).toMatchObject({
      nickname: 'Patchy Two',
      max_sessions: 3,
      allowed_offers: ['bingo'],
    });
    expect(row?.updated_at.getTime()).toBeGreaterThan(bot.updated_at.getTime());
    expect(res.json().updatedAt).toBe(row?.updated_at.toISOString());

    const audits = await botAuditsOf(bot.bot_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'bot.update',
      actor: admin.user.username,
      before: {
        nickname: 'Patchy',
        maxSessions: 1,
        allowedOffers: [],
        avatarUrl: null,
      },
      after: {
        nickname: 'Patchy Two',
        maxSessions: 3,
        allowedOffers: ['bingo'],
        avatarUrl: 'https://img.example/p.png',
      },
    });
    expect(Object.keys(audits[0]?.after as object).sort()).toEqual([
      'allowedOffers',
      'avatarUrl',
      'maxSessions',
      'nickname',
    ]);

    const cleared = await admin.patch(`/api/admin/bots/${bot.bot_id}`, { avatarUrl: '' });
    expect(cleared.json().avatarUrl).toBeNull();
    expect((await botRow(t, bot.bot_id))?.avatar_url).toBeNull();
  });

  it('treats an empty body, or the current values, as a no-op: no write, no audit', async () => {
    const bot = await insertBot(t.db, { allowedOffers: ['a', 'b'], createdAt: new Date(0) });
    for (const body of [{}, { nickname: bot.nickname, allowedOffers: ['a', 'b'], active: true }]) {
      const res = await admin.patch(`/api/admin/bots/${bot.bot_id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().updatedAt).toBe(bot.updated_at.toISOString());
    }
    expect((await botRow(t, bot.bot_id))?.updated_at).toEqual(bot.updated_at);
    expect(await botAuditsOf(bot.bot_id)).toEqual([]);
  });

  it('answers 409 for another bot’s nickname in any case, and lets a bot recase its own', async () => {
    const holder = await insertBot(t.db, { nickname: 'Holder' });
    const bot = await insertBot(t.db, { nickname: 'Seeker' });
    const url = `/api/admin/bots/${bot.bot_id}`;
    const res = await admin.patch(url, { nickname: 'hOLDER', skill: 99 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(DUPLICATE);
    expect(await botRow(t, bot.bot_id)).toMatchObject({ nickname: 'Seeker', skill: 50 });
    expect((await botRow(t, holder.bot_id))?.nickname).toBe('Holder');
    expect(await botAuditsOf(bot.bot_id)).toEqual([]);

    const own = await admin.patch(url, { nickname: 'SEEKER' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await botRow(t, bot.bot_id))?.nickname).toBe('SEEKER');
    expect((await botAuditsOf(bot.bot_id)).map((r) => [r.before, r.after])).toEqual([
      [{ nickname: 'Seeker' }, { nickname: 'SEEKER' }],
    ]);
  });

  it('answers 409 when the nickname is taken between its check and its write', async () => {
    const bot = await insertBot(t.db, { nickname: 'Slowpoke' });
    const res = await raceForNickname('Sprinter', () =>
      admin.patch(`/api/admin/bots/${bot.bot_id}`, { nickname: 'sprinter' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(DUPLICATE);
    expect((await botRow(t, bot.bot_id))?.nickname).toBe('Slowpoke');
    expect(await botAuditsOf(bot.bot_id)).toEqual([]);
  });

  it('honours If-Match: 409 stale when the bot changed since, saved when it did not', async () => {
    const bot = await insertBot(t.db, { createdAt: new Date(0) });
    const url = `/api/admin/bots/${bot.bot_id}`;
    const loaded = bot.updated_at.toISOString();
    const edit = (skill: number, version: string) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: { authorization: `Bearer ${admin.token}`, 'if-match': version },
        payload: { skill },
      });

    const first = await edit(60, `"${loaded}"`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().skill).toBe(60);

    const stale = await edit(70, loaded);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'This bot was changed by someone else. Reload to see the latest values.',
      code: 'stale',
    });
    expect((await botRow(t, bot.bot_id))?.skill).toBe(60);

    const fresh = await edit(70, first.json().updatedAt);
    expect(fresh.statusCode).toBe(200);
    expect((await botRow(t, bot.bot_id))?.skill).toBe(70);
    expect((await botAuditsOf(bot.bot_id)).map((r) => r.after)).toEqual([
      { skill: 60 },
      { skill: 70 },
    ]);
  });

  it('rejects bad values and unknown fields with 400 naming the field, changing nothing', async () => {
    const bot = await insertBot(t.db, { createdAt: new Date(0) });
    for (const [body, field] of INVALID) {
      const res = await admin.patch(`/api/admin/bots/${bot.bot_id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toContain(field);
    }
    expect(await botRow(t, bot.bot_id)).toEqual(bot);
    expect(await botAuditsOf(bot.bot_id)).toEqual([]);
  });

  it('answers 404 for an unknown bot', async () => {
    const res = await admin.patch('/api/admin/bots/bot_nobody', { skill: 10 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Bot not found', code: 'not_found' });
    expect(await botAuditsOf('bot_nobody')).toEqual([]);
  });
});

describe('DELETE /api/admin/bots/:id', () => {
  it('deletes the bot, audits what it was, then answers 404', async () => {
    const created = (await admin.post('/api/admin/bots', { nickname: 'Doomed', skill: 77 })).json();
    const res = await admin.delete(`/api/admin/bots/${created.botId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await botRow(t, created.botId)).toBeUndefined();
    expect((await admin.get(`/api/admin/bots/${created.botId}`)).statusCode).toBe(404);

    const audits = await botAuditsOf(created.botId);
    expect(audits.map((r) => r.action)).toEqual(['bot.create', 'bot.delete']);
    expect(audits[1]).toMatchObject({ actor: admin.user.username, before: created, after: null });

    const again = await admin.delete(`/api/admin/bots/${created.botId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Bot not found', code: 'not_found' });
    expect(await botAuditsOf(created.botId)).toHaveLength(2);

    // The nickname is free again.
    expect((await admin.post('/api/admin/bots', { nickname: 'doomed' })).statusCode).toBe(201);
  });

  it('deletes a bot that played matches; the matches keep its botId', async () => {
    const bot = await insertBot(t.db);
    const player = await t.user();
    const match = await insertMatch(t.db, { userId: player.id, opponentBotId: bot.bot_id });
    const res = await admin.delete(`/api/admin/bots/${bot.bot_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await botRow(t, bot.bot_id)).toBeUndefined();
    const kept = await t.db
      .selectFrom('matches')
      .selectAll()
      .where('id', '=', match.id)
      .executeTakeFirst();
    expect(kept).toEqual(match);
  });
});
