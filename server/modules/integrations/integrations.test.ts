import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_DEFAULTS, KEY_MASK } from '../../../contract/integrations';
import { createSecretBox } from '../../secrets/box';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '../../test/harness';
import { API_KEY, APP_ID, auditRows, integrationsBody, storedRow } from '../../test/integrations';
import { testPushKey } from '../../test/secret-marker';
import { KEY_PURPOSE, StoredKey } from './stored';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/integrations';
const MASKED = `${KEY_MASK}wxyz`;

/** The push key as stored: sealed, never the clear text. */
const storedKey = async () => {
  const value = (await storedRow(t))?.value as { onesignal: { restApiKey: unknown } } | undefined;
  return value?.onesignal.restApiKey === null ? null : StoredKey.parse(value?.onesignal.restApiKey);
};

describe('integrations', () => {
  it('reads as the specification’s defaults while never saved', async () => {
    const res = await admin.get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ integrations: INTEGRATION_DEFAULTS });
    expect(res.json().integrations.onesignal.enabled).toBe(true);
    expect(res.json().integrations.unityAds).toMatchObject({
      enabled: false,
      testMode: true,
      rewardedPlacementAndroid: 'Rewarded_Android',
      rewardedPlacementIos: 'Rewarded_iOS',
    });
  });

  it('keeps the key write-only: new, masked, kept with the mask, cleared with ""', async () => {
    // a new key: the answer already shows it masked
    const saved = await admin.patch(
      URL,
      integrationsBody(
        { androidChannelId: ' chan-1 ' },
        { enabled: true, androidGameId: '5551234' },
      ),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      ok: true,
      integrations: {
        onesignal: {
          enabled: true,
          appId: APP_ID,
          restApiKey: MASKED,
          androidChannelId: 'chan-1',
          iosThreadId: '',
        },
        unityAds: { ...INTEGRATION_DEFAULTS.unityAds, enabled: true, androidGameId: '5551234' },
      },
    });
    expect((await admin.get(URL)).json().integrations).toEqual(saved.json().integrations);

    // stored encrypted: not the key, but the key once decrypted with the server's key
    const row = await storedRow(t);
    expect(JSON.stringify(row?.value)).not.toContain(API_KEY);
    const sealed = await storedKey();
    expect(sealed).not.toBeNull();
    expect(createSecretBox(TEST_SECRETS_KEY).open(sealed as StoredKey, KEY_PURPOSE)).toBe(API_KEY);

    // the masked value keeps the stored key as it was; other fields still change
    const kept = await admin.patch(
      URL,
      integrationsBody({ restApiKey: MASKED, iosThreadId: 'news' }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().integrations.onesignal).toMatchObject({
      restApiKey: MASKED,
      iosThreadId: 'news',
    });
    expect(await storedKey()).toEqual(sealed);

    // the same key typed again is a new write: encrypted afresh
    await admin.patch(URL, integrationsBody({ restApiKey: API_KEY }));
    const rewritten = await storedKey();
    expect(rewritten?.iv).not.toBe(sealed?.iv);

    // '' clears it
    const cleared = await admin.patch(URL, integrationsBody({ restApiKey: '' }));
    expect(cleared.json().integrations.onesignal.restApiKey).toBe('');
    expect((await admin.get(URL)).json().integrations.onesignal.restApiKey).toBe('');
    expect(await storedKey()).toBeNull();

    // one audit row per save, saying only what happened to the key
    const audits = await auditRows(t, 'integrations.update');
    expect(
      audits.map((a) => (a.after as { onesignal: { restApiKey: string } }).onesignal.restApiKey),
    ).toEqual(['replaced', 'kept', 'replaced', 'cleared']);
    expect(audits[0]).toMatchObject({
      entity: 'settings',
      entity_id: 'integrations',
      actor: admin.user.username,
    });
    expect(audits[1]?.before).toMatchObject({ onesignal: { appId: APP_ID, iosThreadId: '' } });
    expect(audits[1]?.after).toMatchObject({ onesignal: { iosThreadId: 'news' } });
    for (const audit of audits) {
      expect(JSON.stringify([audit.before, audit.after])).not.toContain(API_KEY);
      expect(JSON.stringify(audit.before)).not.toContain('restApiKey');
    }
  });

  it('writes nothing, not even an audit row, for a save that changes nothing', async () => {
    expect((await admin.patch(URL, integrationsBody({ appId: APP_ID }))).statusCode).toBe(200);
    const row = await storedRow(t);
    const audits = (await auditRows(t, 'integrations.update')).length;
    const res = await admin.patch(URL, integrationsBody({ restApiKey: MASKED }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().integrations.onesignal.restApiKey).toBe(MASKED);
    expect(await storedRow(t)).toEqual(row);
    expect(await auditRows(t, 'integrations.update')).toHaveLength(audits);
  });

  it('refuses the masked value of a key that is no longer the stored one', async () => {
    await admin.patch(URL, integrationsBody({ restApiKey: testPushKey('another-key-1111') }));
    const before = await storedKey();
    const audits = (await auditRows(t, 'integrations.update')).length;

    const res = await admin.patch(
      URL,
      integrationsBody({ restApiKey: `${KEY_MASK}wxyz`, appId: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'onesignal.restApiKey':
        'The stored key changed since this form was loaded: reload, or type the whole key',
    });
    expect(await storedKey()).toEqual(before);
    expect((await admin.get(URL)).json().integrations.onesignal.appId).toBe(APP_ID);
    expect(await auditRows(t, 'integrations.update')).toHaveLength(audits);
  });

  it('validates every field and changes nothing on a refusal', async () => {
    const before = (await admin.get(URL)).json();
    const audits = (await auditRows(t, 'integrations.update')).length;
    const refused = async (body: unknown) => {
      const res = await admin.patch(URL, body as Record<string, unknown>);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };

    expect(
      await refused(
        integrationsBody(
          { appId: 'my app', restApiKey: 'has spaces in it', androidChannelId: 'x'.repeat(101) },
          { iosGameId: 'line\nbreak', rewardedPlacementIos: 'p'.repeat(101) },
        ),
      ),
    ).toEqual({
      'onesignal.appId': 'App ID must be an App ID such as 202d4f61-1ca9-42df-9d36-bb17d8123abc',
      'onesignal.restApiKey':
        'REST API Key must be the key as the provider shows it: at least 8 letters, digits or symbols, no spaces',
      'onesignal.androidChannelId': 'Android Channel ID must be at most 100 characters',
      'unityAds.iosGameId': 'iOS Game ID must be on one line',
      'unityAds.rewardedPlacementIos': 'Rewarded Placement (iOS) must be at most 100 characters',
    });
    expect(await refused(integrationsBody({ restApiKey: 'short' }))).toHaveProperty(
      'onesignal.restApiKey',
    );
    expect(await refused(integrationsBody({ restApiKey: 'k'.repeat(501) }))).toEqual({
      'onesignal.restApiKey': 'REST API Key must be at most 500 characters',
    });
    expect(await refused({ onesignal: integrationsBody().onesignal })).toHaveProperty('unityAds');
    expect(await refused({ ...integrationsBody(), extra: 1 })).toEqual({ extra: 'Unknown field' });
    expect(
      await refused({
        ...integrationsBody(),
        unityAds: { ...integrationsBody().unityAds, testMode: 'yes' },
      }),
    ).toEqual({ 'unityAds.testMode': 'Test mode must be true or false' });

    expect((await admin.get(URL)).json()).toEqual(before);
    expect(await auditRows(t, 'integrations.update')).toHaveLength(audits);
  });

  it('is for admins only', async () => {
    const player = await signedIn(t, { admin: false });
    expect((await player.get(URL)).statusCode).toBe(403);
    expect((await player.patch(URL, integrationsBody())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
