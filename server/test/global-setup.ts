import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/connect';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pg: pg.ClientConfig;
    templateDatabase: string;
  }
}

const TEMPLATE = 'app_template';

/** One real PostgreSQL for the whole run, in a temp dir; each test file clones a migrated template. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-api-test-'));
  fs.chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, database: TEMPLATE });
  const db = connect(server.connection, 1);
  await migrate(db);
  await db.destroy();

  project.provide('pg', { ...server.connection, database: 'postgres' });
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
