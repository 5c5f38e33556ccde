import { expect } from 'vitest';
import type { SettingKey } from '../settings/store';
import type { SignedIn } from './client';
import { auditsOf } from './crud';
import type { TestContext } from './harness';

// Shared by the API tests of the settings singletons.

/** The stored row of a singleton; undefined while never saved. */
export const settingRow = (t: TestContext, key: SettingKey) =>
  t.db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst();

/** The audit rows of a singleton's saves, oldest first. */
export const settingAudits = (t: TestContext, key: SettingKey) => auditsOf(t, 'settings', key);

/** A body and the one field its 400 must name, with that field's message when it matters. */
export type RefusedCase = [body: object, field: string, message?: string];

/**
 * PATCHes each body: every one answers 400 naming exactly its field, and none changes what is
 * stored or writes an audit row.
 */
export async function expectRefused(
  t: TestContext,
  admin: SignedIn,
  url: string,
  key: SettingKey,
  cases: RefusedCase[],
): Promise<void> {
  const before = await settingRow(t, key);
  const audits = (await settingAudits(t, key)).length;
  for (const [body, field, message] of cases) {
    const res = await admin.patch(url, body);
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    const { fields } = res.json();
    expect(Object.keys(fields), JSON.stringify(body)).toEqual([field]);
    if (message) expect(fields[field], JSON.stringify(body)).toBe(message);
  }
  expect(await settingRow(t, key)).toEqual(before);
  expect(await settingAudits(t, key)).toHaveLength(audits);
}
