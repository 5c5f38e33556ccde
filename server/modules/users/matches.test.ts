import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '../../../contract/users';
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

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function matchesOf(userId: string, query = '') {
  const res = await admin.get(`/api/admin/users/${userId}/matches?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Match[]; total: number; page: number; limit: number };
}

describe('GET /api/admin/users/:id/matches', () => {
  it('pages newest first, 10 by default, page 2 continuing page 1', async () => {
    const player = await t.user();
    const bot = await insertBot(t.db);
    const ids: string[] = [];
    const base = Date.now();
    for (let i = 0; i < 23; i++) {
      // Two matches share each start time: the id breaks the tie, newest first.
      const row = await insertMatch(t.db, {
        userId: player.id,
        opponentBotId: bot.bot_id,
        startedAt: new Date(base - (100 - Math.floor(i / 2)) * 60_000),
      });
      ids.unshift(String(row.id));
    }
    const first = await matchesOf(player.user_id);
    expect(first).toMatchObject({ total: 23, page: 1, limit: 10 });
    const second = await matchesOf(player.user_id, 'page=2');
    const third = await matchesOf(player.user_id, 'page=3&limit=10');
    expect(third.items).toHaveLength(3);
    expect([...first.items, ...second.items, ...third.items].map((m) => m._id)).toEqual(ids);
    expect((await matchesOf(player.user_id, 'limit=5&page=5')).items).toHaveLength(3);
  });

  it('filters by outcome, with the total of the filtered set', async () => {
    const player = await t.user();
    const scores: [number, number][] = [
      [5, 1],
      [2, 2],
      [0, 3],
      [7, 6],
      [1, 9],
      [4, 4],
      [8, 0],
    ];
    for (const [userScore, opponentScore] of scores) {
      await insertMatch(t.db, { userId: player.id, userScore, opponentScore });
    }
    const count = async (outcome: string) => {
      const res = await matchesOf(player.user_id, `outcome=${outcome}`);
      expect(res.items.every((m) => outcome === '' || m.outcome === outcome)).toBe(true);
      return res.total;
    };
    expect(await count('win')).toBe(3);
    expect(await count('loss')).toBe(2);
    expect(await count('draw')).toBe(2);
    expect(await count('')).toBe(7);
    const bad = await admin.get(`/api/admin/users/${player.user_id}/matches?outcome=tie`);
    expect(bad.statusCode).toBe(400);
  });

  it('names the opponent: a user by username and userId, a bot by nickname and botId', async () => {
    const player = await t.user();
    const rival = await t.user();
    const bot = await insertBot(t.db, { nickname: 'Maverick' });
    const started = minutesAgo(30);
    const versusUser = await insertMatch(t.db, {
      userId: player.id,
      opponentUserId: rival.id,
      matchId: 'm_vs_user',
      gameName: '8 Ball',
      price: '2.50',
      rewardAmount: 120,
      rewardType: 'xp',
      userScore: 3,
      opponentScore: 7,
      startedAt: started,
      endedAt: null,
    });
    await insertMatch(t.db, {
      userId: player.id,
      opponentBotId: bot.bot_id,
      startedAt: minutesAgo(40),
    });
    await insertMatch(t.db, { userId: player.id, startedAt: minutesAgo(50) });

    const { items } = await matchesOf(player.user_id);
    expect(items[0]).toEqual({
      _id: String(versusUser.id),
      matchId: 'm_vs_user',
      gameName: '8 Ball',
      price: 2.5,
      rewardAmount: 120,
      rewardType: 'xp',
      userScore: 3,
      opponentScore: 7,
      outcome: 'loss',
      opponent: { username: rival.username },
      opponentUserId: rival.user_id,
      startedAt: started.toISOString(),
      endedAt: null,
    });
    expect(items[1]).toMatchObject({
      opponent: { username: 'Maverick' },
      opponentUserId: bot.bot_id,
      endedAt: expect.stringMatching(/Z$/),
    });
    expect(items[2]).toMatchObject({ opponent: null, opponentUserId: null });
  });

  it('answers an empty page for a user without matches, 404 for an unknown user', async () => {
    const user = await t.user();
    expect(await matchesOf(user.user_id)).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    const res = await admin.get('/api/admin/users/u_nobody/matches');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'not_found' });
  });

  it('rejects a limit over 100 and unknown parameters', async () => {
    const user = await t.user();
    for (const query of ['limit=101', 'page=-1', 'sort=startedAt:asc']) {
      const res = await admin.get(`/api/admin/users/${user.user_id}/matches?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
