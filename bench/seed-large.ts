// Fills a bench database: `node --import tsx bench/seed-large.ts DATA_DIR SCALE`.
// SCALE 1 = 1M users, 10M matches, 500k withdrawals (the design's budget size).
import { sql } from 'kysely';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { createUser } from '../server/modules/users/create';
import { seedLarge } from '../server/seed/large';

const [dataDir = '.bench-data', scaleArg = '1'] = process.argv.slice(2);
const scale = Number(scaleArg);
const database = await openDatabase({ dataDir, databaseUrl: undefined }, console.log);
try {
  await migrate(database.db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(
    database.db,
  );
  if ((rows[0]?.n ?? 0) > 0) {
    console.log(`${dataDir} already holds data; nothing to do.`);
  } else {
    await seedLarge(
      database.db,
      {
        users: Math.round(1_000_000 * scale),
        matches: Math.round(10_000_000 * scale),
        withdrawals: Math.round(500_000 * scale),
      },
      console.log,
    );
    await createUser(database.db, {
      username: 'bench',
      email: 'bench@example.com',
      password: 'bench-password',
      admin: true,
    });
  }
} finally {
  await database.close();
}
