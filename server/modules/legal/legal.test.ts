import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LEGAL_CONTENT_MAX,
  LEGAL_HTML_MAX,
  type LegalDocument,
  type LegalType,
  type LegalVersion,
} from '../../../contract/legal';
import { type SignedIn, signedIn } from '../../test/client';
import { auditsOf, auditsOfKind, expectNotFound, sendIfMatch } from '../../test/crud';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

// Each test starts from no documents: which version is active is state of the whole type.
beforeEach(async () => {
  await t.db.deleteFrom('legal_documents').execute();
});

const URL = '/api/admin/legal';
const NOT_FOUND = { error: 'Legal document not found', code: 'not_found' };

async function create(body: object): Promise<LegalDocument> {
  const res = await admin.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().ok).toBe(true);
  return res.json().doc;
}

const draft = (type: LegalType, contentText = 'Draft text') =>
  create({ type, contentText, contentHtml: `<p>${contentText}</p>`, isActive: false });
const publish = (type: LegalType, contentText = 'Live text') =>
  create({ type, contentText, contentHtml: `<p>${contentText}</p>`, isActive: true });

const patch = (id: string, body: object) => admin.patch(`${URL}/${id}`, body);
const activate = (id: string) => admin.call('PATCH', `${URL}/${id}/activate`);
const publicDoc = (type: string) => t.app.inject({ method: 'GET', url: `/api/legal/${type}` });

/** Versions of the type that are active, from the table. */
const activeVersions = async (type: LegalType) =>
  (
    await t.db
      .selectFrom('legal_documents')
      .select('version')
      .where('type', '=', type)
      .where('is_active', '=', true)
      .execute()
  ).map((row) => row.version);

describe('POST /api/admin/legal', () => {
  it('numbers versions per type from 1 and saves drafts inactive, unpublished', async () => {
    const first = await draft('terms', 'First');
    expect(first).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      type: 'terms',
      version: 1,
      contentText: 'First',
      contentHtml: '<p>First</p>',
      isActive: false,
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await draft('terms')).version).toBe(2);
    expect((await draft('privacy')).version).toBe(1);
    expect((await draft('terms')).version).toBe(3);
  });

  it('publishes with isActive true: the only active version of its type, with publishedAt', async () => {
    const old = await publish('terms', 'Old');
    const otherType = await publish('privacy');
    const live = await publish('terms', 'New');
    expect(live).toMatchObject({ version: 2, isActive: true });
    expect(Date.parse(live.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await activeVersions('terms')).toEqual([2]);
    expect(await activeVersions('privacy')).toEqual([1]);
    // The version taken offline keeps the date it was first published.
    const before = await admin.get(`${URL}/${old._id}`);
    expect(before.json()).toMatchObject({ isActive: false, publishedAt: old.publishedAt });
    expect((await admin.get(`${URL}/${otherType._id}`)).json().isActive).toBe(true);
  });

  it('defaults to an empty draft and refuses bad input with 400 naming the field', async () => {
    const audits = (await auditsOfKind(t, 'legal')).length;
    expect(await create({ type: 'privacy' })).toMatchObject({
      contentText: '',
      contentHtml: '',
      isActive: false,
    });
    const cases: [object, string, string?][] = [
      [{}, 'type'],
      [{ type: 'cookies' }, 'type', 'Document type must be terms or privacy'],
      [{ type: 'terms', isActive: 'yes' }, 'isActive', 'Active must be true or false'],
      [{ type: 'terms', contentText: 5 }, 'contentText'],
      [
        { type: 'terms', contentHtml: 'a\0b' },
        'contentHtml',
        'HTML must not contain NUL characters',
      ],
      [
        { type: 'terms', contentText: 'x'.repeat(LEGAL_CONTENT_MAX + 1) },
        'contentText',
        'Plain text must be at most 200000 characters',
      ],
      [{ type: 'terms', version: 7 }, 'version', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await auditsOfKind(t, 'legal')).toHaveLength(audits + 1);
  });

  it('accepts content at the size limit', async () => {
    const doc = await create({ type: 'terms', contentText: 'x'.repeat(LEGAL_CONTENT_MAX) });
    expect(doc.contentText).toHaveLength(LEGAL_CONTENT_MAX);
  });

  it('refuses HTML that grows past the limit once sanitised', async () => {
    // Each bare '&' in markup is stored escaped as '&amp;'.
    const contentHtml = `<p>${'&'.repeat(LEGAL_HTML_MAX - 10)}</p>`;
    const res = await admin.post(URL, { type: 'terms', contentHtml });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ contentHtml: 'HTML must be at most 100000 characters' });
    expect(await t.db.selectFrom('legal_documents').select('id').execute()).toHaveLength(0);
  });

  it('refuses HTML longer than 100,000 characters, which would take long to sanitise', async () => {
    const res = await admin.post(URL, {
      type: 'terms',
      contentHtml: 'h'.repeat(LEGAL_HTML_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ contentHtml: 'HTML must be at most 100000 characters' });
  });

  it('refuses deeply nested HTML quickly, before sanitising it', async () => {
    // Sanitising 3,000 nested elements would hold up every request for seconds.
    const started = Date.now();
    const res = await admin.post(URL, { type: 'terms', contentHtml: '<div>'.repeat(3000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      contentHtml: 'HTML must not nest elements more than 64 deep',
    });
    expect(Date.now() - started).toBeLessThan(500);
    expect(await t.db.selectFrom('legal_documents').select('id').execute()).toHaveLength(0);

    // Long flat documents, even with unclosed paragraphs and list items, are fine.
    const flat = `<ul>${'<li><p>Item <b>bold</b>'.repeat(200)}</ul>`;
    expect((await admin.post(URL, { type: 'terms', contentHtml: flat })).statusCode).toBe(201);
  });

  it('stores the HTML sanitised', async () => {
    const doc = await create({
      type: 'terms',
      contentHtml:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>',
    });
    expect(doc.contentHtml).toBe('<p>Hi</p><img src="x">');
    const row = await t.db
      .selectFrom('legal_documents')
      .select('content_html')
      .where('id', '=', Number(doc._id))
      .executeTakeFirst();
    expect(row?.content_html).toBe('<p>Hi</p><img src="x">');
  });

  it('audits the creation with sizes and hashes, not the content', async () => {
    await publish('privacy', 'Old');
    const doc = await publish('privacy', 'Secret-ish words');
    const [row] = await auditsOf(t, 'legal', doc._id);
    expect(row).toMatchObject({
      action: 'legal.create',
      before: null,
      after: {
        type: 'privacy',
        version: 2,
        isActive: true,
        publishedAt: doc.publishedAt,
        textLength: 16,
        htmlLength: 23,
        textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        htmlSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        replacedVersion: 1,
      },
    });
    expect(JSON.stringify(row?.after)).not.toContain('Secret-ish');
  });
});

describe('GET /api/admin/legal, /latest and /{id}', () => {
  it('lists the versions of one type newest first, without their content', async () => {
    for (let i = 0; i < 3; i++) await draft('terms', `T${i}`);
    await publish('privacy');
    const res = await admin.get(`${URL}?type=terms&limit=20`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(body.items.map((v: LegalVersion) => v.version)).toEqual([3, 2, 1]);
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['_id', 'type', 'version', 'isActive', 'publishedAt', 'createdAt', 'updatedAt'].sort(),
    );
    const paged = await admin.get(`${URL}?type=terms&limit=2&page=2`);
    expect(paged.json().items.map((v: LegalVersion) => v.version)).toEqual([1]);
  });

  it('limits the list to 20 by default and refuses a bad type', async () => {
    expect((await admin.get(`${URL}?type=privacy`)).json()).toMatchObject({ items: [], limit: 20 });
    for (const query of ['', '?type=cookies', '?type=terms&limit=101', '?type=terms&sort=x']) {
      const res = await admin.get(`${URL}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it('answers the newest version of a type, or null when it has none', async () => {
    expect((await admin.get(`${URL}/latest?type=terms`)).body).toBe('null');
    await publish('terms', 'Live');
    const newest = await draft('terms', 'Newer draft');
    await draft('privacy');
    const res = await admin.get(`${URL}/latest?type=terms`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(newest);
    expect((await admin.get(`${URL}/latest`)).statusCode).toBe(400);
  });

  it('answers one version whole, 404 for an unknown or malformed id', async () => {
    const doc = await draft('privacy', 'Whole');
    const res = await admin.get(`${URL}/${doc._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(doc);
    for (const id of ['999999999', 'abc', '0', '-1', '1.5']) {
      const missing = await admin.get(`${URL}/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('PATCH /api/admin/legal/{id}', () => {
  it('saves new content of a draft and audits it', async () => {
    const doc = await draft('terms', 'Before');
    const res = await patch(doc._id, {
      contentText: 'After',
      contentHtml: '<p>After</p><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      doc: {
        ...doc,
        contentText: 'After',
        contentHtml: '<p>After</p><a>x</a>',
        updatedAt: expect.any(String),
      },
    });
    const [, update] = await auditsOf(t, 'legal', doc._id);
    expect(update).toMatchObject({
      action: 'legal.update',
      before: { version: 1, isActive: false, textLength: 6 },
      after: { version: 1, isActive: false, textLength: 5, replacedVersion: null },
    });
  });

  it('publishes with isActive true, taking the other version offline', async () => {
    const live = await publish('privacy', 'Live');
    const next = await draft('privacy', 'Next');
    const res = await patch(next._id, { isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().doc).toMatchObject({ isActive: true, publishedAt: expect.any(String) });
    expect(await activeVersions('privacy')).toEqual([2]);
    const [, update] = await auditsOf(t, 'legal', next._id);
    expect(update?.after).toMatchObject({ isActive: true, replacedVersion: 1 });
    expect((await admin.get(`${URL}/${live._id}`)).json().isActive).toBe(false);
  });

  it('keeps a draft a draft with isActive false', async () => {
    const doc = await draft('terms', 'Draft');
    const res = await patch(doc._id, { contentText: 'Still a draft', isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().doc).toMatchObject({ contentText: 'Still a draft', isActive: false });
  });

  it('never takes the live version offline: a draft save of it answers 409, changing nothing', async () => {
    const live = await publish('terms', 'Live');
    for (const body of [{ isActive: false }, { contentText: 'Draft words', isActive: false }]) {
      const res = await patch(live._id, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        error:
          'This version is live: it stays live until another version is published or activated. Save the changes as a new version.',
        code: 'live_version',
      });
    }
    expect(await activeVersions('terms')).toEqual([1]);
    expect((await publicDoc('terms')).json()).toMatchObject({ version: 1, contentText: 'Live' });
    expect(await auditsOf(t, 'legal', live._id)).toHaveLength(1);
  });

  it('writes nothing when nothing changes', async () => {
    const doc = await publish('terms', 'Same');
    for (const body of [
      {},
      { contentText: 'Same' },
      { contentHtml: '<p>Same</p>', isActive: true },
    ]) {
      const res = await patch(doc._id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().doc).toEqual(doc);
    }
    expect(await auditsOf(t, 'legal', doc._id)).toHaveLength(1);
  });

  it('refuses bad input and unknown fields, changing nothing', async () => {
    const doc = await draft('terms', 'Kept');
    for (const [body, field] of [
      [{ type: 'privacy' }, 'type'],
      [{ version: 3 }, 'version'],
      [{ isActive: null }, 'isActive'],
      [{ contentHtml: 'h'.repeat(LEGAL_HTML_MAX + 1) }, 'contentHtml'],
    ] as const) {
      const res = await patch(doc._id, body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await admin.get(`${URL}/${doc._id}`)).json()).toEqual(doc);
    expect(await auditsOf(t, 'legal', doc._id)).toHaveLength(1);
  });

  it('honours If-Match: an edit from a stale copy answers 409', async () => {
    const doc = await draft('privacy', 'v');
    const url = `${URL}/${doc._id}`;
    const ok = await sendIfMatch(t, admin, 'PATCH', url, { contentText: 'one' }, doc.updatedAt);
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await sendIfMatch(t, admin, 'PATCH', url, { contentText: 'two' }, doc.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect((await admin.get(url)).json().contentText).toBe('one');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound((id) => patch(id, { contentText: 'x' }), NOT_FOUND.error);
  });
});

describe('PATCH /api/admin/legal/{id}/activate', () => {
  it('activates an older version as it is; re-activation keeps its first publishedAt', async () => {
    const v1 = await publish('terms', 'One');
    const v2 = await publish('terms', 'Two');
    const res = await activate(v1._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      doc: { ...v1, isActive: true, updatedAt: expect.any(String) },
    });
    expect(await activeVersions('terms')).toEqual([1]);
    expect((await admin.get(`${URL}/${v2._id}`)).json()).toMatchObject({
      isActive: false,
      publishedAt: v2.publishedAt,
    });
    const audits = await auditsOf(t, 'legal', v1._id);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['legal.create', null, expect.anything()],
      [
        'legal.activate',
        { version: 1, isActive: false, publishedAt: v1.publishedAt },
        { version: 1, isActive: true, publishedAt: v1.publishedAt, replacedVersion: 2 },
      ],
    ]);
  });

  it('publishes a draft never published, and is a no-op on the active version', async () => {
    const doc = await draft('privacy');
    const first = await activate(doc._id);
    expect(first.json().doc).toMatchObject({ isActive: true, publishedAt: expect.any(String) });
    const again = await activate(doc._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().doc).toEqual(first.json().doc);
    expect(await auditsOf(t, 'legal', doc._id)).toHaveLength(2);
  });

  it('takes no body, and answers 404 for an unknown or malformed id', async () => {
    const doc = await draft('terms');
    const bodied = await admin.patch(`${URL}/${doc._id}/activate`, { isActive: true });
    expect(bodied.statusCode).toBe(400);
    expect(await activeVersions('terms')).toEqual([]);
    await expectNotFound((id) => activate(id), NOT_FOUND.error);
  });
});

describe('legal:publish', () => {
  it('is needed to make a version live, by creating, editing, activating or rewording it', async () => {
    const writer = await signedIn(t, { permissions: ['legal:write'] });
    const live = await publish('terms', 'Live words');
    const later = await draft('terms', 'Next words');
    const body = { type: 'privacy', contentText: 'x', contentHtml: '<p>x</p>' };
    const refused = [
      await writer.post(URL, { ...body, isActive: true }),
      await writer.patch(`${URL}/${later._id}`, { isActive: true }),
      await writer.call('PATCH', `${URL}/${later._id}/activate`),
      await writer.patch(`${URL}/${live._id}`, { contentText: 'Reworded live words' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Missing permission: legal:publish',
        code: 'forbidden',
        permission: 'legal:publish',
      });
    }
    expect(await activeVersions('terms')).toEqual([live.version]);
    expect((await publicDoc('terms')).json().contentText).toBe('Live words');
    expect(await activeVersions('privacy')).toEqual([]);

    // Drafts are theirs to write.
    expect((await writer.post(URL, { ...body, isActive: false })).statusCode).toBe(201);
    expect((await writer.patch(`${URL}/${later._id}`, { contentText: 'Better' })).statusCode).toBe(
      200,
    );
    const publisher = await signedIn(t, { permissions: ['legal:write', 'legal:publish'] });
    expect((await publisher.patch(`${URL}/${later._id}`, { isActive: true })).statusCode).toBe(200);
    expect(await activeVersions('terms')).toEqual([later.version]);
  });
});

describe('GET /api/legal/{type} (public)', () => {
  it('serves the active version without signing in, 404 when none is active', async () => {
    expect((await publicDoc('terms')).json()).toEqual(NOT_FOUND);
    const live = await publish('terms', 'Play fair');
    await draft('terms', 'Not yet');
    const res = await publicDoc('terms');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      type: 'terms',
      version: 1,
      contentText: 'Play fair',
      contentHtml: '<p>Play fair</p>',
      publishedAt: live.publishedAt,
    });
    expect((await publicDoc('privacy')).statusCode).toBe(404);
  });

  it('follows activation, and answers 404 for a type that does not exist', async () => {
    await publish('privacy', 'One');
    const two = await draft('privacy', 'Two');
    await activate(two._id);
    expect((await publicDoc('privacy')).json()).toMatchObject({ version: 2, contentText: 'Two' });
    for (const type of ['cookies', 'TERMS', '%00']) {
      const res = await publicDoc(type);
      expect(res.statusCode, type).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });
});
