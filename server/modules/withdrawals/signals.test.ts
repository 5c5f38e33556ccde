import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWithdrawal } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import {
  expectRiskAsSignals,
  listed,
  playersLinked,
  signalOf,
  signalsOf,
} from '../../test/signals';

let t: TestContext;
let headers: ReturnType<typeof bearer>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
let counter = 0;
/** A destination no other test uses. */
const fresh = (label: string) => {
  counter += 1;
  return `${label}-${counter}@pay.example`;
};

/** A player whose account is a month old, so new_account says nothing unless asked. */
const player = (input: Parameters<TestContext['user']>[0] = {}) =>
  t.user({ createdAt: daysAgo(30), ...input });

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  headers = bearer(await t.login(admin.username, admin.password));
});
afterAll(() => t.close());

describe('shared_destination', () => {
  it('warns when another account withdrew to the destination, trimmed and in any case', async () => {
    const destination = fresh('Shared');
    const [a, b] = [await player(), await player()];
    const own = await insertWithdrawal(t.db, { userId: a.user_id, destination });
    // The player's own other withdrawal to it is no signal.
    await insertWithdrawal(t.db, { userId: a.user_id, destination: destination.toLowerCase() });
    expect(await signalOf(t, headers, own.id, 'shared_destination')).toBeUndefined();

    await insertWithdrawal(t.db, {
      userId: b.user_id,
      destination: `  ${destination.toUpperCase()} `,
      status: 'approved',
    });
    expect(await signalOf(t, headers, own.id, 'shared_destination')).toEqual({
      code: 'shared_destination',
      level: 'warning',
      title: 'Shared destination',
      detail: '1 other account withdrew to this destination.',
      evidence: { resource: 'withdrawals', filter: { destination } },
    });
    await expectRiskAsSignals(t, headers, own.id);

    // The evidence's filter lists all three, whatever the case or spaces.
    const rows = await listed(t, headers, { destination: ` ${destination.toLowerCase()}` });
    expect(rows).toHaveLength(3);
    expect(await listed(t, headers, { destination: destination.slice(0, -1) })).toEqual([]);
    // Exact: no pattern characters.
    expect(await listed(t, headers, { destination: '%' })).toEqual([]);
    expect(await listed(t, headers, { destination: destination.replace('-', '_') })).toEqual([]);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals?destination=${'x'.repeat(501)}`,
      headers,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('is high once one of those accounts is disabled', async () => {
    const destination = fresh('disabled');
    const [a, b, c] = [await player(), await player(), await player()];
    const own = await insertWithdrawal(t.db, { userId: a.user_id, destination });
    await insertWithdrawal(t.db, { userId: b.user_id, destination });
    await insertWithdrawal(t.db, { userId: c.user_id, destination });
    expect((await signalOf(t, headers, own.id, 'shared_destination'))?.level).toBe('warning');

    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', c.id).execute();
    const signal = await signalOf(t, headers, own.id, 'shared_destination');
    expect(signal?.level).toBe('high');
    expect(signal?.detail).toBe(
      '2 other accounts withdrew to this destination; 1 of them disabled or rejected for fraud or a duplicate account.',
    );
    await expectRiskAsSignals(t, headers, own.id);
  });

  it('is high when one of them had a withdrawal rejected as fraud or a duplicate account, not for other reasons', async () => {
    for (const [reason, level] of [
      ['other', 'warning'],
      ['invalid_destination', 'warning'],
      ['duplicate_account', 'high'],
      ['fraud_suspected', 'high'],
    ] as const) {
      const destination = fresh(reason);
      const [a, b] = [await player(), await player()];
      const own = await insertWithdrawal(t.db, { userId: a.user_id, destination });
      await insertWithdrawal(t.db, { userId: b.user_id, destination });
      // Rejected elsewhere, to another destination: the account is what counts.
      const elsewhere = await insertWithdrawal(t.db, { userId: b.user_id });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/withdrawals/${elsewhere.id}/decision`,
        headers,
        payload: { action: 'reject', reasonCode: reason },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await signalOf(t, headers, own.id, 'shared_destination'))?.level, reason).toBe(level);
      await expectRiskAsSignals(t, headers, own.id);
    }
  });
});

describe('new_account', () => {
  const askedAfter = async (ms: number) => {
    const created = new Date(Date.now() - 10 * DAY);
    const p = await t.user({ createdAt: created });
    const w = await insertWithdrawal(t.db, {
      userId: p.user_id,
      createdAt: new Date(created.getTime() + ms),
    });
    return signalOf(t, headers, w.id, 'new_account');
  };

  it('is high under 24 hours, a warning under 7 days, nothing from then on', async () => {
    expect(await askedAfter(DAY - 1000)).toMatchObject({
      level: 'high',
      detail: 'The account was 23 hours old when it asked.',
      evidence: { resource: 'users' },
    });
    expect((await askedAfter(DAY))?.level).toBe('warning');
    expect(await askedAfter(7 * DAY - 1000)).toMatchObject({
      level: 'warning',
      detail: 'The account was 6 days old when it asked.',
    });
    expect(await askedAfter(7 * DAY)).toBeUndefined();
  });

  it('links to the player', async () => {
    const p = await t.user();
    const w = await insertWithdrawal(t.db, { userId: p.user_id });
    const signal = await signalOf(t, headers, w.id, 'new_account');
    expect(signal?.evidence).toEqual({ resource: 'users', filter: { ids: [p.user_id] } });
    expect(await playersLinked(t, headers, signal)).toEqual([p.user_id]);
    await expectRiskAsSignals(t, headers, w.id);
  });
});

describe('velocity', () => {
  it('counts the withdrawals of the 24 hours and 7 days before; a warning at 3 in 24 hours', async () => {
    const p = await player();
    const at = (hoursAgo: number) =>
      insertWithdrawal(t.db, {
        userId: p.user_id,
        createdAt: new Date(Date.now() - hoursAgo * HOUR),
      });
    const first = await at(8 * 24); // more than 7 days before the rest
    expect(await signalOf(t, headers, first.id, 'velocity')).toBeUndefined();
    const week = await at(100);
    const day1 = await at(23);
    const day2 = await at(22);
    const second = await at(21);
    expect(await signalOf(t, headers, second.id, 'velocity')).toEqual({
      code: 'velocity',
      level: 'info',
      title: 'Frequent withdrawals',
      detail: '2 withdrawals in the 24 hours and 3 in the 7 days before this one.',
      evidence: {
        resource: 'withdrawals',
        filter: { ids: [day2, day1, week].map((w) => String(w.id)) },
      },
    });
    const third = await at(20);
    expect(await signalOf(t, headers, third.id, 'velocity')).toMatchObject({
      level: 'warning',
      detail: '3 withdrawals in the 24 hours and 4 in the 7 days before this one.',
    });
    await expectRiskAsSignals(t, headers, third.id);
    await expectRiskAsSignals(t, headers, second.id);
  });
});

describe('prior_rejections', () => {
  it('names the reasons of earlier rejections; high once one was fraud', async () => {
    const p = await player();
    const earlier = (status: 'rejected' | 'approved', hoursAgo: number) =>
      insertWithdrawal(t.db, {
        userId: p.user_id,
        status,
        createdAt: new Date(Date.now() - hoursAgo * HOUR),
      });
    const unstated = await earlier('rejected', 300);
    await earlier('approved', 290);
    const pendingOne = await earlier('rejected', 280);
    await t.db
      .updateTable('withdrawals')
      .set({ status: 'pending' })
      .where('id', '=', pendingOne.id)
      .execute();
    const own = await insertWithdrawal(t.db, { userId: p.user_id });
    // Rejected later than this one: not earlier, so not counted.
    await insertWithdrawal(t.db, { userId: p.user_id, status: 'rejected' });
    expect(await signalOf(t, headers, own.id, 'prior_rejections')).toEqual({
      code: 'prior_rejections',
      level: 'warning',
      title: 'Earlier rejections',
      detail: '1 earlier withdrawal rejected: No reason given.',
      evidence: { resource: 'withdrawals', filter: { ids: [String(unstated.id)] } },
    });

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/withdrawals/${pendingOne.id}/decision`,
      headers,
      payload: { action: 'reject', reasonCode: 'fraud_suspected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signalOf(t, headers, own.id, 'prior_rejections')).toMatchObject({
      level: 'high',
      detail: '2 earlier withdrawals rejected: Fraud suspected, No reason given.',
    });
    // The queue's risk followed the rejection.
    await expectRiskAsSignals(t, headers, own.id);
    expect((await listed(t, headers, { ids: String(own.id) }))[0]?.risk.level).toBe('high');
  });
});

describe('referral_link', () => {
  it('is high when the referrer or a referred player used the destination', async () => {
    const destination = fresh('referral');
    const referrer = await player();
    const p = await player({ referredBy: referrer.referral_code });
    const referred = await player({ referredBy: p.referral_code });
    const own = await insertWithdrawal(t.db, { userId: p.user_id, destination });
    expect(await signalOf(t, headers, own.id, 'referral_link')).toBeUndefined();

    await insertWithdrawal(t.db, { userId: referrer.user_id, destination: fresh('elsewhere') });
    expect(await signalOf(t, headers, own.id, 'referral_link')).toBeUndefined();

    await insertWithdrawal(t.db, { userId: referred.user_id, destination });
    await insertWithdrawal(t.db, {
      userId: referrer.user_id,
      destination: destination.toUpperCase(),
    });
    expect(await signalOf(t, headers, own.id, 'referral_link')).toEqual({
      code: 'referral_link',
      level: 'high',
      title: 'Referral shares destination',
      detail: `Also withdrew to this destination: ${referred.username}, whom they referred; their referrer ${referrer.username}.`,
      evidence: { resource: 'withdrawals', filter: { destination } },
    });
    await expectRiskAsSignals(t, headers, own.id);
  });
});

describe('user_disabled and the list', () => {
  it('follows the player status; the list answers and filters by the highest level', async () => {
    const p = await player();
    const own = await insertWithdrawal(t.db, { userId: p.user_id, destination: fresh('solo') });
    expect(await signalsOf(t, headers, own.id)).toEqual([]);
    expect((await listed(t, headers, { ids: String(own.id) }))[0]?.risk).toEqual({
      level: null,
      count: 0,
    });

    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    expect(await signalsOf(t, headers, own.id)).toEqual([
      {
        code: 'user_disabled',
        level: 'high',
        title: 'Player disabled',
        detail: "The player's account is disabled.",
        evidence: { resource: 'users', filter: { ids: [p.user_id] } },
      },
    ]);
    await expectRiskAsSignals(t, headers, own.id);
    const high = await listed(t, headers, { risk: 'high', limit: '100' });
    expect(high.map((w) => w._id)).toContain(String(own.id));
    expect(high.every((w) => w.risk.level === 'high')).toBe(true);
    const warning = await listed(t, headers, { risk: 'warning', limit: '100' });
    expect(warning.length).toBeGreaterThan(0);
    expect(warning.every((w) => w.risk.level === 'warning')).toBe(true);

    await t.db.updateTable('users').set({ status: 'active' }).where('id', '=', p.id).execute();
    expect(await signalsOf(t, headers, own.id)).toEqual([]);
    await expectRiskAsSignals(t, headers, own.id);
  });

  it('orders high first, then warning, then info', async () => {
    const p = await t.user({ createdAt: new Date(Date.now() - 2 * DAY), status: 'disabled' });
    await insertWithdrawal(t.db, { userId: p.user_id, createdAt: new Date(Date.now() - HOUR) });
    const own = await insertWithdrawal(t.db, { userId: p.user_id });
    expect((await signalsOf(t, headers, own.id)).map((s) => [s.code, s.level])).toEqual([
      ['user_disabled', 'high'],
      ['new_account', 'warning'],
      ['velocity', 'info'],
    ]);
    await expectRiskAsSignals(t, headers, own.id);
  });

  it('refuses an unknown risk filter with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals?risk=info',
      headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/admin/withdrawals/:id/signals access', () => {
  it('answers 404 as the withdrawal itself for an unknown or malformed id', async () => {
    for (const id of ['999999999', 'abc', '0']) {
      const [signals, withdrawal] = await Promise.all(
        [`/api/admin/withdrawals/${id}/signals`, `/api/admin/withdrawals/${id}`].map((url) =>
          t.app.inject({ method: 'GET', url, headers }),
        ),
      );
      expect(signals?.statusCode).toBe(404);
      expect(signals?.json()).toEqual(withdrawal?.json());
    }
  });

  it('answers 403 to an admin without withdrawals:read, 401 to nobody', async () => {
    const p = await player();
    const w = await insertWithdrawal(t.db, { userId: p.user_id });
    const reader = await t.user({ admin: true, permissions: ['users:read'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${w.id}/signals`,
      headers: bearer(await t.login(reader.username, reader.password)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(p.user_id);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${w.id}/signals`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
