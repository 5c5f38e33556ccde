import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { BulkDecisionResponse, Decision } from '../contract/withdrawals';
import { connect, type Database } from './db/connect';
import { runningConnection } from './db/embedded';
import { APP_DATABASE } from './db/open';
import {
  call,
  cleanUp,
  freePort,
  READY,
  type Run,
  startServer,
  tempDir,
  tokenFor,
} from './test/process';

// kill -9 of the server (and, in a second run, of its embedded database too) while an admin's
// client streams withdrawal decisions. The server runs as `npm start` runs it (server/main.ts,
// without the console build check), on the demo data set's pending withdrawals.

afterAll(cleanUp);

const PASSWORD = 'crash-test-admin-pass';
const STATUS_OF = { approve: 'approved', reject: 'rejected' } as const;
const IN_FLIGHT = 4;
const ACKS_BEFORE_KILL = 25;

interface Pending {
  id: number;
  userId: string;
  pointsSpent: number;
}

interface Snapshot {
  pending: Pending[];
  balances: Record<string, number>;
}

async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const db = connect(runningConnection(dataDir, APP_DATABASE), 2);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function snapshot(db: Database): Promise<Snapshot> {
  // A disabled player's withdrawal cannot be approved (409): only the others are streamed.
  const pending = await db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.user_id', 'withdrawals.user_id')
    .select(['withdrawals.id', 'withdrawals.user_id as userId', 'points_spent as pointsSpent'])
    .where('withdrawals.status', '=', 'pending')
    .where('users.status', '!=', 'disabled')
    .orderBy('withdrawals.id')
    .execute();
  const users = await db.selectFrom('users').select(['user_id', 'balance']).execute();
  return { pending, balances: Object.fromEntries(users.map((u) => [u.user_id, u.balance])) };
}

/**
 * What a crash must never break, whatever got decided: each withdrawal pending before is
 * decided at most once (one audit row, naming its decision), every rejected one refunded its
 * points exactly once, and no other balance moved.
 */
async function expectConsistent(db: Database, before: Snapshot): Promise<Map<number, string>> {
  const ids = before.pending.map((w) => w.id);
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .execute();
  const statusOf = new Map(rows.map((row) => [row.id, row.status]));
  const audits = await db
    .selectFrom('audit_log')
    .select(['entity_id', 'action'])
    .where('entity', '=', 'withdrawal')
    .where('entity_id', 'in', ids.map(String))
    .execute();

  const expected = { ...before.balances };
  for (const w of before.pending) {
    const status = statusOf.get(w.id);
    const actions = audits.filter((a) => a.entity_id === String(w.id)).map((a) => a.action);
    if (status === 'pending') expect(actions, `withdrawal ${w.id}`).toEqual([]);
    else expect(actions, `withdrawal ${w.id}`).toEqual([`withdrawal.${actionOf(status)}`]);
    if (status === 'rejected') expected[w.userId] = (expected[w.userId] ?? 0) + w.pointsSpent;
  }
  expect((await snapshot(db)).balances).toEqual(expected);
  return statusOf;
}

const actionOf = (status: string | undefined): Decision =>
  status === 'rejected' ? 'reject' : 'approve';

/** The decision the client sends for a withdrawal: a mix of both. */
const decisionFor = (id: number): Decision => (id % 3 === 0 ? 'reject' : 'approve');

const decide = (port: number, token: string, id: number) =>
  call<{ error?: string }>(port, 'PATCH', `/api/admin/withdrawals/${id}/decision`, {
    token,
    body: { action: decisionFor(id), adminNote: 'streamed' },
  });

/**
 * Sends one decision per id, `IN_FLIGHT` at a time, until the ids run out or the server stops
 * answering. Answers the ids acknowledged with 200 and any other status seen.
 */
async function stream(
  port: number,
  token: string,
  ids: number[],
  onAck: (acked: number[]) => void = () => {},
) {
  const queue = [...ids];
  const acked: number[] = [];
  const refused: { id: number; status: number; error: string | undefined }[] = [];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      let res: Awaited<ReturnType<typeof decide>>;
      try {
        res = await decide(port, token, id);
      } catch {
        return; // the server is gone: this decision got no answer
      }
      if (res.status === 200) {
        acked.push(id);
        onAck(acked);
      } else refused.push({ id, status: res.status, error: res.body.error });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { acked, refused };
}

/**
 * Locks one withdrawal in a transaction of our own: a request that needs the row waits inside
 * its transaction until `release`.
 */
async function holdRow(dataDir: string, id: number) {
  const client = new pg.Client(runningConnection(dataDir, APP_DATABASE));
  client.on('error', () => {}); // the connection dies with a killed database
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
  return {
    /** Resolves once a session waits for a lock. */
    async waiter(): Promise<void> {
      for (let i = 0; i < 500; i++) {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE NOT l.granted AND a.datname = current_database()`,
        );
        if ((rows[0]?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('nothing waited on the held row within 5 s');
    },
    async release(): Promise<void> {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function started(run: Run): Promise<Run> {
  await run.waitFor(READY);
  return run;
}

interface Crash {
  killed: string;
  /** What becomes of the database: left running without its server, or killed as well. */
  database: 'orphaned' | 'crashed';
}

const CRASHES: Crash[] = [
  { killed: 'the server', database: 'orphaned' },
  { killed: 'the server and its database', database: 'crashed' },
];

describe('kill -9 while decisions stream in', () => {
  it.for(CRASHES)(
    'of $killed: keeps every acknowledged decision, refunds each rejection once, and comes back by itself',
    { timeout: 60_000 },
    async ({ database }) => {
      const dataDir = tempDir();
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD };
      const first = await started(startServer(env));
      const token = await tokenFor(port, 'admin', PASSWORD);
      const before = await withDatabase(dataDir, snapshot);
      expect(before.pending.length).toBeGreaterThan(60);
      const bulkIds = before.pending.slice(0, 20).map((w) => w.id);
      const singleIds = before.pending.slice(20).map((w) => w.id);
      expect(singleIds.map(decisionFor)).toContain('reject');

      // A bulk reject held inside its transaction by a row lock of ours, so that it is surely
      // in flight when the server dies.
      const held = await holdRow(dataDir, bulkIds.at(-1) ?? 0);
      const bulkBody = {
        ids: bulkIds.map(String),
        action: 'reject',
        adminNote: 'bulk at the crash',
      };
      const bulk = () =>
        call<BulkDecisionResponse>(port, 'PATCH', '/api/admin/withdrawals/bulk', {
          token,
          body: bulkBody,
        });
      const bulkOutcome = bulk().then(
        () => 'answered',
        () => 'no answer',
      );
      await held.waiter();

      const postmaster = postmasterPid(dataDir);
      const crashed = await stream(port, token, singleIds, (acked) => {
        if (acked.length !== ACKS_BEFORE_KILL) return;
        first.proc.kill('SIGKILL');
        if (database === 'crashed') process.kill(postmaster, 'SIGKILL');
      });
      await first.exit;
      expect(crashed.refused).toEqual([]);
      expect(crashed.acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      expect(crashed.acked.length).toBeLessThan(singleIds.length);
      expect(await bulkOutcome).toBe('no answer');
      if (database === 'orphaned') {
        // The bulk's transaction goes on in the orphaned database once the row is free, and
        // must still not commit: its client is gone.
        await held.release();
      }

      // Started again exactly as before: an orphaned database is stopped first; a crashed one
      // recovers from its write-ahead log.
      const second = await started(startServer(env));
      if (database === 'orphaned') {
        expect(second.output()).toMatch(/Stopping PostgreSQL \(pid \d+\) left running/);
      } else {
        expect(fs.readFileSync(path.join(dataDir, 'postgres.log'), 'utf8')).toMatch(
          /not properly shut down; automatic recovery in progress/,
        );
      }
      await withDatabase(dataDir, async (db) => {
        const statusOf = await expectConsistent(db, before);
        for (const id of crashed.acked) {
          expect(statusOf.get(id), `acknowledged ${id}`).toBe(STATUS_OF[decisionFor(id)]);
        }
        // All or nothing, and it never got its COMMIT: nothing.
        for (const id of bulkIds) expect(statusOf.get(id), `bulk ${id}`).toBe('pending');
      });

      // The client sends again what got no answer, with the same session: each is decided now,
      // or answers that it already was, with the decision that committed before the kill.
      const unanswered = singleIds.filter((id) => !crashed.acked.includes(id));
      const resumed = await stream(port, token, unanswered);
      for (const { id, status, error } of resumed.refused) {
        expect(status, `resent ${id}`).toBe(409);
        expect(error).toBe(`already ${STATUS_OF[decisionFor(id)]}`);
      }
      expect(resumed.acked.length + resumed.refused.length).toBe(unanswered.length);
      expect((await bulk()).body).toEqual({
        ok: true,
        updated: bulkIds.length,
        awaitingSecondApproval: 0,
        skipped: [],
      });

      await withDatabase(dataDir, async (db) => {
        const statusOf = await expectConsistent(db, before);
        for (const id of singleIds) expect(statusOf.get(id)).toBe(STATUS_OF[decisionFor(id)]);
        for (const id of bulkIds) expect(statusOf.get(id)).toBe('rejected');
      });

      second.proc.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    },
  );
});
