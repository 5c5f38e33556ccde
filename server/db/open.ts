import { sql } from 'kysely';
import type { AppConfig } from '../config';
import { connect, type Database } from './connect';
import { startEmbeddedPostgres } from './embedded';
import { lockDataDir } from './lock';

export interface OpenDatabase {
  db: Database;
  /** Where the data lives, for the start-up banner (never includes a password). */
  location: string;
  close(): Promise<void>;
}

export const APP_DATABASE = 'rewards';

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL in DATA_DIR, locked to this process. */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const db = connect(config.databaseUrl);
    const location = describeUrl(config.databaseUrl);
    try {
      await sql`SELECT 1`.execute(db);
    } catch (error) {
      await db.destroy();
      throw new Error(`Cannot connect to the database at ${location}: ${(error as Error).message}`);
    }
    return { db, location, close: () => db.destroy() };
  }

  const release = lockDataDir(config.dataDir);
  try {
    const pg = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      database: APP_DATABASE,
      log,
    });
    const db = connect(pg.connection);
    return {
      db,
      location: `embedded PostgreSQL in ${config.dataDir} (log: ${pg.logFile})`,
      async close() {
        await db.destroy();
        await pg.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
