import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_MASK } from '../../../contract/integrations';
import type { PushSendBody } from '../../../contract/notifications';
import { createSecretBox } from '../../secrets/box';
import { writeSetting } from '../../settings/store';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { API_KEY, APP_ID, auditRows, integrationsBody } from '../../test/integrations';
import {
  appWithPushStub,
  type PushStub,
  resetPushStub,
  STUB_NOTIFICATION_ID,
} from '../../test/push-stub';
import { PUSH_OFF } from '../integrations/push-config';
import { KEY_PURPOSE } from '../integrations/stored';
import { PROVIDER_ERRORS } from './provider';

let t: TestContext;
let admin: SignedIn;
let stub: PushStub;
beforeAll(async () => {
  ({ stub, t, admin } = await appWithPushStub('/api/v1', 400));
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => resetPushStub(stub));

const STATUS = '/api/admin/notifications/onesignal';
const SEND = '/api/admin/notifications/send';

const configure = async (push: Parameters<typeof integrationsBody>[0] = {}) => {
  const res = await admin.patch('/api/admin/integrations', integrationsBody(push));
  expect(res.statusCode, res.body).toBe(200);
};

const welcome: PushSendBody = {
  headings: { en: 'Double points' },
  contents: { en: 'This weekend only' },
  includedSegments: ['Subscribed Users'],
};

describe('push status', () => {
  it('says why sending is off until push is enabled with an App ID and a key', async () => {
    const status = async () => (await admin.get(STATUS)).json();
    expect(await status()).toEqual({ enabled: false, appId: null, error: PUSH_OFF.noAppId });
    await configure({ restApiKey: '' });
    expect(await status()).toEqual({ enabled: false, appId: APP_ID, error: PUSH_OFF.noKey });
    await configure({ enabled: false });
    expect(await status()).toEqual({ enabled: false, appId: APP_ID, error: PUSH_OFF.disabled });
    await configure();
    expect(await status()).toEqual({ enabled: true, appId: APP_ID, error: null });
  });

  it('says so when the stored key was encrypted under another SECRETS_KEY', async () => {
    const foreign = createSecretBox(Buffer.alloc(32, 'another-key')).seal(API_KEY, KEY_PURPOSE);
    const { onesignal, unityAds } = integrationsBody();
    await writeSetting(t.db, 'integrations', {
      onesignal: { ...onesignal, restApiKey: { ...foreign, last4: 'wxyz' } },
      unityAds,
    });
    expect((await admin.get(STATUS)).json()).toEqual({
      enabled: false,
      appId: APP_ID,
      error: PUSH_OFF.unreadableKey,
    });
    const res = await admin.post(SEND, welcome);
    expect(res.statusCode).toBe(409);
    expect(stub.requests).toHaveLength(0);
  });
});

describe('push send', () => {
  beforeAll(() => configure());

  it('posts the provider’s create-notification call with the key, and answers its id', async () => {
    const before = (await auditRows(t, 'notification.send')).length;
    const res = await admin.post(SEND, {
      ...welcome,
      headings: { en: '  Double points ', es: 'Puntos dobles' },
      contents: { en: 'This weekend only', es: 'Solo este fin de semana' },
      data: { screen: 'offers', promo: { id: 7 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: STUB_NOTIFICATION_ID });

    expect(stub.requests).toHaveLength(1);
    const [sent] = stub.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/api/v1/notifications');
    expect(sent?.headers.authorization).toBe(`Key ${API_KEY}`);
    expect(sent?.headers['content-type']).toMatch(/^application\/json/);
    expect(sent?.body).toEqual({
      app_id: APP_ID,
      target_channel: 'push',
      headings: { en: 'Double points', es: 'Puntos dobles' },
      contents: { en: 'This weekend only', es: 'Solo este fin de semana' },
      data: { screen: 'offers', promo: { id: 7 } },
      included_segments: ['Subscribed Users'],
    });

    const audits = await auditRows(t, 'notification.send');
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({
      entity: 'notification',
      entity_id: STUB_NOTIFICATION_ID,
      actor: admin.user.username,
      after: {
        target: { segments: ['Subscribed Users'] },
        headings: { en: 'Double points', es: 'Puntos dobles' },
        ok: true,
        id: STUB_NOTIFICATION_ID,
      },
    });
    expect(JSON.stringify(audits.at(-1))).not.toContain(API_KEY);
  });

  it('targets external ids by alias, once each, with the configured channel and thread', async () => {
    await configure({ androidChannelId: 'chan-promos', iosThreadId: 'promos' });
    const res = await admin.post(SEND, {
      headings: { es: 'Hola' },
      contents: { es: 'Tienes premios' },
      includeExternalIds: [' u-1 ', 'u-2', 'u-1'],
    });
    expect(res.json()).toEqual({ ok: true, id: STUB_NOTIFICATION_ID });
    expect(stub.requests[0]?.body).toEqual({
      app_id: APP_ID,
      target_channel: 'push',
      headings: { es: 'Hola' },
      contents: { es: 'Tienes premios' },
      include_aliases: { external_id: ['u-1', 'u-2'] },
      android_channel_id: 'chan-promos',
      thread_id: 'promos',
    });
    expect((await auditRows(t, 'notification.send')).at(-1)?.after).toMatchObject({
      target: { externalIds: 2 },
    });
    await configure();
  });

  it('passes the provider’s error text back', async () => {
    stub.answer({ status: 400, body: { errors: ['Invalid app_id format', 'Check your key'] } });
    expect((await admin.post(SEND, welcome)).json()).toEqual({
      ok: false,
      error: 'Invalid app_id format; Check your key',
    });

    // 200 without an id: nothing was sent, and the reason is an object of lists
    stub.answer({
      body: { id: '', errors: { invalid_aliases: { external_id: ['u-9', 'u-10'] } } },
    });
    const res = await admin.post(SEND, {
      ...welcome,
      includedSegments: undefined,
      includeExternalIds: ['u-9', 'u-10'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, error: 'invalid_aliases: external_id: u-9, u-10' });

    stub.answer({ status: 503, raw: '<html>Service Unavailable</html>' });
    expect((await admin.post(SEND, welcome)).json()).toEqual({
      ok: false,
      error: 'The push provider answered 503',
    });

    const last = (await auditRows(t, 'notification.send')).at(-1);
    expect(last).toMatchObject({
      entity_id: null,
      after: { ok: false, error: 'The push provider answered 503' },
    });
  });

  it('gives up on a provider that does not answer in time', async () => {
    stub.answer({ hang: true });
    const started = Date.now();
    const res = await admin.post(SEND, welcome);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, error: PROVIDER_ERRORS.timeout });
    expect(res.json().error).toBe('Push provider did not answer in time');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stub.requests).toHaveLength(1);
  });

  it('gives up on a provider that answers its status but never the rest of its body', async () => {
    stub.answer({ stall: true, raw: '{"id": "' });
    const started = Date.now();
    const res = await admin.post(SEND, welcome);
    expect(res.json()).toEqual({ ok: false, error: PROVIDER_ERRORS.timeout });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('masks the key when the provider echoes it in its error text', async () => {
    stub.answer({ status: 401, echoKey: true });
    const res = await admin.post(SEND, welcome);
    expect(res.body).not.toContain(API_KEY);
    expect(res.json()).toEqual({ ok: false, error: `Bad Key ${KEY_MASK}${API_KEY.slice(-4)}` });
    expect(JSON.stringify(await auditRows(t, 'notification.send'))).not.toContain(API_KEY);
  });

  it('reads at most 64 KB of what the provider answers, and sends back 500 characters', async () => {
    stub.answer({ status: 400, raw: JSON.stringify({ errors: ['x'.repeat(5_000_000)] }) });
    const res = await admin.post(SEND, welcome);
    expect(res.json()).toEqual({ ok: false, error: 'The push provider answered 400' });

    stub.answer({ status: 400, body: { errors: ['y'.repeat(10_000)] } });
    const { error } = (await admin.post(SEND, welcome)).json();
    expect(error).toHaveLength(500);
  });

  it('validates the send and calls nothing on a refusal', async () => {
    const before = (await auditRows(t, 'notification.send')).length;
    const refused = async (body: unknown) => {
      const res = await admin.post(SEND, body as Record<string, unknown>);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    const { includedSegments: _segments, ...untargeted } = welcome;

    expect(await refused(untargeted)).toEqual({
      includedSegments: 'Choose segments or external ids to send to',
    });
    expect(await refused({ ...welcome, includeExternalIds: ['u-1'] })).toEqual({
      includedSegments: 'Send to segments or to external ids, not both',
    });
    expect(await refused({ ...untargeted, includeExternalIds: [] })).toEqual({
      includeExternalIds: 'Provide at least 1 external_id',
    });
    expect(await refused({ ...untargeted, includeExternalIds: ['  '] })).toEqual({
      'includeExternalIds.0': 'External ID 1 must not be blank',
    });
    expect(await refused({ ...welcome, headings: { en: '   ' } })).toEqual({
      'headings.en': 'Title is required',
    });
    expect(await refused({ ...welcome, headings: {}, contents: {} })).toEqual({
      headings: 'Title is required',
      contents: 'Message is required',
    });
    expect(await refused({ ...welcome, contents: { es: 'Hola' } })).toEqual({
      contents: 'Give a title and a message in the same languages',
    });
    expect(await refused({ ...welcome, headings: { fr: 'Bonjour' } })).toMatchObject({
      fr: 'Unknown field',
    });
    expect(await refused({ ...welcome, includedSegments: ['Everyone'] })).toEqual({
      'includedSegments.0': 'Segment 1 must be Subscribed Users, Active Users or Inactive Users',
    });
    expect(await refused({ ...welcome, data: ['not', 'an', 'object'] })).toHaveProperty('data');
    expect(await refused({ ...welcome, data: { blob: 'x'.repeat(2100) } })).toEqual({
      data: 'Custom data must be at most 2048 bytes as JSON',
    });
    expect(await refused({ ...welcome, sendAt: 'now' })).toEqual({ sendAt: 'Unknown field' });

    expect(stub.requests).toHaveLength(0);
    expect(await auditRows(t, 'notification.send')).toHaveLength(before);
  });

  it('refuses custom data nested too deeply with a 400 naming the field, and sends nothing', async () => {
    // 1,500 levels, 9 KB: enough to overflow the stack of a recursive schema.
    let deep: unknown = 1;
    for (let i = 0; i < 1500; i++) deep = { a: deep };
    const res = await admin.post(SEND, { ...welcome, data: { deep } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input' });
    expect(Object.keys(res.json().fields)).toEqual(['data']);
    expect(res.json().error).toContain('data');

    // A body far deeper than that, as deep as a megabyte allows, is refused the same way.
    const wide = '[['.repeat(250_000) + ']]'.repeat(250_000);
    const whole = await t.app.inject({
      method: 'POST',
      url: SEND,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: `{"headings":{"en":"x"},"contents":{"en":"y"},"data":{"x":${wide}}}`,
    });
    expect(whole.statusCode, whole.body.slice(0, 300)).toBe(400);
    expect(Object.keys(whole.json().fields)).toEqual(['data']);
    expect(stub.requests).toHaveLength(0);
  });

  it('answers 409 and sends nothing while push is turned off', async () => {
    await configure({ enabled: false });
    const res = await admin.post(SEND, welcome);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PUSH_OFF.disabled, code: 'push_disabled' });
    expect(stub.requests).toHaveLength(0);
    await configure();
  });
});

describe('push send without a reachable provider', () => {
  it('says it could not reach it', async () => {
    const offline = await createTestContext();
    try {
      const someone = await signedIn(offline);
      await someone.patch('/api/admin/integrations', integrationsBody());
      expect((await someone.post(SEND, welcome)).json()).toEqual({
        ok: false,
        error: PROVIDER_ERRORS.unreachable,
      });
    } finally {
      await offline.close();
    }
  });
});
