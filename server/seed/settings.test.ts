import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppInfoBody, DailyRewardsBody, ReferralBody } from '../../contract/settings';
import { type SignedIn, signedIn } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';
import { insertDemoSettings } from './settings';

let t: TestContext;
let admin: SignedIn;
let counts: Record<string, number>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  counts = await t.db.transaction().execute((trx) => insertDemoSettings(trx));
});
afterAll(() => t.close());

/** What the console loads, without updatedAt: the body its form would save. */
const loaded = async (url: string) => {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const { updatedAt, ...value } = res.json();
  expect(updatedAt).toEqual(expect.any(String));
  return value;
};

describe('the demo settings', () => {
  it('stores the three singletons', () => {
    expect(counts).toEqual({ settings: 3 });
  });

  it('serves a schedule, referral rewards and app info the forms accept as they are', async () => {
    const daily = await loaded('/api/admin/daily-rewards');
    expect(daily).toMatchObject({ isActive: true });
    expect(daily.values).toHaveLength(7);
    expect(DailyRewardsBody.parse(daily)).toEqual(daily);

    const referral = await loaded('/api/admin/settings/referral');
    expect(ReferralBody.parse(referral)).toEqual(referral);

    const info = await loaded('/api/admin/app-info');
    expect(info).toMatchObject({
      title: 'Rewards Arena',
      email: 'support@example.com',
      version: '2.4.0',
    });
    expect(AppInfoBody.parse(info)).toEqual(info);
  });
});
