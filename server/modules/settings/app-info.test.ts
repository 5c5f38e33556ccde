import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { expectRefused, settingAudits, settingRow } from '../../test/settings';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/app-info';
const info = {
  title: 'Rewards Arena',
  description: 'Play, win and cash out.',
  email: 'help@rewards.example',
  version: '2.4.1',
};

describe('/api/admin/app-info', () => {
  it('answers defaults that the save itself accepts while never saved', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt, ...defaults } = res.json();
    expect(updatedAt).toBeNull();
    expect(defaults).toMatchObject({
      title: 'Rewards',
      email: 'support@example.com',
      version: '1.0.0',
    });
    expect(defaults.description).not.toBe('');
    const saved = await admin.patch(URL, defaults);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('saves every field trimmed, answers it with updatedAt, and audits the change', async () => {
    const before = (await admin.get(URL)).json();
    const res = await admin.patch(URL, {
      title: '  Rewards Arena ',
      description: '\nPlay, win and cash out.  ',
      email: ' help@rewards.example ',
      version: ' 2.4.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { updatedAt } = res.json().appInfo;
    expect(res.json()).toEqual({ ok: true, appInfo: { ...info, updatedAt: expect.any(String) } });
    expect(updatedAt).not.toBe(before.updatedAt);
    expect((await settingRow(t, 'app_info'))?.value).toEqual(info);
    expect((await admin.get(URL)).json()).toEqual({ ...info, updatedAt });
    const { updatedAt: _, ...previous } = before;
    expect((await settingAudits(t, 'app_info')).at(-1)).toMatchObject({
      action: 'settings.app_info',
      entity: 'settings',
      entity_id: 'app_info',
      before: previous,
      after: info,
    });

    const audits = (await settingAudits(t, 'app_info')).length;
    const same = await admin.patch(URL, info);
    expect(same.json()).toEqual({ ok: true, appInfo: { ...info, updatedAt } });
    expect(await settingAudits(t, 'app_info')).toHaveLength(audits);
  });

  it('refuses a missing, blank or too long field, or an email that is not one', async () => {
    await expectRefused(t, admin, URL, 'app_info', [
      [{ ...info, title: '   ' }, 'title', 'Title is required'],
      [{ ...info, description: '' }, 'description', 'Description is required'],
      [{ ...info, email: ' ' }, 'email', 'Support email is required'],
      [{ ...info, email: 'help at example' }, 'email', 'Enter a valid email address'],
      [{ ...info, version: '\t' }, 'version', 'Version is required'],
      [{ ...info, version: '1'.repeat(33) }, 'version', 'Version must be at most 32 characters'],
      [{ ...info, title: 'x'.repeat(101) }, 'title'],
      [{ ...info, title: 'A\u0000B' }, 'title'],
      // PostgreSQL's JSON refuses half a surrogate pair: a 400, not a 500
      [
        { ...info, description: 'Emoji \ud83c' },
        'description',
        'Description must not contain invalid characters',
      ],
      [{ title: info.title, description: info.description, email: info.email }, 'version'],
      [{ ...info, website: 'https://example.com' }, 'website', 'Unknown field'],
    ]);
  });
});
