import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories';
import { lockWaiters, type SignedIn, signedIn, unlessBlocked } from '../../test/client';
import { auditsOf, auditsOfKind, expectNotFound, sendIfMatch } from '../../test/crud';
import { createTestContext, type TestContext } from '../../test/harness';
import { NO_SLUG } from './slug';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/categories';

const categoryRow = (id: string) =>
  t.db.selectFrom('categories').selectAll().where('id', '=', Number(id)).executeTakeFirst();

async function create(body: object): Promise<Category> {
  const res = await admin.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createOffer(categoryId: string, name: string, sortOrder = 0) {
  const res = await admin.post('/api/admin/offers', {
    categoryId,
    name,
    gameName: 'Solitaire',
    price: 1.5,
    sortOrder,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/admin/categories', () => {
  it('creates an active category at sortOrder 0, its slug made from the name', async () => {
    const res = await admin.post(URL, { name: '  Café Games: Cards & More!  ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      _id: expect.stringMatching(/^\d+$/),
      name: 'Café Games: Cards & More!',
      slug: 'cafe-games-cards-more',
      isActive: true,
      sortOrder: 0,
    });
    const row = await categoryRow(created._id);
    expect(row).toMatchObject({ slug: 'cafe-games-cards-more', is_active: true, sort_order: 0 });
    expect(created.createdAt).toBe(row?.created_at.toISOString());

    const audits = await auditsOf(t, 'category', created._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'category.create',
      actor: admin.user.username,
      actor_id: admin.user.id,
      before: null,
      after: { _id: created._id, name: created.name, slug: created.slug },
    });
  });

  it('normalises a slug sent: lower-case, no accents, one hyphen per run, unicode letters', async () => {
    const cases: [string, string][] = [
      ['  My  Slug__Über ', 'my-slug-uber'],
      ['--Já--', 'ja'],
      ['Игры 2', 'игры-2'],
    ];
    for (const [slug, expected] of cases) {
      const created = await create({ name: 'Normalised', slug, isActive: false, sortOrder: -3 });
      expect(created).toMatchObject({ slug: expected, isActive: false, sortOrder: -3 });
    }
  });

  it('makes the slug from the name when what is sent leaves nothing', async () => {
    const created = await create({ name: 'From The Name', slug: ' *** ' });
    expect(created.slug).toBe('from-the-name');
  });

  it('answers 400 on slug when neither slug nor name gives one, and writes nothing', async () => {
    const before = await auditsOfKind(t, 'category');
    const res = await admin.post(URL, { name: '!!!', slug: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: NO_SLUG,
      code: 'invalid_input',
      fields: { slug: NO_SLUG },
    });
    expect(await t.db.selectFrom('categories').where('name', '=', '!!!').execute()).toEqual([]);
    expect(await auditsOfKind(t, 'category')).toHaveLength(before.length);
  });

  it('cuts a slug that decomposing lengthened to 100 characters, no hyphen at the end', async () => {
    // 100 characters, each 'ǅ' two once decomposed: the 100th character of the slug is a hyphen.
    const created = await create({ name: `${'ǅ'.repeat(49)}a ${'b'.repeat(49)}` });
    expect(created.slug).toBe(`${'dz'.repeat(49)}a`);
  });

  it('rejects bad values and unknown fields with 400, naming the field', async () => {
    const before = await auditsOfKind(t, 'category');
    const cases: [object, string, string?][] = [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{}, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Ok', sortOrder: 1.5 }, 'sortOrder', 'Sort order must be a whole number'],
      [{ name: 'Ok', sortOrder: '3' }, 'sortOrder'],
      [{ name: 'Ok', isActive: 'yes' }, 'isActive', 'Active must be true or false'],
      [{ name: 'Ok', slug: 's'.repeat(101) }, 'slug'],
      [{ name: 'Ok', color: 'red' }, 'color', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input' });
      expect(Object.keys(res.json().fields)).toEqual([field]);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await auditsOfKind(t, 'category')).toHaveLength(before.length);
  });

  it('answers 409 for a slug in use, sent or made from the name', async () => {
    await create({ name: 'Taken Slug' });
    const duplicate = {
      error: 'Slug already exists',
      code: 'duplicate',
      fields: { slug: 'Slug already exists' },
    };
    for (const body of [{ name: 'Other', slug: 'TAKEN slug' }, { name: 'taken-slug' }]) {
      const res = await admin.post(URL, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(duplicate);
    }
    expect(
      await t.db.selectFrom('categories').where('slug', '=', 'taken-slug').execute(),
    ).toHaveLength(1);
  });

  it('answers 409 when the slug is taken between its check and its write', async () => {
    let pending: ReturnType<SignedIn['post']> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('categories').values({ name: 'Late', slug: 'late-slug' }).execute();
      // The check cannot see this uncommitted row; the insert then waits on the unique index.
      pending = admin.post(URL, { name: 'Late Slug' });
      await lockWaiters(t, 1);
    });
    const res = await pending;
    expect(res?.statusCode).toBe(409);
    expect(res?.json()).toMatchObject({
      code: 'duplicate',
      fields: { slug: 'Slug already exists' },
    });
  });
});

describe('GET /api/admin/categories', () => {
  let listed: TestContext;
  let lister: SignedIn;
  beforeAll(async () => {
    // Its own database: the list is asserted whole.
    listed = await createTestContext();
    lister = await signedIn(listed);
    const rows: [string, number][] = [
      ['Puzzles', 3],
      ['Arcade', 1],
      ['Card Games', 1],
      ['Sports 100%', 2],
      ['Word Games', 0],
    ];
    for (const [name, sortOrder] of rows) {
      const res = await lister.post(URL, { name, sortOrder });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => listed.close());

  const names = async (query: string) => {
    const res = await lister.get(`${URL}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { names: body.items.map((c: Category) => c.name), total: body.total, body };
  };

  it('lists by sortOrder ascending, then by id, 100 a page', async () => {
    const { names: all, body } = await names('');
    expect(all).toEqual(['Word Games', 'Arcade', 'Card Games', 'Sports 100%', 'Puzzles']);
    expect(body).toMatchObject({ total: 5, page: 1, limit: 100 });
    expect(body.items[0]).toMatchObject({ slug: 'word-games', isActive: true, sortOrder: 0 });
  });

  it('searches name or slug, case-insensitively, with % taken literally', async () => {
    expect(await names('?q=GAMES')).toMatchObject({
      names: ['Word Games', 'Card Games'],
      total: 2,
    });
    expect((await names('?q=sports-100')).names).toEqual(['Sports 100%']);
    expect((await names('?q=100%25')).names).toEqual(['Sports 100%']);
    expect((await names('?q=%25')).names).toEqual(['Sports 100%']);
    expect((await names('?q=nothing')).total).toBe(0);
    expect((await names('?q=')).total).toBe(5);
  });

  it('sorts on the allowed fields and pages with the total', async () => {
    expect((await names('?sort=name:desc')).names).toEqual([
      'Word Games',
      'Sports 100%',
      'Puzzles',
      'Card Games',
      'Arcade',
    ]);
    expect((await names('?sort=sortOrder:desc')).names).toEqual([
      'Puzzles',
      'Sports 100%',
      'Card Games',
      'Arcade',
      'Word Games',
    ]);
    expect(await names('?limit=2&page=2')).toMatchObject({
      names: ['Card Games', 'Sports 100%'],
      total: 5,
      body: { page: 2, limit: 2 },
    });
  });

  it('rejects an unknown sort, a limit over 100 and unknown parameters with 400', async () => {
    for (const [query, field] of [
      ['?sort=color:asc', 'sort'],
      ['?sort=name', 'sort'],
      ['?limit=101', 'limit'],
      ['?page=0', 'page'],
      ['?color=red', 'color'],
    ]) {
      const res = await lister.get(`${URL}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });
});

describe('PATCH /api/admin/categories/:id', () => {
  let category: Category;
  beforeEach(async () => {
    category = await create({ name: `Editable ${Date.now()}`, slug: `edit-${Date.now()}` });
  });

  it('changes the given fields, keeps the slug on a new name, audits only what changed', async () => {
    const res = await admin.patch(`${URL}/${category._id}`, {
      name: ' Renamed ',
      isActive: false,
      sortOrder: category.sortOrder,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: category._id,
      name: 'Renamed',
      slug: category.slug,
      isActive: false,
    });
    const row = await categoryRow(category._id);
    expect(row).toMatchObject({ name: 'Renamed', slug: category.slug, is_active: false });
    expect(row?.updated_at.toISOString()).toBe(res.json().updatedAt);
    expect(res.json().updatedAt > category.updatedAt).toBe(true);

    const audits = await auditsOf(t, 'category', category._id);
    expect(audits.map((a) => a.action)).toEqual(['category.create', 'category.update']);
    expect(audits[1]).toMatchObject({
      actor: admin.user.username,
      before: { name: category.name, isActive: true },
      after: { name: 'Renamed', isActive: false },
    });
  });

  it("makes the slug again from the name with slug ''", async () => {
    const fromNew = await admin.patch(`${URL}/${category._id}`, { name: 'Brand New', slug: '' });
    expect(fromNew.json()).toMatchObject({ name: 'Brand New', slug: 'brand-new' });
    await admin.patch(`${URL}/${category._id}`, { slug: 'custom' });
    const fromCurrent = await admin.patch(`${URL}/${category._id}`, { slug: '  ' });
    expect(fromCurrent.json().slug).toBe('brand-new');
    const normalised = await admin.patch(`${URL}/${category._id}`, { slug: 'Ça Va' });
    expect(normalised.json().slug).toBe('ca-va');
  });

  it('writes nothing and keeps updatedAt when nothing changes', async () => {
    for (const body of [{}, { name: category.name, slug: category.slug.toUpperCase() }]) {
      const res = await admin.patch(`${URL}/${category._id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(category);
    }
    expect(await auditsOf(t, 'category', category._id)).toHaveLength(1);
    expect((await categoryRow(category._id))?.updated_at.toISOString()).toBe(category.updatedAt);
  });

  it("answers 409 for another category's slug, not for its own", async () => {
    const other = await create({ name: `Other ${Date.now()}` });
    const res = await admin.patch(`${URL}/${category._id}`, { slug: other.slug });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Slug already exists',
      code: 'duplicate',
      fields: { slug: 'Slug already exists' },
    });
    expect((await categoryRow(category._id))?.slug).toBe(category.slug);
    expect(await auditsOf(t, 'category', category._id)).toHaveLength(1);
  });

  it('answers 400 with fields for bad values, and for a slug none can be made of', async () => {
    const blank = await admin.patch(`${URL}/${category._id}`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: 'Name is required' });
    const noSlug = await admin.patch(`${URL}/${category._id}`, { name: '¿?', slug: '' });
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json().fields).toEqual({ slug: NO_SLUG });
    expect((await categoryRow(category._id))?.name).toBe(category.name);
  });

  it('honours If-Match: the version loaded saves, a stale one answers 409', async () => {
    const url = `${URL}/${category._id}`;
    const saved = await sendIfMatch(t, admin, 'PATCH', url, { sortOrder: 7 }, category.updatedAt);
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await sendIfMatch(t, admin, 'PATCH', url, { sortOrder: 9 }, category.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect(stale.json().error).toContain('This category was changed by someone else');
    expect((await categoryRow(category._id))?.sort_order).toBe(7);
    // `*` matches whatever version is there.
    const any = await t.app.inject({
      method: 'PATCH',
      url,
      payload: { sortOrder: 8 },
      headers: { authorization: `Bearer ${admin.token}`, 'if-match': '*' },
    });
    expect(any.statusCode, any.body).toBe(200);
    expect((await categoryRow(category._id))?.sort_order).toBe(8);
  });

  it('is not held up by an offer being added to the category meanwhile', async () => {
    let edited: Awaited<ReturnType<SignedIn['patch']>> | 'blocked' | undefined;
    await t.db.transaction().execute(async (trx) => {
      // An offer written, not yet committed: its category is locked against deletion only.
      await trx
        .insertInto('offers')
        .values({ category_id: Number(category._id), name: 'Slow', game_name: 'Blocks', price: 1 })
        .execute();
      edited = await unlessBlocked(
        admin.patch(`${URL}/${category._id}`, { name: 'Edited meanwhile' }),
      );
    });
    expect(edited !== 'blocked' && edited?.json()).toMatchObject({ name: 'Edited meanwhile' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound((id) => admin.patch(`${URL}/${id}`, { name: 'X' }), 'Category not found');
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  it('deletes the category and its offers, with one audit row keeping them', async () => {
    const doomed = await create({ name: `Doomed ${Date.now()}` });
    const kept = await create({ name: `Kept ${Date.now()}` });
    const second = await createOffer(doomed._id, 'Second', 2);
    const first = await createOffer(doomed._id, 'First', 1);
    const other = await createOffer(kept._id, 'Elsewhere');
    const offerAudits = (await auditsOfKind(t, 'offer')).length;

    const res = await admin.delete(`${URL}/${doomed._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, deletedOffers: 2 });

    expect(await categoryRow(doomed._id)).toBeUndefined();
    const offersLeft = await t.db
      .selectFrom('offers')
      .select('id')
      .where('id', 'in', [Number(first._id), Number(second._id), Number(other._id)])
      .execute();
    expect(offersLeft).toEqual([{ id: Number(other._id) }]);

    const audits = await auditsOf(t, 'category', doomed._id);
    expect(audits.map((a) => a.action)).toEqual(['category.create', 'category.delete']);
    expect(audits[1]?.before).toEqual({ category: doomed, offers: [first, second] });
    expect(audits[1]?.after).toBeNull();
    // The offers went with their category: no audit rows of their own.
    expect(await auditsOfKind(t, 'offer')).toHaveLength(offerAudits);

    const again = await admin.delete(`${URL}/${doomed._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Category not found', code: 'not_found' });
  });

  it('deletes a category without offers', async () => {
    const empty = await create({ name: `Empty ${Date.now()}` });
    const res = await admin.delete(`${URL}/${empty._id}`);
    expect(res.json()).toEqual({ ok: true, deletedOffers: 0 });
    const [, deleted] = await auditsOf(t, 'category', empty._id);
    expect(deleted?.before).toEqual({ category: empty, offers: [] });
  });

  it('answers 404 for an unknown or malformed id, deleting nothing', async () => {
    const count = (await t.db.selectFrom('categories').select('id').execute()).length;
    await expectNotFound((id) => admin.delete(`${URL}/${id}`), 'Category not found');
    expect(await t.db.selectFrom('categories').select('id').execute()).toHaveLength(count);
  });
});

// The console's Show and Edit screens of a category or an offer read it by its id.
describe('GET /api/admin/categories/:id and /api/admin/offers/:id', () => {
  it('answer the record as the lists show it', async () => {
    const category = await create({ name: 'Jigsaws' });
    const offer = await createOffer(category._id, 'Daily Jigsaw');

    const one = await admin.get(`${URL}/${category._id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(category);
    const listed = await admin.get(`/api/admin/offers?categoryId=${category._id}`);
    const got = await admin.get(`/api/admin/offers/${offer._id}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual(listed.json().items[0]);
  });

  it('answer 404 for an id no record has, or that cannot be one', async () => {
    for (const id of ['999999', 'abc', 'new']) {
      const res = await admin.get(`${URL}/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Category not found', code: 'not_found' });
    }
    const offer = await admin.get('/api/admin/offers/999999');
    expect(offer.statusCode).toBe(404);
    expect(offer.json()).toEqual({ error: 'Offer not found', code: 'not_found' });
  });
});
