import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
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

const URL = '/api/admin/settings/referral';

describe('/api/admin/settings/referral', () => {
  it('answers the defaults while never saved: 10 referrals a user, 100 points each', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      maxReferralsPerUser: 10,
      pointsPerReferral: 100,
      updatedAt: null,
    });
  });

  it('saves both numbers, answers ok with updatedAt, and audits the change', async () => {
    const first = await admin.patch(URL, { maxReferralsPerUser: 10, pointsPerReferral: 100 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, updatedAt: expect.any(String) });
    // Saving the defaults makes them explicit: the first save always writes.
    expect(await settingRow(t, 'referral')).toMatchObject({
      value: { maxReferralsPerUser: 10, pointsPerReferral: 100 },
    });

    const res = await admin.patch(URL, { maxReferralsPerUser: 0, pointsPerReferral: 250 });
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt } = res.json();
    expect((await admin.get(URL)).json()).toEqual({
      maxReferralsPerUser: 0,
      pointsPerReferral: 250,
      updatedAt,
    });
    const audits = await settingAudits(t, 'referral');
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['settings.referral', null, { maxReferralsPerUser: 10, pointsPerReferral: 100 }],
      [
        'settings.referral',
        { maxReferralsPerUser: 10, pointsPerReferral: 100 },
        { maxReferralsPerUser: 0, pointsPerReferral: 250 },
      ],
    ]);

    const same = await sendIfMatch(
      t,
      admin,
      'PATCH',
      URL,
      { maxReferralsPerUser: 0, pointsPerReferral: 250 },
      updatedAt,
    );
    expect(same.json()).toEqual({ ok: true, updatedAt });
    expect(await settingAudits(t, 'referral')).toHaveLength(2);
  });

  it('refuses anything but two whole numbers of 0 or more', async () => {
    const ok = { maxReferralsPerUser: 5, pointsPerReferral: 50 };
    await expectRefused(t, admin, URL, 'referral', [
      [
        { ...ok, maxReferralsPerUser: -1 },
        'maxReferralsPerUser',
        'Max referrals per user must be 0 or more',
      ],
      [
        { ...ok, maxReferralsPerUser: 2.5 },
        'maxReferralsPerUser',
        'Max referrals per user must be a whole number',
      ],
      [{ ...ok, maxReferralsPerUser: 1_000_001 }, 'maxReferralsPerUser'],
      [
        { ...ok, pointsPerReferral: '50' },
        'pointsPerReferral',
        'Points per referral must be a number',
      ],
      [{ ...ok, pointsPerReferral: 1e10 }, 'pointsPerReferral'],
      [{ maxReferralsPerUser: 5 }, 'pointsPerReferral'],
      [{ ...ok, bonus: 1 }, 'bonus', 'Unknown field'],
    ]);
  });

  it('answers 409 for an edit based on an older save', async () => {
    const res = await sendIfMatch(
      t,
      admin,
      'PATCH',
      URL,
      { maxReferralsPerUser: 3, pointsPerReferral: 30 },
      '2020-01-01T00:00:00.000Z',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stale' });
    expect((await admin.get(URL)).json()).toMatchObject({ maxReferralsPerUser: 0 });
  });
});
