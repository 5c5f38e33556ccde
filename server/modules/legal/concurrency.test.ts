import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LegalDocument, LegalType } from '../../../contract/legal';
import { lockWaiters, type SignedIn, signedIn, unlessBlocked } from '../../test/client';
import { auditsOfKind } from '../../test/crud';
import { createTestContext, type TestContext } from '../../test/harness';

// Many admins at once on one type: requests run side by side on several database connections.

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('legal_documents').execute();
});

const URL = '/api/admin/legal';

const rowsOf = (type: LegalType) =>
  t.db
    .selectFrom('legal_documents')
    .select(['id', 'version', 'is_active'])
    .where('type', '=', type)
    .orderBy('version')
    .execute();

async function drafts(type: LegalType, count: number): Promise<LegalDocument[]> {
  const docs: LegalDocument[] = [];
  for (let i = 0; i < count; i++) {
    const res = await admin.post(URL, { type, contentText: `v${i + 1}` });
    docs.push(res.json().doc);
  }
  return docs;
}

describe('concurrent changes to one type', () => {
  it('10 parallel activations of different versions: all answer 200, exactly one ends active', async () => {
    const docs = await drafts('terms', 10);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        docs.map((doc) => admin.call('PATCH', `${URL}/${doc._id}/activate`)),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(docs.map(() => 200));
      const active = (await rowsOf('terms')).filter((row) => row.is_active);
      expect(active).toHaveLength(1);
    }
  });

  it('parallel creates number the versions 1..n without gaps, with at most one active', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin.post(URL, { type: 'privacy', contentText: `p${i}`, isActive: i % 2 === 0 }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const rows = await rowsOf('privacy');
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rows.filter((row) => row.is_active)).toHaveLength(1);
    // The answers agree with the table: each version handed out once.
    const versions = answers.map((res) => res.json().doc.version).sort((a, b) => a - b);
    expect(versions).toEqual(rows.map((row) => row.version));
  });

  it('publishes, activations and drafts racing: one active, one audit row per change', async () => {
    const docs = await drafts('terms', 6);
    const before = (await auditsOfKind(t, 'legal')).length;
    const answers = await Promise.all([
      ...docs.slice(0, 3).map((doc) => admin.call('PATCH', `${URL}/${doc._id}/activate`)),
      ...docs.slice(3).map((doc) => admin.patch(`${URL}/${doc._id}`, { isActive: true })),
      admin.post(URL, { type: 'terms', isActive: true }),
      admin.post(URL, { type: 'terms', isActive: false }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 201, 201,
    ]);
    const rows = await rowsOf('terms');
    expect(rows.filter((row) => row.is_active)).toHaveLength(1);
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await auditsOfKind(t, 'legal')).toHaveLength(before + 8);
  });

  it("waits for the type's lock, and only its own type's", async () => {
    const [terms] = await drafts('terms', 1);
    const [privacy] = await drafts('privacy', 1);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let acquired: () => void = () => {};
    const taken = new Promise<void>((resolve) => {
      acquired = resolve;
    });
    // Another writer holds the terms lock, as a concurrent change would.
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('legal:terms'))`.execute(trx);
      acquired();
      await held;
    });
    await taken;
    const termsAnswer = admin.call('PATCH', `${URL}/${terms?._id}/activate`);
    await lockWaiters(t, 1);
    const privacyAnswer = await admin.call('PATCH', `${URL}/${privacy?._id}/activate`);
    expect(privacyAnswer.statusCode).toBe(200);
    expect(await unlessBlocked(termsAnswer)).toBe('blocked');
    release();
    await holder;
    expect((await termsAnswer).statusCode).toBe(200);
    expect((await rowsOf('terms'))[0]?.is_active).toBe(true);
  });
});
