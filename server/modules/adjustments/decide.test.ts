import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CREDIT_SECOND_APPROVER, OWN_CREDIT } from '../../../contract/adjustments';
import { adjustmentAudits, pendingCredit, setPointsThreshold } from '../../test/adjustments';
import { type SignedIn, signedIn } from '../../test/client';
import { fingerprint, REFUSED_REQUEST_WRITES } from '../../test/db-fingerprint';
import { balanceOf } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

// Deciding credits that wait for a second admin: who may approve, exactly one credit each.

let t: TestContext;
let ann: SignedIn;
let ben: SignedIn;
let cat: SignedIn;

beforeAll(async () => {
  t = await createTestContext();
  [ann, ben, cat] = [await signedIn(t), await signedIn(t), await signedIn(t)];
});
afterAll(() => t.close());

beforeEach(() => setPointsThreshold(t, 500));

const decide = (admin: SignedIn, id: string, body: object) =>
  admin.patch(`/api/admin/adjustments/${id}/decision`, body);
const approve = (admin: SignedIn, id: string) => decide(admin, id, { action: 'approve' });
const bulk = (admin: SignedIn, body: object) => admin.patch('/api/admin/adjustments/bulk', body);

/** Everything a refused decision must leave as it was: the adjustment, the balance, the audit. */
async function snapshot(userId: string) {
  return {
    rows: await t.db.selectFrom('adjustments').selectAll().where('user_id', '=', userId).execute(),
    balance: await balanceOf(t.db, userId),
    audit: await adjustmentAudits(t, userId),
  };
}

describe('approving', () => {
  it('by another admin adds the credit once, in the decision’s transaction, audited', async () => {
    const { userId, adjustment } = await pendingCredit(t, ann, 700);
    const res = await decide(ben, adjustment._id, { action: 'approve', note: ' checked ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      adjustment: {
        ...adjustment,
        status: 'approved',
        decidedBy: ben.user.username,
        decidedAt: expect.any(String),
        decisionNote: 'checked',
      },
    });
    expect(await balanceOf(t.db, userId)).toBe(800);
    const audit = await adjustmentAudits(t, userId);
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ['adjustment.request', ann.user.id],
      ['adjustment.approve', ben.user.id],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'pending', balance: 100 },
      after: {
        status: 'approved',
        balance: 800,
        adjustmentId: adjustment._id,
        delta: 700,
        decisionNote: 'checked',
      },
    });

    const again = await approve(cat, adjustment._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'already_decided', error: 'already approved' });
    expect(await balanceOf(t.db, userId)).toBe(800);
    const detail = await cat.get(`/api/admin/adjustments/${adjustment._id}`);
    expect(detail.json().approvalRefusal).toEqual({
      code: 'already_decided',
      error: 'already approved',
    });
  });

  it('adds to the balance as it is then; an edit form loaded before cannot overwrite it', async () => {
    const { userId, adjustment } = await pendingCredit(t, ann, 600);
    const lowered = await ann.patch(`/api/admin/users/${userId}`, { balance: 40 });
    const loaded = lowered.json().user.updatedAt;
    await approve(ben, adjustment._id);
    expect(await balanceOf(t.db, userId)).toBe(640);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${userId}`,
      headers: { ...bearer(ann.token), 'if-match': loaded },
      payload: { balance: 42 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stale');
    expect(await balanceOf(t.db, userId)).toBe(640);
  });

  it('is refused to the requester, on one’s own account, for a disabled player: nothing changes', async () => {
    const asked = await pendingCredit(t, ann, 500);
    const own = await pendingCredit(t, ann, 900, { userId: ben.user.user_id });
    const disabled = await pendingCredit(t, ann, 800);
    await ann.delete(`/api/admin/users/${disabled.userId}`);
    const cases: [SignedIn, typeof asked, number, object][] = [
      [ann, asked, 409, { code: 'second_approver_required', error: CREDIT_SECOND_APPROVER }],
      [ben, own, 403, { code: 'own_account', error: OWN_CREDIT }],
      [ben, disabled, 409, { code: 'user_disabled', error: 'This user is disabled.' }],
    ];
    const everything = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
    for (const [admin, { userId, adjustment }, status, body] of cases) {
      const before = await snapshot(userId);
      const detail = await admin.get(`/api/admin/adjustments/${adjustment._id}`);
      expect(detail.json().approvalRefusal).toEqual(body);
      const res = await approve(admin, adjustment._id);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      const inBulk = await bulk(admin, { ids: [adjustment._id], action: 'approve' });
      expect(inBulk.json()).toEqual({
        ok: true,
        updated: 0,
        skipped: [{ id: adjustment._id, reason: (body as { error: string }).error }],
      });
      expect(await snapshot(userId)).toEqual(before);
    }
    expect(await fingerprint(t.db, REFUSED_REQUEST_WRITES)).toEqual(everything);
    // Another admin, who neither asked nor owns it, may.
    const free = await cat.get(`/api/admin/adjustments/${asked.adjustment._id}`);
    expect(free.json().approvalRefusal).toBeNull();
    expect((await approve(ben, asked.adjustment._id)).statusCode).toBe(200);
    expect((await approve(cat, own.adjustment._id)).statusCode).toBe(200);
    expect(await balanceOf(t.db, ben.user.user_id)).toBe(ben.user.balance + 900);
  });

  it('unknown or malformed ids: 404', async () => {
    for (const id of ['999999', 'abc', '0']) {
      expect((await approve(ben, id)).statusCode).toBe(404);
      expect((await ben.get(`/api/admin/adjustments/${id}`)).json()).toEqual({
        code: 'not_found',
        error: 'Adjustment not found',
      });
    }
  });
});

describe('rejecting', () => {
  it('changes no balance, by anyone holding the permission, the requester too', async () => {
    const { userId, adjustment } = await pendingCredit(t, ann, 500);
    const res = await decide(ann, adjustment._id, { action: 'reject', note: 'typo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adjustment).toMatchObject({
      status: 'rejected',
      decidedBy: ann.user.username,
      decisionNote: 'typo',
    });
    expect(await balanceOf(t.db, userId)).toBe(100);
    expect((await adjustmentAudits(t, userId)).at(-1)).toMatchObject({
      action: 'adjustment.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', adjustmentId: adjustment._id, delta: 500, decisionNote: 'typo' },
    });
    const late = await approve(ben, adjustment._id);
    expect(late.json()).toEqual({ code: 'already_decided', error: 'already rejected' });
    expect(await balanceOf(t.db, userId)).toBe(100);
  });
});

describe('bulk', () => {
  it('decides the pending ones, counts each id once, says why the others were skipped', async () => {
    const player = await t.user({ balance: 10 });
    const first = await pendingCredit(t, ann, 500, { userId: player.user_id });
    const second = await pendingCredit(t, ann, 1000, { userId: player.user_id });
    const byBen = await pendingCredit(t, ben, 600);
    const done = await pendingCredit(t, ann, 700);
    await approve(cat, done.adjustment._id);
    const ids = [first, second, byBen, done].map((c) => c.adjustment._id);

    const res = await bulk(ben, { ids: [...ids, ids[0], '999999', 'x'], action: 'approve' });
    expect(res.json()).toEqual({
      ok: true,
      updated: 2,
      skipped: [
        { id: byBen.adjustment._id, reason: CREDIT_SECOND_APPROVER },
        { id: done.adjustment._id, reason: 'already approved' },
        { id: '999999', reason: 'not found' },
        { id: 'x', reason: 'not found' },
      ],
    });
    expect(await balanceOf(t.db, player.user_id)).toBe(1510);
    // Two credits to one player: each audit row has the balance it found and left.
    const audit = (await adjustmentAudits(t, player.user_id)).filter(
      (row) => row.action === 'adjustment.approve',
    );
    expect(audit.map((row) => [row.before, row.after])).toMatchObject([
      [{ balance: 10 }, { balance: 510, adjustmentId: first.adjustment._id }],
      [{ balance: 510 }, { balance: 1510, adjustmentId: second.adjustment._id }],
    ]);
    expect(await balanceOf(t.db, byBen.userId)).toBe(100);

    const rejected = await bulk(ann, { ids: [byBen.adjustment._id], action: 'reject' });
    expect(rejected.json()).toEqual({ ok: true, updated: 1, skipped: [] });
    expect(await balanceOf(t.db, byBen.userId)).toBe(100);
  });
});

describe('races', () => {
  it('50 concurrent approvals of one credit by two admins (neither the requester): one credit', async () => {
    const { userId, adjustment } = await pendingCredit(t, ann, 5000);
    const admins = Array.from({ length: 50 }, (_, i) => (i % 2 ? ben : cat));
    const answers = await Promise.all(admins.map((admin) => approve(admin, adjustment._id)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => res.statusCode)).toEqual(Array(49).fill(409));
    for (const res of refused) {
      expect(res.json()).toEqual({ code: 'already_decided', error: 'already approved' });
    }
    expect(await balanceOf(t.db, userId)).toBe(5100);
    const audit = await adjustmentAudits(t, userId);
    expect(audit.map((row) => row.action)).toEqual(['adjustment.request', 'adjustment.approve']);
  });

  it('single and bulk decisions at once, approve against reject: each credit decided once', async () => {
    const player = await t.user({ balance: 0 });
    const credits = [];
    for (let i = 0; i < 10; i++) {
      credits.push((await pendingCredit(t, ann, 1000, { userId: player.user_id })).adjustment);
    }
    const ids = credits.map((c) => c._id);
    const answers = await Promise.all([
      bulk(ben, { ids, action: 'approve' }),
      bulk(cat, { ids: [...ids].reverse(), action: 'approve' }),
      ...ids.map((id, i) =>
        decide(i % 2 ? ben : cat, id, { action: i % 3 ? 'approve' : 'reject' }),
      ),
    ]);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const rows = await t.db
      .selectFrom('adjustments')
      .select(['status'])
      .where('user_id', '=', player.user_id)
      .execute();
    const approved = rows.filter((row) => row.status === 'approved').length;
    expect(rows.every((row) => row.status !== 'pending')).toBe(true);
    expect(await balanceOf(t.db, player.user_id)).toBe(approved * 1000);
    const audit = await adjustmentAudits(t, player.user_id);
    expect(audit.filter((row) => row.action !== 'adjustment.request')).toHaveLength(10);
  });
});

describe('the database', () => {
  it('refuses an approval by the requester and `other` without a note', async () => {
    const { adjustment } = await pendingCredit(t, ann, 500);
    await expect(
      sql`UPDATE adjustments SET status = 'approved', decided_by = requested_by,
          decided_at = now() WHERE id = ${Number(adjustment._id)}`.execute(t.db),
    ).rejects.toThrow(/adjustments_four_eyes_check/);
    await expect(
      sql`UPDATE adjustments SET status = 'approved' WHERE id = ${Number(adjustment._id)}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/adjustments_decided_check/);
    await expect(
      sql`UPDATE adjustments SET reason = 'other' WHERE id = ${Number(adjustment._id)}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/adjustments_note_check/);
    await expect(
      sql`UPDATE adjustments SET delta = 0 WHERE id = ${Number(adjustment._id)}`.execute(t.db),
    ).rejects.toThrow(/delta_check/);
  });
});
