import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OWN_WITHDRAWAL,
  SECOND_APPROVER_REQUIRED,
  type Withdrawal,
  type WithdrawalDetail,
} from '../../../contract/withdrawals';
import { writeSetting } from '../../settings/store';
import { lockWaiters, type SignedIn, signedIn } from '../../test/client';
import { balanceOf, insertWithdrawal } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

// Four-eyes: from the payout threshold, two approvals by two different admins.

let t: TestContext;
let ann: SignedIn;
let ben: SignedIn;

beforeAll(async () => {
  t = await createTestContext();
  ann = await signedIn(t, { balance: 1000 });
  ben = await signedIn(t);
});
afterAll(() => t.close());

const THRESHOLD = 100;

/** The payout threshold, stored as the settings route stores it; null is off. */
const setThreshold = (usd: number | null) =>
  writeSetting(t.db, 'payouts', { secondApprovalFromUsd: usd });

beforeEach(() => setThreshold(THRESHOLD));

const decide = (admin: SignedIn, id: number | string, body: object) =>
  admin.patch(`/api/admin/withdrawals/${id}/decision`, body);
const approve = (admin: SignedIn, id: number | string, adminNote?: string) =>
  decide(
    admin,
    id,
    adminNote === undefined ? { action: 'approve' } : { action: 'approve', adminNote },
  );
const bulk = (admin: SignedIn, body: object) => admin.patch('/api/admin/withdrawals/bulk', body);

async function detail(id: number): Promise<WithdrawalDetail> {
  const res = await ann.get(`/api/admin/withdrawals/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A player with 100 points and one pending withdrawal worth `usd` (400 points spent). */
async function withdrawalOf(usd: number, userId?: string) {
  const player = userId ? { user_id: userId } : await t.user({ balance: 100 });
  return insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 400, usdValue: usd });
}

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('entity', '=', 'withdrawal')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

/** Everything a refused request must leave as it was: the row, the balance, the audit log. */
async function snapshot(id: number) {
  const row = await t.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { row, balance: await balanceOf(t.db, row.user_id), audit: await auditOf(id) };
}

const approvalBy = (admin: SignedIn, note: string | null) => ({
  adminId: String(admin.user.id),
  username: admin.user.username,
  at: expect.any(String),
  note,
});

describe('approving a withdrawal at or above the threshold', () => {
  it('the first approval answers 200, still pending with one approval, and stores it', async () => {
    const w = await withdrawalOf(THRESHOLD);
    const res = await approve(ann, w.id, '  checked the account  ');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, withdrawal: expect.any(Object) });
    expect(body.withdrawal).toMatchObject({
      _id: String(w.id),
      status: 'pending',
      approvalsRequired: 2,
      approvals: [approvalBy(ann, 'checked the account')],
      adminNote: null,
      decidedAt: null,
      decidedBy: null,
      reasonCode: null,
    });
    expect(Date.parse(body.withdrawal.approvals[0].at)).toBeGreaterThan(Date.now() - 60_000);
    // Ann gave the first approval: the record says why she cannot give the second.
    expect(await detail(w.id)).toEqual({
      ...body.withdrawal,
      approvalRefusal: { code: 'second_approver_required', error: SECOND_APPROVER_REQUIRED },
    });

    const { row, balance, audit } = await snapshot(w.id);
    expect(row).toMatchObject({
      status: 'pending',
      approvals_required: 2,
      first_approved_by: ann.user.id,
      first_approval_note: 'checked the account',
      decided_by: null,
    });
    expect(row.first_approved_at).toBeInstanceOf(Date);
    expect(balance).toBe(100);
    expect(audit).toEqual([
      {
        action: 'withdrawal.approval',
        actor_id: ann.user.id,
        before: { approvals: 0 },
        after: { approvals: 1, approvalsRequired: 2, adminNote: 'checked the account' },
      },
    ]);
  });

  it('the same admin again: 409 second_approver_required, single or bulk, and nothing changes', async () => {
    const w = await withdrawalOf(250);
    expect((await approve(ann, w.id)).statusCode).toBe(200);
    const before = await snapshot(w.id);

    const again = await approve(ann, w.id, 'again');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'second_approver_required',
      error: 'A different admin must give the second approval.',
    });
    expect(SECOND_APPROVER_REQUIRED).toBe('A different admin must give the second approval.');
    const inBulk = await bulk(ann, { ids: [String(w.id)], action: 'approve' });
    expect(inBulk.json()).toEqual({
      ok: true,
      updated: 0,
      awaitingSecondApproval: 0,
      skipped: [{ id: String(w.id), reason: SECOND_APPROVER_REQUIRED }],
    });
    expect(await snapshot(w.id)).toEqual(before);
  });

  it('a second admin approves: approved, the balance stays, both approvals listed in order', async () => {
    const w = await withdrawalOf(500);
    await approve(ann, w.id, 'first look');
    const res = await approve(ben, w.id, 'paid');
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().withdrawal;
    expect(approved).toMatchObject({
      status: 'approved',
      approvalsRequired: 2,
      approvals: [approvalBy(ann, 'first look'), approvalBy(ben, 'paid')],
      adminNote: 'paid',
      decidedBy: ben.user.username,
    });
    const [first, second] = approved.approvals;
    expect(Date.parse(first.at)).toBeLessThanOrEqual(Date.parse(second.at));
    expect(second.at).toBe(approved.decidedAt);
    expect(await detail(w.id)).toEqual({ ...approved, approvalRefusal: null });
    const listed = await ann.get(`/api/admin/withdrawals?ids=${w.id}`);
    expect(listed.json().items).toEqual([approved]);

    const { row, balance, audit } = await snapshot(w.id);
    expect(row).toMatchObject({ approvals_required: 2, decided_by: ben.user.id });
    expect(balance).toBe(100);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['withdrawal.approval', ann.user.id],
      ['withdrawal.approve', ben.user.id],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'approved', adminNote: 'paid', approvals: 2, approvalsRequired: 2 },
    });
  });

  it('below the threshold, with the threshold off or never set: approved in one step', async () => {
    const below = await withdrawalOf(THRESHOLD - 0.01);
    const res = await approve(ann, below.id, 'ok');
    expect(res.json().withdrawal).toMatchObject({
      status: 'approved',
      approvalsRequired: 1,
      approvals: [approvalBy(ann, 'ok')],
    });
    expect((await auditOf(below.id))[0]?.after).toEqual({
      status: 'approved',
      adminNote: 'ok',
      approvals: 1,
      approvalsRequired: 1,
    });

    await setThreshold(null);
    const off = await withdrawalOf(1_000_000);
    expect((await approve(ann, off.id)).json().withdrawal).toMatchObject({
      status: 'approved',
      approvalsRequired: 1,
      approvals: [approvalBy(ann, null)],
    });

    await t.db.deleteFrom('settings').where('key', '=', 'payouts').execute();
    const unset = await withdrawalOf(1_000_000);
    expect((await approve(ann, unset.id)).json().withdrawal).toMatchObject({
      status: 'approved',
      approvalsRequired: 1,
    });
    const row = await snapshot(unset.id);
    expect(row.row).toMatchObject({ approvals_required: 1, first_approved_by: null });
  });
});

describe('an admin and their own withdrawal', () => {
  it('approve answers 403 own_withdrawal; bulk skips it; nothing changes', async () => {
    const small = await withdrawalOf(5, ann.user.user_id);
    const large = await withdrawalOf(500, ann.user.user_id);
    for (const w of [small, large]) {
      const before = await snapshot(w.id);
      const res = await approve(ann, w.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'own_withdrawal', error: OWN_WITHDRAWAL });
      expect(await snapshot(w.id)).toEqual(before);
    }
    const before = [await snapshot(small.id), await snapshot(large.id)];
    const ids = [String(small.id), String(large.id)];
    expect((await bulk(ann, { ids, action: 'approve' })).json()).toEqual({
      ok: true,
      updated: 0,
      awaitingSecondApproval: 0,
      skipped: ids.map((id) => ({ id, reason: OWN_WITHDRAWAL })),
    });
    expect([await snapshot(small.id), await snapshot(large.id)]).toEqual(before);

    // Another admin may.
    expect((await approve(ben, small.id)).json().withdrawal.status).toBe('approved');
  });
});

describe('rejecting', () => {
  it('is one step at any stage, with a reason, and refunds', async () => {
    const untouched = await withdrawalOf(500);
    const res = await decide(ben, untouched.id, {
      action: 'reject',
      reasonCode: 'fraud_suspected',
      adminNote: 'stolen card',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({
      status: 'rejected',
      reasonCode: 'fraud_suspected',
      adminNote: 'stolen card',
      approvalsRequired: 2,
      approvals: [],
    });
    const rejected = await snapshot(untouched.id);
    expect(rejected.row).toMatchObject({ approvals_required: 2, reason_code: 'fraud_suspected' });
    expect(rejected.balance).toBe(500);
    expect(rejected.audit[0]).toMatchObject({
      action: 'withdrawal.reject',
      after: {
        status: 'rejected',
        adminNote: 'stolen card',
        reasonCode: 'fraud_suspected',
        refundedPoints: 400,
      },
    });

    // After the first approval, even by the admin who gave it.
    const halfway = await withdrawalOf(500);
    await approve(ann, halfway.id, 'looked fine');
    const late = await decide(ann, halfway.id, { action: 'reject', reasonCode: 'other' });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().withdrawal).toMatchObject({
      status: 'rejected',
      reasonCode: 'other',
      approvalsRequired: 2,
      approvals: [approvalBy(ann, 'looked fine')],
      decidedBy: ann.user.username,
    });
    expect(await balanceOf(t.db, halfway.user_id)).toBe(500);

    // Below the threshold, without a reason: fixed at one approval, reasonCode null.
    const small = await withdrawalOf(5);
    expect((await decide(ben, small.id, { action: 'reject' })).json().withdrawal).toMatchObject({
      status: 'rejected',
      reasonCode: null,
      approvalsRequired: 1,
    });
    expect((await snapshot(small.id)).row.approvals_required).toBe(1);
  });

  it('in bulk, with the reason on every one', async () => {
    const a = await withdrawalOf(500);
    const b = await withdrawalOf(5);
    await approve(ann, a.id);
    const ids = [String(a.id), String(b.id)];
    const res = await bulk(ben, { ids, action: 'reject', reasonCode: 'duplicate_account' });
    expect(res.json()).toEqual({ ok: true, updated: 2, awaitingSecondApproval: 0, skipped: [] });
    for (const w of [a, b]) {
      expect(await detail(w.id)).toMatchObject({
        status: 'rejected',
        reasonCode: 'duplicate_account',
      });
      expect(await balanceOf(t.db, w.user_id)).toBe(500);
    }
  });

  it('refuses an unknown reasonCode, and a reasonCode with an approval: 400, nothing changes', async () => {
    const w = await withdrawalOf(500);
    const before = await snapshot(w.id);
    const bodies = [
      { action: 'reject', reasonCode: 'bored' },
      { action: 'reject', reasonCode: '' },
      { action: 'reject', reasonCode: null },
      { action: 'approve', reasonCode: 'other' },
    ];
    for (const body of bodies) {
      for (const res of [
        await decide(ben, w.id, body),
        await bulk(ben, { ids: [String(w.id)], ...body }),
      ]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('invalid_input');
        expect(Object.keys(res.json().fields)).toEqual(['reasonCode']);
      }
    }
    expect(await snapshot(w.id)).toEqual(before);
  });
});

describe('a threshold change', () => {
  it('after the first approval changes nothing: turned off, a second admin is still needed', async () => {
    const w = await withdrawalOf(500);
    await approve(ann, w.id);
    await setThreshold(null);
    expect((await detail(w.id)).approvalsRequired).toBe(2);
    const again = await approve(ann, w.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('second_approver_required');
    const res = await approve(ben, w.id);
    expect(res.json().withdrawal).toMatchObject({ status: 'approved', approvalsRequired: 2 });
    expect(res.json().withdrawal.approvals).toHaveLength(2);
  });

  it('after the first approval changes nothing: raised above the amount, still two', async () => {
    const w = await withdrawalOf(500);
    await approve(ann, w.id);
    await setThreshold(10_000);
    expect((await detail(w.id)).approvalsRequired).toBe(2);
    expect((await approve(ann, w.id)).statusCode).toBe(409);
    expect((await approve(ben, w.id)).json().withdrawal).toMatchObject({
      status: 'approved',
      approvalsRequired: 2,
    });
  });

  it('before any approval, what is required follows the threshold, in the list and the record', async () => {
    const w = await withdrawalOf(500);
    const shown = async () => {
      const listed = await ann.get(`/api/admin/withdrawals?ids=${w.id}`);
      const [item] = listed.json().items as Withdrawal[];
      const record = await detail(w.id);
      expect({ ...item, approvalRefusal: null }).toEqual(record);
      return record.approvalsRequired;
    };
    expect(await shown()).toBe(2);
    await setThreshold(500.01);
    expect(await shown()).toBe(1);
    await setThreshold(null);
    expect(await shown()).toBe(1);
    await setThreshold(500);
    expect(await shown()).toBe(2);
    await approve(ben, w.id);
    await setThreshold(null);
    expect(await shown()).toBe(2);

    // Decided before four-eyes existed (nothing fixed): one approval, the decision, whatever now.
    const old = await withdrawalOf(500);
    await sql`UPDATE withdrawals SET status = 'approved', decided_by = ${ben.user.id},
              decided_at = now(), admin_note = 'paid' WHERE id = ${old.id}`.execute(t.db);
    await setThreshold(1);
    expect(await detail(old.id)).toMatchObject({
      approvalsRequired: 1,
      approvals: [approvalBy(ben, 'paid')],
    });
  });
});

describe('races', () => {
  it('50 concurrent approvals by two admins: one payout, two approvals by two admins', async () => {
    const w = await withdrawalOf(500);
    const admins = Array.from({ length: 50 }, (_, i) => (i % 2 ? ben : ann));
    const answers = await Promise.all(admins.map((admin) => approve(admin, w.id)));

    const ok = answers.filter((res) => res.statusCode === 200).map((res) => res.json());
    expect(ok.map((body) => body.withdrawal.status).sort()).toEqual(['approved', 'pending']);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => res.statusCode)).toEqual(Array(48).fill(409));
    for (const res of refused) {
      expect(['already approved', SECOND_APPROVER_REQUIRED]).toContain(res.json().error);
    }

    const { row, balance, audit } = await snapshot(w.id);
    expect(row.status).toBe('approved');
    expect(row.first_approved_by).not.toBeNull();
    expect(row.first_approved_by).not.toBe(row.decided_by);
    expect([ann.user.id, ben.user.id]).toContain(row.decided_by);
    expect(balance).toBe(100);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['withdrawal.approval', row.first_approved_by],
      ['withdrawal.approve', row.decided_by],
    ]);
    expect((await detail(w.id)).approvals).toHaveLength(2);
  });

  it('the same admin approving twice at once records one approval: one 200, one 409', async () => {
    const w = await withdrawalOf(500);
    let answers: Awaited<ReturnType<typeof approve>>[] = [];
    let both: Promise<void> | undefined;
    // Both requests queue on the row's lock, then go one after the other.
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM withdrawals WHERE id = ${w.id} FOR UPDATE`.execute(trx);
      both = Promise.all([approve(ann, w.id), approve(ann, w.id)]).then((all) => {
        answers = all;
      });
      await lockWaiters(t, 2);
    });
    await both;
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe(
      'second_approver_required',
    );
    const { row, audit } = await snapshot(w.id);
    expect(row).toMatchObject({ status: 'pending', first_approved_by: ann.user.id });
    expect(audit).toHaveLength(1);
  });
});

describe('bulk approve', () => {
  it('gives a first approval to those needing two, approves the rest, counts each id once', async () => {
    const small = await withdrawalOf(50);
    const large = await withdrawalOf(150);
    const secondForAnn = await withdrawalOf(200);
    await approve(ben, secondForAnn.id, 'ben first');
    const annAlready = await withdrawalOf(300);
    await approve(ann, annAlready.id);
    const own = await withdrawalOf(400, ann.user.user_id);
    const disabled = await withdrawalOf(500);
    await ben.delete(`/api/admin/users/${disabled.user_id}`);
    const done = await withdrawalOf(5);
    await approve(ben, done.id);
    const untouched = [annAlready, own, disabled, done];
    const before = await Promise.all(untouched.map((w) => snapshot(w.id)));

    const ids = [small, large, secondForAnn, annAlready, own, disabled, done].map((w) =>
      String(w.id),
    );
    const res = await bulk(ann, { ids: [...ids, ids[1], ids[3], '999999'], action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      updated: 2,
      awaitingSecondApproval: 1,
      skipped: [
        { id: String(annAlready.id), reason: SECOND_APPROVER_REQUIRED },
        { id: String(own.id), reason: OWN_WITHDRAWAL },
        { id: String(disabled.id), reason: 'This user is disabled.' },
        { id: String(done.id), reason: 'already approved' },
        { id: '999999', reason: 'not found' },
      ],
    });
    expect(await Promise.all(untouched.map((w) => snapshot(w.id)))).toEqual(before);
    expect(await detail(small.id)).toMatchObject({ status: 'approved', approvalsRequired: 1 });
    expect(await detail(large.id)).toMatchObject({
      status: 'pending',
      approvals: [approvalBy(ann, null)],
    });
    expect(await detail(secondForAnn.id)).toMatchObject({
      status: 'approved',
      approvals: [approvalBy(ben, 'ben first'), approvalBy(ann, null)],
    });
    expect((await auditOf(large.id)).map((a) => a.action)).toEqual(['withdrawal.approval']);

    // The second admin finishes what waits for them.
    const second = await bulk(ben, {
      ids: [String(large.id), String(annAlready.id)],
      action: 'approve',
    });
    expect(second.json()).toEqual({ ok: true, updated: 2, awaitingSecondApproval: 0, skipped: [] });
    for (const w of [small, large, secondForAnn, annAlready]) {
      expect(await balanceOf(t.db, w.user_id)).toBe(100);
    }
  });
});

describe('the database', () => {
  it('refuses an approval needing two without a first one by another admin', async () => {
    const w = await withdrawalOf(500);
    const approveAs = (fields: ReturnType<typeof sql>) =>
      sql`UPDATE withdrawals SET status = 'approved', decided_at = now(),
          decided_by = ${ann.user.id}, ${fields} WHERE id = ${w.id}`.execute(t.db);
    await expect(approveAs(sql`approvals_required = 2`)).rejects.toThrow(
      /withdrawals_four_eyes_check/,
    );
    await expect(
      approveAs(sql`approvals_required = 2, first_approved_by = ${ann.user.id},
                    first_approved_at = now()`),
    ).rejects.toThrow(/withdrawals_four_eyes_check/);
    await expect(approveAs(sql`first_approved_by = ${ben.user.id}`)).rejects.toThrow(
      /withdrawals_first_approval_check/,
    );
    await expect(approveAs(sql`reason_code = 'bored'`)).rejects.toThrow(/reason_code_check/);
    expect((await snapshot(w.id)).row.status).toBe('pending');
  });
});
