import { PERMISSION_CATALOGUE } from '../../../contract/permissions';
import type { Match, User } from '../../../contract/users';
import { reply } from '../../test/fakeFetch';
import { apiCalls, type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';

/** Test helpers of the users screens (not shipped: only tests import this file). */

export const makeUser = (overrides: Partial<User> = {}): User => {
  const userId = overrides.userId ?? 'USR-1';
  return {
    _id: `id-${userId}`,
    userId,
    username: 'ann',
    email: 'ann@example.com',
    status: 'active',
    balance: 1250,
    xp: 340,
    referredBy: null,
    referralCode: 'ANN123',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-05T12:30:00.000Z',
    adminRole: { enabled: false, roles: [], permissions: [] },
    twoStep: false,
    ...overrides,
  };
};

export const makeMatch = (overrides: Partial<Match> = {}): Match => ({
  _id: `m-${overrides.matchId ?? 'MATCH-1'}`,
  matchId: 'MATCH-1',
  gameName: 'Solitaire',
  price: 1.5,
  rewardAmount: 50,
  rewardType: 'points',
  userScore: 3,
  opponentScore: 1,
  outcome: 'win',
  opponent: { username: 'bob' },
  opponentUserId: 'USR-2',
  startedAt: '2026-01-03T09:00:00.000Z',
  endedAt: '2026-01-03T09:05:00.000Z',
  ...overrides,
});

export const detailOf = (
  user: User,
  stats = { matchesCount: 12, wins: 7, losses: 4, draws: 1 },
  secondApprovalFromPoints: number | null = null,
) => reply(200, { user, stats, adminRole: user.adminRole, secondApprovalFromPoints });

/** The real admin (see renderAdmin) with only the users resource, at the last of `entries`. */
/** The users' screens, their permissions card answered the catalogue (unless a test says). */
export const renderUsers = (entries: string[], routes: RenderAdminOptions['routes']) =>
  renderAdmin({
    entries,
    routes: { 'GET /api/admin/permissions': reply(200, PERMISSION_CATALOGUE), ...routes },
  });

export { gated, listOf } from '../../test/fakeFetch';
export { apiCalls };
