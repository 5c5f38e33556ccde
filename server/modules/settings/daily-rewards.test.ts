import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockSetting, writeSetting } from '../../settings/store';
import { lockWaiters, type SignedIn, signedIn } from '../../test/client';
import { sendIfMatch } from '../../test/crud';
import { createTestContext, type TestContext } from '../../test/harness';
import { expectRefused, settingAudits, settingRow } from '../../test/settings';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/daily-rewards';
const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const schedule = {
  labels: ['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6', 'Bonus'],
  values: [5, 10, 15, 20, 25, 30, 100],
  isActive: false,
};

describe('/api/admin/daily-rewards', () => {
  it('answers the defaults while never saved', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      labels: WEEK,
      values: [10, 15, 20, 25, 30, 40, 50],
      isActive: true,
      updatedAt: null,
    });
  });

  it('saves the whole schedule with labels trimmed, audits it, and answers it back', async () => {
    const res = await admin.patch(URL, {
      ...schedule,
      labels: [' Day 1 ', ...schedule.labels.slice(1)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt } = res.json();
    expect(res.json()).toEqual({ ok: true, updatedAt: expect.any(String) });

    const row = await settingRow(t, 'daily_rewards');
    expect(row?.value).toEqual(schedule);
    expect(row?.updated_at.toISOString()).toBe(updatedAt);
    expect((await admin.get(URL)).json()).toEqual({ ...schedule, updatedAt });
    const audits = await settingAudits(t, 'daily_rewards');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'settings.daily_rewards',
      actor: admin.user.username,
      before: null,
      after: schedule,
    });
  });

  it('audits what it replaced; a save of what is stored writes nothing and keeps updatedAt', async () => {
    const stored = (await admin.get(URL)).json();
    const next = { ...schedule, values: [0, 0, 0, 0, 0, 0, 1_000_000_000], isActive: true };
    const changed = await admin.patch(URL, next);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().updatedAt).not.toBe(stored.updatedAt);
    const audits = await settingAudits(t, 'daily_rewards');
    expect(audits.at(-1)).toMatchObject({ before: schedule, after: next });

    const again = await admin.patch(URL, next);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ok: true, updatedAt: changed.json().updatedAt });
    expect(await settingAudits(t, 'daily_rewards')).toHaveLength(audits.length);
  });

  it('refuses a schedule that is not 7 labels and 7 whole points of 0 or more', async () => {
    await expectRefused(t, admin, URL, 'daily_rewards', [
      [{ ...schedule, labels: WEEK.slice(1) }, 'labels', 'Labels must hold 7 labels'],
      [{ ...schedule, labels: [...WEEK, 'Extra'] }, 'labels'],
      [
        { ...schedule, labels: ['Mon', 'Tue', '  ', ...WEEK.slice(3)] },
        'labels.2',
        'Label is required',
      ],
      [{ ...schedule, labels: [...WEEK.slice(0, 6), 'x'.repeat(41)] }, 'labels.6'],
      [{ ...schedule, labels: [...WEEK.slice(0, 6), 7] }, 'labels.6'],
      [{ ...schedule, labels: ['\udc00', ...WEEK.slice(1)] }, 'labels.0'],
      [{ ...schedule, values: [1, 2, 3] }, 'values', 'Values must hold 7 values'],
      [{ ...schedule, values: [-1, 2, 3, 4, 5, 6, 7] }, 'values.0', 'Value 1 must be 0 or more'],
      [
        { ...schedule, values: [1, 2.5, 3, 4, 5, 6, 7] },
        'values.1',
        'Value 2 must be a whole number',
      ],
      [{ ...schedule, values: [1, 2, '3', 4, 5, 6, 7] }, 'values.2', 'Value 3 must be a number'],
      [{ ...schedule, values: [1, 2, 3, null, 5, 6, 7] }, 'values.3'],
      [{ ...schedule, values: [1, 2, 3, 4, 5, 6, 1e10] }, 'values.6'],
      [{ ...schedule, isActive: 'yes' }, 'isActive', 'Active must be true or false'],
      [{ labels: schedule.labels, values: schedule.values }, 'isActive'],
      [{ ...schedule, startsOn: 'Mon' }, 'startsOn', 'Unknown field'],
    ]);
  });

  it('answers 409, changing nothing, for an edit based on an older save', async () => {
    const { updatedAt, ...current } = (await admin.get(URL)).json();
    const audits = (await settingAudits(t, 'daily_rewards')).length;
    const edit = { ...current, isActive: !current.isActive };
    const res = await sendIfMatch(t, admin, 'PATCH', URL, edit, '2020-01-01T00:00:00.000Z');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error:
        'This daily rewards schedule was changed by someone else. Reload to see the latest values.',
      code: 'stale',
    });
    expect((await admin.get(URL)).json()).toEqual({ ...current, updatedAt });
    expect(await settingAudits(t, 'daily_rewards')).toHaveLength(audits);

    const fresh = await sendIfMatch(t, admin, 'PATCH', URL, edit, updatedAt);
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('waits for a save in progress, then replaces what it stored', async () => {
    const other = { ...schedule, labels: WEEK, values: [1, 2, 3, 4, 5, 6, 7] };
    let pending: ReturnType<SignedIn['patch']> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await lockSetting(trx, 'daily_rewards');
      await writeSetting(trx, 'daily_rewards', other);
      pending = admin.patch(URL, schedule);
      await lockWaiters(t, 1);
    });
    const res = await (pending as NonNullable<typeof pending>);
    expect(res.statusCode, res.body).toBe(200);
    expect((await settingRow(t, 'daily_rewards'))?.value).toEqual(schedule);
    expect((await settingAudits(t, 'daily_rewards')).at(-1)).toMatchObject({
      before: other,
      after: schedule,
    });
  });

  it('reads a stored value of an older or broken shape field by field, with defaults', async () => {
    await writeSetting(t.db, 'daily_rewards', {
      labels: WEEK.map((day) => day.toUpperCase()),
      values: [1, 2, 3],
      isActive: 'no',
      legacy: true,
    });
    expect((await admin.get(URL)).json()).toEqual({
      labels: WEEK.map((day) => day.toUpperCase()),
      values: [10, 15, 20, 25, 30, 40, 50],
      isActive: true,
      updatedAt: expect.any(String),
    });
    await writeSetting(t.db, 'daily_rewards', [1, 2]);
    expect((await admin.get(URL)).json()).toMatchObject({ labels: WEEK, isActive: true });
  });
});
