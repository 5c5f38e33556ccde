import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_MASK } from '../../../contract/integrations';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { API_KEY, integrationsBody, storedRow } from '../../test/integrations';
import { type PushStub, startPushStub } from '../../test/push-stub';

// The push key goes in once and never comes out in clear: not in an answer, a log line (at the
// most verbose level), an audit row or the stored setting.

const logLines: string[] = [];
let t: TestContext;
let admin: SignedIn;
let stub: PushStub;
beforeAll(async () => {
  stub = await startPushStub();
  t = await createTestContext({
    push: { url: stub.url },
    logLevel: 'trace',
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const send = {
  headings: { en: 'Hello' },
  contents: { en: 'World' },
  includedSegments: ['Active Users'],
};

describe('the push key', () => {
  it('appears in no answer, log line, audit row or stored setting', async () => {
    const answers = [
      await admin.patch('/api/admin/integrations', integrationsBody()),
      await admin.get('/api/admin/integrations'),
      await admin.patch(
        '/api/admin/integrations',
        integrationsBody({ restApiKey: `${KEY_MASK}wxyz` }),
      ),
      // refused saves that carry the key
      await admin.patch('/api/admin/integrations', integrationsBody({ appId: 'not-an-app-id' })),
      await admin.patch('/api/admin/integrations', { ...integrationsBody(), extra: API_KEY }),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/integrations',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        payload: `{"onesignal":{"restApiKey":"${API_KEY}"`,
      }),
      await admin.get('/api/admin/notifications/onesignal'),
      await admin.post('/api/admin/notifications/send', send),
    ];
    stub.answer({ status: 400, body: { errors: ['Access denied'] } });
    answers.push(await admin.post('/api/admin/notifications/send', send));

    expect(answers.map((res) => res.statusCode)).toEqual([
      200, 200, 200, 400, 400, 400, 200, 200, 200,
    ]);
    expect(answers[1]?.json().integrations.onesignal.restApiKey).toBe(`${KEY_MASK}wxyz`);
    expect(stub.requests.map((r) => r.headers.authorization)).toEqual([
      `Key ${API_KEY}`,
      `Key ${API_KEY}`,
    ]);
    for (const res of answers) expect(res.body).not.toContain(API_KEY);

    // the log did record these requests, with their headers (the bearer token redacted)
    expect(logLines.join('\n')).toContain('/api/admin/integrations');
    expect(logLines.join('\n')).toContain('push provider refused a send');
    expect(logLines.join('\n')).not.toContain(admin.token);
    for (const line of logLines) expect(line).not.toContain(API_KEY);

    const audits = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['integrations.update', 'notification.send']),
    );
    expect(JSON.stringify(audits)).not.toContain(API_KEY);
    expect(JSON.stringify((await storedRow(t))?.value)).not.toContain(API_KEY);
  });
});
