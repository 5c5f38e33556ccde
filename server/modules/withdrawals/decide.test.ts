import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_DECISION_MAX, type Decision } from '../../../contract/withdrawals';
import { lockWaiters } from '../../test/client';
import { balanceOf, insertWithdrawal } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let headers: ReturnType<typeof bearer>;
let adminName: string;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  adminName = admin.username;
  headers = bearer(await t.login(admin.username, admin.password));
});
afterAll(() => t.close());

function decide(id: number | string, action: Decision, adminNote?: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/withdrawals/${id}/decision`,
    headers,
    payload: adminNote === undefined ? { action } : { action, adminNote },
  });
}

function bulk(payload: object) {
  return t.app.inject({ method: 'PATCH', url: '/api/admin/withdrawals/bulk', headers, payload });
}

/** A player with a balance and one pending withdrawal of `points`. */
async function playerWithWithdrawal(balance: number, points: number) {
  const player = await t.user({ balance });
  const withdrawal = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: points });
  return { player, withdrawal };
}

/** The console's Disable: DELETE /admin/users/{userId}. */
async function disable(userId: string) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${userId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
}

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'withdrawal')
    .where('entity_id', '=', String(id))
    .execute();

describe('PATCH /api/admin/withdrawals/:id/decision', () => {
  it('approves: status, note, decider and time saved; the balance stays', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 400);
    const res = await decide(withdrawal.id, 'approve', '  paid via PayPal  ');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.withdrawal).toMatchObject({
      _id: String(withdrawal.id),
      status: 'approved',
      adminNote: 'paid via PayPal',
      decidedBy: adminName,
      user: { username: player.username },
    });
    expect(Date.parse(body.withdrawal.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await balanceOf(t.db, player.user_id)).toBe(100);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${withdrawal.id}`,
      headers,
    });
    expect(detail.json()).toEqual({ ...body.withdrawal, approvalRefusal: null });
  });

  it('rejects: refunds exactly pointsSpent; no note is stored as null', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 400);
    const res = await decide(withdrawal.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ status: 'rejected', adminNote: null });
    expect(await balanceOf(t.db, player.user_id)).toBe(500);
  });

  it('writes one audit row per decision, with the refund', async () => {
    const approved = await playerWithWithdrawal(0, 250);
    const rejected = await playerWithWithdrawal(0, 250);
    await decide(approved.withdrawal.id, 'approve', 'ok');
    await decide(rejected.withdrawal.id, 'reject', 'fraud');

    const [approveRow, ...moreApproves] = await auditOf(approved.withdrawal.id);
    expect(moreApproves).toEqual([]);
    expect(approveRow).toMatchObject({
      action: 'withdrawal.approve',
      actor: adminName,
      before: { status: 'pending' },
      after: { status: 'approved', adminNote: 'ok', approvals: 1, approvalsRequired: 1 },
    });
    expect(approveRow?.after).not.toHaveProperty('refundedPoints');
    expect(await auditOf(rejected.withdrawal.id)).toEqual([
      expect.objectContaining({
        action: 'withdrawal.reject',
        before: { status: 'pending' },
        after: { status: 'rejected', adminNote: 'fraud', reasonCode: null, refundedPoints: 250 },
      }),
    ]);
  });

  it('answers 409 "already {status}" to a second decision and changes nothing', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 400);
    await decide(withdrawal.id, 'approve', 'first');
    for (const action of ['reject', 'approve'] as const) {
      const res = await decide(withdrawal.id, action, 'second');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'already approved', code: 'already_decided' });
    }
    expect(await balanceOf(t.db, player.user_id)).toBe(100);
    const row = await t.db
      .selectFrom('withdrawals')
      .select(['status', 'admin_note'])
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', admin_note: 'first' });
    expect(await auditOf(withdrawal.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id, 400 for a bad body', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await decide(id, 'approve');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Withdrawal not found', code: 'not_found' });
    }
    const { withdrawal } = await playerWithWithdrawal(0, 10);
    for (const payload of [{ action: 'cancel' }, {}, { action: 'approve', extra: 1 }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/withdrawals/${withdrawal.id}/decision`,
        headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it("a disabled player's withdrawal: approve answers 409 and changes nothing; reject refunds", async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 400);
    await disable(player.user_id);

    const refused = await decide(withdrawal.id, 'approve', 'paid');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This user is disabled.', code: 'user_disabled' });
    expect(await auditOf(withdrawal.id)).toEqual([]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${withdrawal.id}`,
      headers,
    });
    expect(detail.json()).toMatchObject({
      status: 'pending',
      adminNote: null,
      user: { username: player.username, status: 'disabled' },
    });

    const rejected = await decide(withdrawal.id, 'reject', 'fraud');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'rejected',
      user: { status: 'disabled' },
    });
    expect(await balanceOf(t.db, player.user_id)).toBe(500);
  });

  it('an approval waits for a disable in flight, then answers 409', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 400);
    let approving: Promise<Awaited<ReturnType<typeof decide>>> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await sql`UPDATE users SET status = 'disabled' WHERE user_id = ${player.user_id}`.execute(
        trx,
      );
      approving = decide(withdrawal.id, 'approve').then((res) => res);
      await lockWaiters(t, 1);
    });
    const res = await approving;
    expect(res?.statusCode).toBe(409);
    expect(res?.json().error).toBe('This user is disabled.');
    expect(await auditOf(withdrawal.id)).toEqual([]);
  });

  it('50 concurrent mixed decisions: exactly one succeeds, the balance moves at most once', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 700);
    const actions = Array.from({ length: 50 }, (_, i): Decision => (i % 2 ? 'reject' : 'approve'));
    const answers = await Promise.all(actions.map((action) => decide(withdrawal.id, action)));

    const winners = answers.flatMap((res, i) => (res.statusCode === 200 ? [actions[i]] : []));
    expect(winners).toHaveLength(1);
    const status = winners[0] === 'reject' ? 'rejected' : 'approved';
    const losers = answers.filter((res) => res.statusCode !== 200);
    expect(losers.map((res) => res.statusCode)).toEqual(Array(49).fill(409));
    for (const res of losers) expect(res.json().error).toBe(`already ${status}`);
    expect(await balanceOf(t.db, player.user_id)).toBe(winners[0] === 'reject' ? 800 : 100);
    expect(await auditOf(withdrawal.id)).toHaveLength(1);
  });

  it('50 concurrent rejects refund exactly once', async () => {
    const { player, withdrawal } = await playerWithWithdrawal(100, 700);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => decide(withdrawal.id, 'reject')),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(49);
    expect(await balanceOf(t.db, player.user_id)).toBe(800);
  });
});

describe('PATCH /api/admin/withdrawals/bulk', () => {
  it('decides the pending ids once, skips the rest with a reason, refunds summed per player', async () => {
    const ann = await t.user({ balance: 10 });
    const ben = await t.user({ balance: 20 });
    const insert = (userId: string, pointsSpent: number, status?: 'approved' | 'rejected') =>
      insertWithdrawal(t.db, { userId, pointsSpent, ...(status ? { status } : {}) });
    const a1 = await insert(ann.user_id, 300);
    const a2 = await insert(ann.user_id, 200);
    const b1 = await insert(ben.user_id, 50);
    const done1 = await insert(ben.user_id, 70, 'approved');
    const done2 = await insert(ann.user_id, 90, 'rejected');

    const ids = [a1, a2, b1, a1, done1, done2, b1].map((w) => String(w.id));
    const res = await bulk({
      ids: [...ids, '999999', 'abc', 'abc'],
      action: 'reject',
      adminNote: 'bulk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      updated: 3,
      awaitingSecondApproval: 0,
      skipped: [
        { id: String(done1.id), reason: 'already approved' },
        { id: String(done2.id), reason: 'already rejected' },
        { id: '999999', reason: 'not found' },
        { id: 'abc', reason: 'not found' },
      ],
    });
    expect(await balanceOf(t.db, ann.user_id)).toBe(10 + 300 + 200);
    expect(await balanceOf(t.db, ben.user_id)).toBe(20 + 50);

    for (const w of [a1, a2, b1]) {
      const rows = await auditOf(w.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'withdrawal.reject',
        actor: adminName,
        after: { status: 'rejected', adminNote: 'bulk', refundedPoints: w.points_spent },
      });
    }
    expect(await auditOf(done1.id)).toEqual([]);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${a2.id}`,
      headers,
    });
    expect(detail.json()).toMatchObject({
      status: 'rejected',
      adminNote: 'bulk',
      decidedBy: adminName,
    });
  });

  it('concurrent bulk rejects over the same players all succeed, each refund applied once', async () => {
    const players = await Promise.all([1, 2, 3, 4].map(() => t.user({ balance: 0 })));
    // Each batch holds one withdrawal of every player, listed in a different order.
    const batches = await Promise.all(
      Array.from({ length: 12 }, async (_, batch) => {
        const ids: string[] = [];
        for (const player of players.slice(batch % 4).concat(players.slice(0, batch % 4))) {
          const w = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 10 });
          ids.push(String(w.id));
        }
        return batch % 2 ? ids.reverse() : ids;
      }),
    );
    const answers = await Promise.all(batches.map((ids) => bulk({ ids, action: 'reject' })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.map((res) => res.json().updated)).toEqual(Array(12).fill(4));
    for (const player of players) expect(await balanceOf(t.db, player.user_id)).toBe(120);
  });

  it('approves in bulk without touching balances; a second run skips them all', async () => {
    const player = await t.user({ balance: 5 });
    const w1 = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 10 });
    const w2 = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 20 });
    const ids = [String(w1.id), String(w2.id)];

    expect((await bulk({ ids, action: 'approve' })).json()).toEqual({
      ok: true,
      updated: 2,
      awaitingSecondApproval: 0,
      skipped: [],
    });
    expect(await balanceOf(t.db, player.user_id)).toBe(5);
    expect((await bulk({ ids, action: 'reject' })).json()).toEqual({
      ok: true,
      updated: 0,
      awaitingSecondApproval: 0,
      skipped: ids.map((id) => ({ id, reason: 'already approved' })),
    });
    expect(await balanceOf(t.db, player.user_id)).toBe(5);
  });

  it("bulk approve skips a disabled player's withdrawals with the reason; bulk reject decides them", async () => {
    const ann = await t.user({ balance: 10 });
    const ben = await t.user({ balance: 20 });
    const a1 = await insertWithdrawal(t.db, { userId: ann.user_id, pointsSpent: 30 });
    const b1 = await insertWithdrawal(t.db, { userId: ben.user_id, pointsSpent: 40 });
    const b2 = await insertWithdrawal(t.db, { userId: ben.user_id, pointsSpent: 50 });
    await disable(ben.user_id);

    const ids = [a1, b1, b2].map((w) => String(w.id));
    expect((await bulk({ ids, action: 'approve', adminNote: 'paid' })).json()).toEqual({
      ok: true,
      updated: 1,
      awaitingSecondApproval: 0,
      skipped: [
        { id: String(b1.id), reason: 'This user is disabled.' },
        { id: String(b2.id), reason: 'This user is disabled.' },
      ],
    });
    expect(await auditOf(b1.id)).toEqual([]);
    expect((await bulk({ ids, action: 'reject' })).json()).toEqual({
      ok: true,
      updated: 2,
      awaitingSecondApproval: 0,
      skipped: [{ id: String(a1.id), reason: 'already approved' }],
    });
    expect(await balanceOf(t.db, ben.user_id)).toBe(20 + 40 + 50);
  });

  it("refuses an empty selection with the console's message", async () => {
    const res = await bulk({ ids: [], action: 'approve' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      fields: { ids: 'Select at least one row.' },
    });
  });

  it('decides a thousand in one request, and refuses more than that', async () => {
    const player = await t.user({ balance: 0 });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                               destination, status)
      SELECT ${player.user_id}, 'paypal_10', 10, 0.01, 0.001, 'bulk' || g || '@example.com',
             'pending'
      FROM generate_series(1, ${BULK_DECISION_MAX + 1}) AS g
      RETURNING id::text`.execute(t.db);
    const ids = rows.map((row) => row.id);

    const tooMany = await bulk({ ids, action: 'reject' });
    expect(tooMany.statusCode).toBe(400);
    expect(await balanceOf(t.db, player.user_id)).toBe(0);

    const res = await bulk({ ids: ids.slice(0, BULK_DECISION_MAX), action: 'reject' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, updated: BULK_DECISION_MAX, skipped: [] });
    expect(await balanceOf(t.db, player.user_id)).toBe(10 * BULK_DECISION_MAX);
  });
});
