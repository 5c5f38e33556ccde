import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { withDatabase } from './support';

const DAY = 24 * 3_600_000;

/**
 * A player `<name>-<tag>`, `ageDays` old, with one pending withdrawal of each of `points`, each to
 * a destination of its own (`<tag>-<i>@payout.example`): found by its tag, so tests running in
 * parallel (and the demo data) never get in each other's way.
 */
export const playerWithWithdrawals = (
  tag: string,
  points: number[],
  { name = 'payee', balance = 1000, ageDays = 0 } = {},
) =>
  withDatabase(async (db) => {
    const user = await createUser(db, {
      username: `${name}-${tag}`,
      email: `${name}-${tag}@example.com`,
      balance,
      createdAt: new Date(Date.now() - ageDays * DAY),
    });
    const ids: string[] = [];
    for (const [i, pointsSpent] of points.entries()) {
      const row = await insertWithdrawal(db, {
        userId: user.user_id,
        pointsSpent,
        destination: `${tag}-${i}@payout.example`,
      });
      ids.push(String(row.id));
    }
    return { userId: user.user_id, ids };
  });
