import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';
import { insertDemoLegal } from './legal';

let t: TestContext;
let admin: SignedIn;
let counts: Record<string, number>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  counts = await t.db.transaction().execute((trx) => insertDemoLegal(trx));
});
afterAll(() => t.close());

describe('insertDemoLegal', () => {
  it('writes two versions of each type: the older live, the newer a draft', async () => {
    expect(counts).toEqual({ legalDocuments: 4 });
    for (const type of ['terms', 'privacy']) {
      const list = await admin.get(`/api/admin/legal?type=${type}`);
      expect(list.json().items).toMatchObject([
        { version: 2, isActive: false, publishedAt: null },
        { version: 1, isActive: true, publishedAt: expect.any(String) },
      ]);
      const live = await t.app.inject({ method: 'GET', url: `/api/legal/${type}` });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({
        version: 1,
        contentHtml: expect.stringMatching(/^<h1>/),
      });
    }
  });

  it('leaves a demo ready for the console: the draft activates, new versions count on', async () => {
    const latest = (await admin.get('/api/admin/legal/latest?type=terms')).json();
    expect(latest.contentText).toContain('Referrals');
    const activated = await admin.call('PATCH', `/api/admin/legal/${latest._id}/activate`);
    expect(activated.json().doc).toMatchObject({ version: 2, isActive: true });
    const next = await admin.post('/api/admin/legal', { type: 'terms', contentText: 'v3' });
    expect(next.json().doc.version).toBe(3);
  });

  it('writes nothing when legal documents already exist', async () => {
    const again = await t.db.transaction().execute((trx) => insertDemoLegal(trx));
    expect(again).toEqual({ legalDocuments: 0 });
    expect(await t.db.selectFrom('legal_documents').select('id').execute()).toHaveLength(5);
  });
});
