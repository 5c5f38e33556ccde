import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPEATED_OPPONENT_MIN_MATCHES,
  REPEATED_OPPONENT_WINDOW,
  WIN_RATE_MIN_MATCHES,
} from '../../../contract/withdrawal-signal-thresholds';
import { insertWithdrawal } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import { expectRiskAsSignals, insertMatches, playersLinked, signalOf } from '../../test/signals';

const HOUR = 3_600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR);
const monthOld = () => ({ createdAt: hoursAgo(30 * 24) });

describe('repeated_opponent', () => {
  let t: TestContext;
  let headers: ReturnType<typeof bearer>;
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.user({ admin: true });
    headers = bearer(await t.login(admin.username, admin.password));
  });
  afterAll(() => t.close());

  /** A player's withdrawal after `played` matches against one opponent, `won` of them won. */
  const against = async (played: number, won: number, recentOthers = 0) => {
    const [p, opponent] = [await t.user(monthOld()), await t.user(monthOld())];
    await insertMatches(t.db, {
      userId: p.id,
      opponentUserId: opponent.id,
      played,
      won,
      lastStartedAt: hoursAgo(10),
    });
    await insertMatches(t.db, {
      userId: p.id,
      played: recentOthers,
      won: 0,
      lastStartedAt: hoursAgo(2),
    });
    const w = await insertWithdrawal(t.db, { userId: p.user_id, createdAt: hoursAgo(1) });
    return { w, opponent, signal: await signalOf(t, headers, w.id, 'repeated_opponent') };
  };

  it('is high at 20 matches against one human, 80% won, naming and linking the opponent', async () => {
    const { w, opponent, signal } = await against(REPEATED_OPPONENT_MIN_MATCHES, 16);
    expect(signal).toEqual({
      code: 'repeated_opponent',
      level: 'high',
      title: `Repeated opponent: ${opponent.username}`,
      detail: `Won 16 of 20 matches against ${opponent.username} in their last 200 matches.`,
      evidence: { resource: 'users', filter: { ids: [opponent.user_id] } },
    });
    expect(await playersLinked(t, headers, signal)).toEqual([opponent.user_id]);
    await expectRiskAsSignals(t, headers, w.id);
  });

  it('says nothing at 19 matches, or at 75% won', async () => {
    expect((await against(REPEATED_OPPONENT_MIN_MATCHES - 1, 19)).signal).toBeUndefined();
    expect((await against(REPEATED_OPPONENT_MIN_MATCHES, 15)).signal).toBeUndefined();
  });

  it('looks at the last 200 matches before the withdrawal only', async () => {
    const inside = REPEATED_OPPONENT_WINDOW - REPEATED_OPPONENT_MIN_MATCHES;
    expect((await against(20, 20, inside)).signal?.level).toBe('high');
    expect((await against(20, 20, inside + 1)).signal).toBeUndefined();

    const [p, opponent] = [await t.user(monthOld()), await t.user(monthOld())];
    const w = await insertWithdrawal(t.db, { userId: p.user_id, createdAt: hoursAgo(20) });
    // Played after it was asked: not what the withdrawal was judged on.
    await insertMatches(t.db, {
      userId: p.id,
      opponentUserId: opponent.id,
      played: 30,
      won: 30,
      lastStartedAt: hoursAgo(1),
    });
    expect(await signalOf(t, headers, w.id, 'repeated_opponent')).toBeUndefined();
  });
});

describe('win_rate', () => {
  let t: TestContext;
  let headers: ReturnType<typeof bearer>;
  const players: Record<'exactly30' | 'under30' | 'tooFew', number> = {
    exactly30: 0,
    under30: 0,
    tooFew: 0,
  };
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.user({ admin: true });
    headers = bearer(await t.login(admin.username, admin.password));
    // The whole population: 1000 matches, 500 won (50%), the three players' own included.
    const rest = await t.user(monthOld());
    await insertMatches(t.db, {
      userId: rest.id,
      played: 911,
      won: 424,
      lastStartedAt: hoursAgo(5),
    });
    for (const [name, played, won] of [
      ['exactly30', WIN_RATE_MIN_MATCHES, 24], // 80%: 30 points above
      ['under30', WIN_RATE_MIN_MATCHES, 23], // 76.7%
      ['tooFew', WIN_RATE_MIN_MATCHES - 1, 29], // 100%, of 29
    ] as const) {
      const p = await t.user(monthOld());
      await insertMatches(t.db, { userId: p.id, played, won, lastStartedAt: hoursAgo(5) });
      const w = await insertWithdrawal(t.db, { userId: p.user_id, createdAt: hoursAgo(1) });
      players[name] = w.id;
    }
  });
  afterAll(() => t.close());

  it('warns 30 points above the population, over at least 30 matches', async () => {
    expect(await signalOf(t, headers, players.exactly30, 'win_rate')).toMatchObject({
      level: 'warning',
      title: 'High win rate',
      detail: 'Won 80% of their last 30 matches; all players win 50%.',
      evidence: { resource: 'users' },
    });
    await expectRiskAsSignals(t, headers, players.exactly30);
  });

  it('says nothing below 30 points, or under 30 matches', async () => {
    expect(await signalOf(t, headers, players.under30, 'win_rate')).toBeUndefined();
    expect(await signalOf(t, headers, players.tooFew, 'win_rate')).toBeUndefined();
  });
});
