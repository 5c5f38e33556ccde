import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADJUSTMENT_REASONS } from '../../../contract/adjustments';
import { adjustmentAudits, setPointsThreshold } from '../../test/adjustments';
import { type SignedIn, signedIn, userAudits } from '../../test/client';
import { fingerprint, REFUSED_REQUEST_WRITES } from '../../test/db-fingerprint';
import { balanceOf } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

// PATCH /api/admin/users/{id} raising a balance by the points threshold or more: the credit waits
// for a second admin (202), every other field of the PATCH applies.

let t: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const THRESHOLD = 1000;
beforeEach(() => setPointsThreshold(t, THRESHOLD));

const patch = (userId: string, body: object) => admin.patch(`/api/admin/users/${userId}`, body);

const adjustmentsOf = (userId: string) =>
  t.db.selectFrom('adjustments').selectAll().where('user_id', '=', userId).execute();

describe('a credit at or above the threshold', () => {
  it('answers 202: other fields applied, the balance unchanged, the adjustment pending', async () => {
    const player = await t.user({ balance: 100, xp: 5 });
    const res = await patch(player.user_id, {
      balance: 100 + THRESHOLD,
      xp: 7,
      username: `${player.username}-x`,
      adjustmentReason: 'contest_prize',
      adjustmentNote: '  November final  ',
    });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toEqual({ ok: true, user: expect.any(Object), adjustment: expect.any(Object) });
    expect(body.user).toMatchObject({
      userId: player.user_id,
      username: `${player.username}-x`,
      balance: 100,
      xp: 7,
    });
    expect(body.adjustment).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      userId: player.user_id,
      user: { username: `${player.username}-x`, email: player.email, status: 'active' },
      delta: THRESHOLD,
      reason: 'contest_prize',
      note: 'November final',
      requestedBy: admin.user.username,
      requestedById: String(admin.user.id),
      requestedAt: expect.any(String),
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    });
    expect(await balanceOf(t.db, player.user_id)).toBe(100);
    const got = await admin.get(`/api/admin/adjustments/${body.adjustment._id}`);
    expect(got.json()).toMatchObject({ ...body.adjustment, status: 'pending' });

    // The profile change and the request: each its audit row on the player's timeline.
    expect(await userAudits(t, player.user_id)).toMatchObject([
      {
        action: 'user.update',
        before: { username: player.username, xp: 5 },
        after: { username: `${player.username}-x`, xp: 7 },
      },
    ]);
    expect(await adjustmentAudits(t, player.user_id)).toEqual([
      {
        action: 'adjustment.request',
        actor_id: admin.user.id,
        entity: 'user',
        entity_id: player.user_id,
        before: null,
        after: {
          adjustmentId: body.adjustment._id,
          delta: THRESHOLD,
          reason: 'contest_prize',
          note: 'November final',
        },
      },
    ]);
    const timeline = await admin.get(
      `/api/admin/audit?entity=user&entityId=${player.user_id}&sort=at:asc`,
    );
    expect(timeline.json().items.map((row: { action: string }) => row.action)).toEqual([
      'user.update',
      'adjustment.request',
    ]);
  });

  it('takes each reason; a credit alone leaves the user row as it was', async () => {
    for (const reason of ADJUSTMENT_REASONS) {
      const player = await t.user({ balance: 0 });
      const res = await patch(player.user_id, {
        balance: 5000,
        adjustmentReason: reason,
        ...(reason === 'other' && { adjustmentNote: 'bug bounty' }),
      });
      expect(res.statusCode, reason).toBe(202);
      expect(res.json().adjustment).toMatchObject({ reason, delta: 5000 });
      const row = await t.db
        .selectFrom('users')
        .select(['balance', 'updated_at'])
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ balance: 0, updated_at: player.updated_at });
      expect(await userAudits(t, player.user_id)).toEqual([]);
    }
  });

  it('without a reason, or `other` without a note: 400 naming the field, nothing changed', async () => {
    const player = await t.user({ balance: 100 });
    const cases: [object, string, string][] = [
      [{}, 'adjustmentReason', 'Reason is required for a credit that needs a second admin'],
      [
        { adjustmentNote: 'a note alone' },
        'adjustmentReason',
        'Reason is required for a credit that needs a second admin',
      ],
      [
        { adjustmentReason: 'other' },
        'adjustmentNote',
        'Note is required when the reason is Other',
      ],
      [
        { adjustmentReason: 'other', adjustmentNote: '   ' },
        'adjustmentNote',
        'Note is required when the reason is Other',
      ],
    ];
    const before = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
    for (const [extra, field, message] of cases) {
      const res = await patch(player.user_id, { balance: 5000, xp: 99, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toEqual({
        code: 'invalid_input',
        error: message,
        fields: { [field]: message },
      });
    }
    const unknown = await patch(player.user_id, { balance: 5000, adjustmentReason: 'bored' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['adjustmentReason']);
    expect(await fingerprint(t.db, REFUSED_REQUEST_WRITES)).toEqual(before);
  });
});

describe('applied at once, as before', () => {
  it('a raise under the threshold, a lowering, and the same balance: no adjustment', async () => {
    const player = await t.user({ balance: 100 });
    const under = await patch(player.user_id, {
      balance: 100 + THRESHOLD - 1,
      adjustmentReason: 'goodwill',
    });
    expect(under.statusCode, under.body).toBe(200);
    expect(under.json().user.balance).toBe(100 + THRESHOLD - 1);
    const lower = await patch(player.user_id, { balance: 3 });
    expect(lower.statusCode).toBe(200);
    expect(await balanceOf(t.db, player.user_id)).toBe(3);
    // Lowering a lot needs no reason: only credits wait.
    const rich = await t.user({ balance: 1_000_000 });
    expect((await patch(rich.user_id, { balance: 0 })).json().user.balance).toBe(0);
    expect(await adjustmentsOf(player.user_id)).toEqual([]);
    expect(await adjustmentsOf(rich.user_id)).toEqual([]);
    expect((await userAudits(t, player.user_id)).map((row) => row.after)).toEqual([
      { balance: 100 + THRESHOLD - 1 },
      { balance: 3 },
    ]);
  });

  it('with the threshold off or never set, any credit', async () => {
    const player = await t.user({ balance: 0 });
    await setPointsThreshold(t, null);
    expect((await patch(player.user_id, { balance: 1e9 })).statusCode).toBe(200);
    await t.db.deleteFrom('settings').where('key', '=', 'payouts').execute();
    expect((await patch(player.user_id, { balance: 2e9 })).statusCode).toBe(200);
    expect(await balanceOf(t.db, player.user_id)).toBe(2e9);
    expect(await adjustmentsOf(player.user_id)).toEqual([]);
  });
});
