import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/categories';
import type { Offer } from '../../../contract/offers';
import { lockWaiters, type SignedIn, signedIn, unlessBlocked } from '../../test/client';
import { auditsOf, auditsOfKind, expectNotFound, sendIfMatch } from '../../test/crud';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
let cards: Category;
let arcade: Category;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  cards = await createCategory('Card Games');
  arcade = await createCategory('Arcade');
});
afterAll(() => t.close());

const URL = '/api/admin/offers';
const NO_CATEGORY = {
  error: 'Category not found',
  code: 'invalid_input',
  fields: { categoryId: 'Category not found' },
};

async function createCategory(name: string): Promise<Category> {
  const res = await admin.post('/api/admin/categories', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function create(body: object): Promise<Offer> {
  const res = await admin.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const offerRow = (id: string) =>
  t.db.selectFrom('offers').selectAll().where('id', '=', Number(id)).executeTakeFirst();
const offerCount = async () => (await t.db.selectFrom('offers').select('id').execute()).length;

describe('POST /api/admin/offers', () => {
  it('creates an offer with the defaults: free, points, reward 0, active, sortOrder 0', async () => {
    const res = await admin.post(URL, {
      categoryId: cards._id,
      name: ' Solitaire Classic ',
      gameName: ' Solitaire ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json();
    expect(offer).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      categoryId: cards._id,
      name: 'Solitaire Classic',
      gameName: 'Solitaire',
      price: 0,
      rewardType: 'points',
      rewardAmount: 0,
      isActive: true,
      sortOrder: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await offerRow(offer._id)).toMatchObject({
      category_id: Number(cards._id),
      price: '0.00',
      reward_type: 'points',
    });
    const audits = await auditsOf(t, 'offer', offer._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'offer.create', actor: admin.user.username });
    expect(audits[0]?.after).toEqual(offer);
  });

  it('stores the price exact to the cent and answers it as a number', async () => {
    const offer = await create({
      categoryId: cards._id,
      name: 'Solitaire Pro',
      gameName: 'Solitaire',
      price: 0.07,
      rewardType: 'xp',
      rewardAmount: 250,
      isActive: false,
      sortOrder: 4,
    });
    expect(offer).toMatchObject({ price: 0.07, rewardType: 'xp', rewardAmount: 250 });
    expect(offer.isActive).toBe(false);
    expect((await offerRow(offer._id))?.price).toBe('0.07');
  });

  it('rejects bad values and unknown fields with 400, naming the field', async () => {
    const count = await offerCount();
    const audits = (await auditsOfKind(t, 'offer')).length;
    const base = { categoryId: cards._id, name: 'Ok', gameName: 'Ok' };
    const cases: [object, string, string?][] = [
      [{ ...base, name: '  ' }, 'name', 'Offer name is required'],
      [{ ...base, gameName: '' }, 'gameName', 'Game name is required'],
      [{ ...base, price: 0.015 }, 'price', 'Price must have at most 2 decimals'],
      [{ ...base, price: -1 }, 'price', 'Price must be 0 or more'],
      [{ ...base, price: '1.00' }, 'price'],
      [{ ...base, rewardType: 'coins' }, 'rewardType', 'Reward type must be points or xp'],
      [{ ...base, rewardAmount: 1.5 }, 'rewardAmount', 'Reward amount must be a whole number'],
      [{ ...base, rewardAmount: -5 }, 'rewardAmount'],
      [{ ...base, categoryId: '' }, 'categoryId', 'Select a category first'],
      [{ ...base, bonus: 1 }, 'bonus', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await offerCount()).toBe(count);
    expect(await auditsOfKind(t, 'offer')).toHaveLength(audits);
  });

  it('answers 400 on categoryId when it names no category', async () => {
    const count = await offerCount();
    for (const categoryId of ['999999999', 'abc', '01', '-1']) {
      const res = await admin.post(URL, { categoryId, name: 'Lost', gameName: 'Blocks' });
      expect(res.statusCode, categoryId).toBe(400);
      expect(res.json()).toEqual(NO_CATEGORY);
    }
    expect(await offerCount()).toBe(count);
  });

  it('answers 400 when the category is deleted between the check and the write', async () => {
    const doomed = await createCategory(`Doomed ${Date.now()}`);
    let pending: ReturnType<SignedIn['post']> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('categories').where('id', '=', Number(doomed._id)).execute();
      // The check still sees the category; the insert then waits on its row, deleted at commit.
      pending = admin.post(URL, { categoryId: doomed._id, name: 'Late', gameName: 'Blocks' });
      await lockWaiters(t, 1);
    });
    const res = await pending;
    expect(res?.statusCode).toBe(400);
    expect(res?.json()).toEqual(NO_CATEGORY);
  });
});

describe('GET /api/admin/offers', () => {
  let listed: TestContext;
  let lister: SignedIn;
  let ids: Record<string, string>;
  beforeAll(async () => {
    listed = await createTestContext();
    lister = await signedIn(listed);
    const category = async (name: string) =>
      (await lister.post('/api/admin/categories', { name })).json()._id as string;
    ids = { cards: await category('Card Games'), arcade: await category('Arcade') };
    const offers: [string, string, string, number, number][] = [
      ['cards', 'Solitaire Pro', 'Solitaire', 2, 1],
      ['cards', 'Solitaire Free', 'Solitaire', 0, 0],
      ['arcade', 'Bubble Blast', 'Bubble Shooter', 0.5, 2],
      ['arcade', 'Block Party', 'Blocks', 5, 0],
      ['arcade', 'Quick 50%', 'Blocks', 1, 1],
    ];
    for (const [key, name, gameName, price, sortOrder] of offers) {
      const res = await lister.post(URL, {
        categoryId: ids[key],
        name,
        gameName,
        price,
        sortOrder,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => listed.close());

  const names = async (query: string) => {
    const res = await lister.get(`${URL}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { names: res.json().items.map((o: Offer) => o.name), body: res.json() };
  };

  it("lists one category's offers by sortOrder ascending, or every offer", async () => {
    const arcadeOffers = await names(`?categoryId=${ids.arcade}`);
    expect(arcadeOffers.names).toEqual(['Block Party', 'Quick 50%', 'Bubble Blast']);
    expect(arcadeOffers.body).toMatchObject({ total: 3, page: 1, limit: 100 });
    expect(arcadeOffers.body.items[2]).toMatchObject({ categoryId: ids.arcade, price: 0.5 });
    expect((await names('')).body.total).toBe(5);
    expect((await names('?categoryId=')).body.total).toBe(5);
  });

  it('answers an empty list for a categoryId that names no category', async () => {
    for (const categoryId of ['abc', '0', '999999999', '1.5', '99999999999999999999']) {
      const { body } = await names(`?categoryId=${categoryId}`);
      expect(body).toEqual({ items: [], total: 0, page: 1, limit: 100 });
    }
  });

  it('searches the offer name or the game name, with % taken literally', async () => {
    expect((await names('?q=SOLITAIRE')).names).toEqual(['Solitaire Free', 'Solitaire Pro']);
    expect((await names('?q=shooter')).names).toEqual(['Bubble Blast']);
    expect((await names(`?q=bl&categoryId=${ids.arcade}`)).names).toEqual([
      'Block Party',
      'Quick 50%',
      'Bubble Blast',
    ]);
    expect((await names('?q=50%25')).names).toEqual(['Quick 50%']);
  });

  it('sorts by price and pages with the total', async () => {
    expect((await names('?sort=price:desc')).names).toEqual([
      'Block Party',
      'Solitaire Pro',
      'Quick 50%',
      'Bubble Blast',
      'Solitaire Free',
    ]);
    const page = await names('?sort=price:asc&limit=2&page=2');
    expect(page.names).toEqual(['Quick 50%', 'Solitaire Pro']);
    expect(page.body).toMatchObject({ total: 5, page: 2, limit: 2 });
    const bad = await lister.get(`${URL}?sort=categoryId:asc`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['sort']);
  });
});

describe('PATCH /api/admin/offers/:id', () => {
  it('changes the given fields, audits only those, and moves between categories', async () => {
    const offer = await create({ categoryId: cards._id, name: 'Mover', gameName: 'Blocks' });
    const res = await admin.patch(`${URL}/${offer._id}`, {
      categoryId: arcade._id,
      price: 1,
      rewardAmount: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ categoryId: arcade._id, price: 1, rewardAmount: 0 });
    expect(await offerRow(offer._id)).toMatchObject({
      category_id: Number(arcade._id),
      price: '1.00',
    });
    const [, update] = await auditsOf(t, 'offer', offer._id);
    expect(update).toMatchObject({
      action: 'offer.update',
      before: { categoryId: cards._id, price: 0 },
      after: { categoryId: arcade._id, price: 1 },
    });
  });

  it('writes nothing and keeps updatedAt when nothing changes', async () => {
    const offer = await create({
      categoryId: cards._id,
      name: 'Still',
      gameName: 'Blocks',
      price: 2,
    });
    const res = await admin.patch(`${URL}/${offer._id}`, { price: 2.0, name: 'Still' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(offer);
    // The same cents and the same number as stored, written as a double or a JSON text can.
    const cents = await create({ categoryId: cards._id, name: 'Cents', gameName: 'B', price: 0.3 });
    const same = await t.app.inject({
      method: 'PATCH',
      url: `${URL}/${cents._id}`,
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: '{"price": 0.30000000000000004, "sortOrder": -0, "rewardAmount": -0}',
    });
    expect(same.json()).toEqual(cents);
    expect(await auditsOf(t, 'offer', cents._id)).toHaveLength(1);
    expect(await auditsOf(t, 'offer', offer._id)).toHaveLength(1);
    expect((await offerRow(offer._id))?.updated_at.toISOString()).toBe(offer.updatedAt);
  });

  it('answers 400 for a missing category or a bad value, changing nothing', async () => {
    const offer = await create({ categoryId: cards._id, name: 'Stays', gameName: 'Blocks' });
    const missing = await admin.patch(`${URL}/${offer._id}`, { categoryId: '999999999' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(NO_CATEGORY);
    const price = await admin.patch(`${URL}/${offer._id}`, { price: 0.015 });
    expect(price.statusCode).toBe(400);
    expect(price.json().fields).toEqual({ price: 'Price must have at most 2 decimals' });
    expect(await offerRow(offer._id)).toMatchObject({
      category_id: Number(cards._id),
      price: '0.00',
    });
    expect(await auditsOf(t, 'offer', offer._id)).toHaveLength(1);
  });

  it('takes the category it moves to before the offer: its old category can go meanwhile', async () => {
    const from = await createCategory(`From ${Date.now()}`);
    const to = await createCategory(`To ${Date.now()}`);
    const offer = await create({ categoryId: from._id, name: 'Between', gameName: 'Blocks' });
    let move: ReturnType<SignedIn['patch']> | undefined;
    let removed: Awaited<ReturnType<SignedIn['delete']>> | 'blocked' | undefined;
    await t.db.transaction().execute(async (trx) => {
      // The new category is held, as an edit or a delete of it holds it.
      await trx
        .selectFrom('categories')
        .select('id')
        .where('id', '=', Number(to._id))
        .forUpdate()
        .execute();
      move = admin.patch(`${URL}/${offer._id}`, { categoryId: to._id });
      await lockWaiters(t, 1);
      // Were the offer locked while the move waits, this delete would wait on it in turn.
      removed = await unlessBlocked(admin.delete(`/api/admin/categories/${from._id}`));
    });
    expect(removed !== 'blocked' && removed?.json()).toEqual({ ok: true, deletedOffers: 1 });
    const moved = await move;
    expect(moved?.statusCode).toBe(404);
    expect(await offerRow(offer._id)).toBeUndefined();
  });

  it('honours If-Match', async () => {
    const offer = await create({ categoryId: cards._id, name: 'Versioned', gameName: 'Blocks' });
    const url = `${URL}/${offer._id}`;
    const ok = await sendIfMatch(t, admin, 'PATCH', url, { rewardAmount: 10 }, offer.updatedAt);
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await sendIfMatch(t, admin, 'PATCH', url, { rewardAmount: 20 }, offer.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect((await offerRow(offer._id))?.reward_amount).toBe(10);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound((id) => admin.patch(`${URL}/${id}`, { name: 'X' }), 'Offer not found');
  });
});

describe('DELETE /api/admin/offers/:id', () => {
  it('deletes the offer with one audit row keeping it', async () => {
    const offer = await create({ categoryId: cards._id, name: 'Gone', gameName: 'Word Duel' });
    const res = await admin.delete(`${URL}/${offer._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await offerRow(offer._id)).toBeUndefined();
    const audits = await auditsOf(t, 'offer', offer._id);
    expect(audits.map((a) => a.action)).toEqual(['offer.create', 'offer.delete']);
    expect(audits[1]?.before).toEqual(offer);

    const again = await admin.delete(`${URL}/${offer._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Offer not found', code: 'not_found' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound((id) => admin.delete(`${URL}/${id}`), 'Offer not found');
  });
});
