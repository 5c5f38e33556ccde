import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../contract/withdrawals';
import { writeSetting } from '../../settings/store';
import { type SignedIn, signedIn } from '../../test/client';
import { insertWithdrawal, type WithdrawalRow } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';
import { inOrder, matching } from './queries';

// The list and the export: 'awaiting second approval' and the age of each withdrawal.

let t: TestContext;
let ann: SignedIn;
let ben: SignedIn;
/** Pending with the first of two approvals, oldest first. */
let awaiting: WithdrawalRow[];
let all: WithdrawalRow[];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestContext();
  ann = await signedIn(t);
  ben = await signedIn(t);
  await writeSetting(t.db, 'payouts', { secondApprovalFromUsd: 100 });
  const player = await t.user({ username: 'waiting_player', balance: 0 });
  const insert = (usd: number, minutes: number, destination = 'payee@example.com') =>
    insertWithdrawal(t.db, {
      userId: player.user_id,
      pointsSpent: 100,
      usdValue: usd,
      destination,
      createdAt: minutesAgo(minutes),
    });
  const approve = (admin: SignedIn, w: WithdrawalRow) =>
    admin.patch(`/api/admin/withdrawals/${w.id}/decision`, { action: 'approve' });

  const twoApproved = await insert(300, 90);
  const rejectedHalfway = await insert(300, 80);
  const a1 = await insert(200, 70, 'first@example.com');
  const a2 = await insert(500, 60);
  const needsTwo = await insert(400, 50);
  const small = await insert(5, 40);
  const a3 = await insert(150, 30, 'third@example.com');
  // Same created_at as a3: the id breaks the tie.
  const sameTime = await insert(5, 0);
  await sql`UPDATE withdrawals SET created_at = ${a3.created_at} WHERE id = ${sameTime.id}`.execute(
    t.db,
  );
  for (const w of [twoApproved, rejectedHalfway, a1, a2, a3]) await approve(ann, w);
  await approve(ben, twoApproved);
  await ben.patch(`/api/admin/withdrawals/${rejectedHalfway.id}/decision`, { action: 'reject' });
  awaiting = [a1, a2, a3];
  all = await t.db.selectFrom('withdrawals').selectAll().execute();
  expect(all.map((w) => w.id).sort((a, b) => a - b)).toEqual(
    [twoApproved, rejectedHalfway, a1, a2, needsTwo, small, a3, sameTime].map((w) => w.id),
  );
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await ann.get(`/api/admin/withdrawals?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Withdrawal[]; total: number };
}

const ids = (rows: { id: number }[]) => rows.map((row) => String(row.id));
const idsOf = (items: Withdrawal[]) => items.map((w) => w._id);

/** `all` by created_at then id, both one way. */
const byAge = (direction: 'asc' | 'desc') =>
  [...all].sort((a, b) => {
    const order = a.created_at.getTime() - b.created_at.getTime() || a.id - b.id;
    return direction === 'asc' ? order : -order;
  });

describe('status=awaiting_second_approval', () => {
  it('lists the pending ones with one of two approvals, newest first, with their total', async () => {
    const body = await list('status=awaiting_second_approval');
    expect(body.total).toBe(3);
    expect(idsOf(body.items)).toEqual(ids(awaiting).reverse());
    for (const item of body.items) {
      expect(item).toMatchObject({ status: 'pending', approvalsRequired: 2 });
      expect(item.approvals.map((a) => a.username)).toEqual([ann.user.username]);
    }

    const page2 = await list('status=awaiting_second_approval&limit=2&page=2');
    expect(page2.total).toBe(3);
    expect(idsOf(page2.items)).toEqual([String(awaiting[0]?.id)]);
    const searched = await list('status=awaiting_second_approval&q=third@');
    expect(searched.total).toBe(1);
    expect(idsOf(searched.items)).toEqual([String(awaiting[2]?.id)]);
    const oldestFirst = await list('status=awaiting_second_approval&sort=waiting:desc');
    expect(idsOf(oldestFirst.items)).toEqual(ids(awaiting));
  });

  it('is served by its partial index', async () => {
    const query = inOrder(matching(t.db, { status: 'awaiting_second_approval' }).select('w.id'), {
      field: 'createdAt',
      direction: 'desc',
    })
      .limit(20)
      .compile();
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('withdrawals_awaiting_second_idx');
  });

  it('exports the same rows', async () => {
    const res = await ann.get('/api/admin/withdrawals/export.csv?status=awaiting_second_approval');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines.map((line) => line.split(',')[0])).toEqual(ids(awaiting).reverse());
  });
});

describe('sort=waiting', () => {
  it('waiting:desc is the oldest first, waiting:asc the newest, ties by id', async () => {
    expect(idsOf((await list('sort=waiting:desc')).items)).toEqual(ids(byAge('asc')));
    expect(idsOf((await list('sort=waiting:asc')).items)).toEqual(ids(byAge('desc')));
    const paged: Withdrawal[] = [];
    for (const page of [1, 2, 3]) {
      paged.push(...(await list(`sort=waiting:desc&limit=3&page=${page}`)).items);
    }
    expect(idsOf(paged)).toEqual(ids(byAge('asc')));

    const pending = await list('status=pending&sort=waiting:desc');
    expect(idsOf(pending.items)).toEqual(ids(byAge('asc').filter((w) => w.status === 'pending')));
  });
});
