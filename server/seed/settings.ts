import type { Database } from '../db/connect';
import { writeSetting } from '../settings/store';

/**
 * The demo's Settings singletons: a weekly schedule that builds up to a Sunday bonus, referral
 * rewards and the app's info. Written as an admin would save them (the routes' value shapes).
 */
export async function insertDemoSettings(trx: Database): Promise<Record<string, number>> {
  await writeSetting(trx, 'daily_rewards', {
    labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sunday bonus'],
    values: [20, 25, 30, 35, 40, 60, 150],
    isActive: true,
  });
  await writeSetting(trx, 'referral', { maxReferralsPerUser: 25, pointsPerReferral: 200 });
  await writeSetting(trx, 'app_info', {
    title: 'Rewards Arena',
    description:
      'Play skill games against real opponents, earn points and XP every day, invite friends and cash out your rewards.',
    email: 'support@example.com',
    version: '2.4.0',
  });
  return { settings: 3 };
}
