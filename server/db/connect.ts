import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { keepPlans } from './kept-plans';
import type { DB } from './schema';

// int8 (counts, bigint ids, points) as numbers: every value we store fits in 2^53.
// Ids stay strings in JSON because we convert them explicitly where they leave the server.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// date (a deck's day) as its 'YYYY-MM-DD' text: a Date would shift it by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = Kysely<DB>;

// Kept on the handle under a registry symbol, so another copy of this module (a test's copy of
// the repository) finds it too.
const CONNECTION = Symbol.for('rewards.db.connection');

/** How `db` connects: for a connection of its own beside the pool (LISTEN). */
export function connectionOf(db: Database): pg.ClientConfig {
  const config = (db as unknown as Record<symbol, pg.ClientConfig | undefined>)[CONNECTION];
  if (!config) throw new Error('This database handle was not opened by connect()');
  return config;
}

export function connect(connection: string | pg.PoolConfig, max = 10): Database {
  const config: pg.PoolConfig =
    typeof connection === 'string' ? { connectionString: connection } : { ...connection };
  const pool = new pg.Pool({ max, ...config });
  keepPlans(pool);
  // An idle client losing its connection (database restarted) must not crash the server.
  pool.on('error', (error) => {
    process.stderr.write(`Database connection lost: ${error.message}\n`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  Object.defineProperty(db, CONNECTION, { value: config });
  return db;
}
