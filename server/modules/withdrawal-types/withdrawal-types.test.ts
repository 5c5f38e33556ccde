import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalType } from '../../../contract/withdrawal-types';
import { type SignedIn, signedIn } from '../../test/client';
import { auditsOf, auditsOfKind, expectNotFound, sendIfMatch } from '../../test/crud';
import { insertWithdrawal } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const URL = '/api/admin/withdrawal-types';
const NOT_FOUND = 'Withdrawal type not found';
const KEY_TAKEN = {
  error: 'Key already exists',
  code: 'duplicate',
  fields: { key: 'Key already exists' },
};
let serial = 0;
const newKey = (prefix: string) => `${prefix}_${Date.now()}_${++serial}`;

async function create(body: object): Promise<WithdrawalType> {
  const res = await admin.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const typeRow = (id: string) =>
  t.db.selectFrom('withdrawal_types').selectAll().where('id', '=', Number(id)).executeTakeFirst();
const typeCount = async () =>
  (await t.db.selectFrom('withdrawal_types').select('id').execute()).length;
const put = (id: string, body: object) => admin.call('PUT', `${URL}/${id}`, body);
const toggle = (id: string) => admin.call('PATCH', `${URL}/${id}/toggle`);

/** The whole type as a PUT sends it. */
const bodyOf = ({ _id, createdAt, updatedAt, ...fields }: WithdrawalType) => fields;

describe('POST /api/admin/withdrawal-types', () => {
  it('creates a type with the defaults: rate 0, min points 1, stock 0, active, dynamic', async () => {
    const key = newKey('crypto');
    const res = await admin.post(URL, { key, title: ' Crypto (USDT) ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      key,
      title: 'Crypto (USDT)',
      rateUsdPerPoint: 0,
      minPoints: 1,
      stock: 0,
      isActive: true,
      fixedUsdAmount: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await typeRow(created._id)).toMatchObject({
      key,
      rate_usd_per_point: '0.000000',
      fixed_usd_amount: null,
    });
    const audits = await auditsOf(t, 'withdrawal_type', created._id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'withdrawal_type.create', after: created });
  });

  it('stores the rate and the fixed amount exactly', async () => {
    const created = await create({
      key: newKey('paypal'),
      title: 'PayPal $10',
      rateUsdPerPoint: 0.000125,
      minPoints: 10_000,
      stock: 500,
      isActive: false,
      fixedUsdAmount: 10.05,
    });
    expect(created).toMatchObject({
      rateUsdPerPoint: 0.000125,
      minPoints: 10_000,
      stock: 500,
      isActive: false,
      fixedUsdAmount: 10.05,
    });
    expect(await typeRow(created._id)).toMatchObject({
      rate_usd_per_point: '0.000125',
      fixed_usd_amount: '10.05',
    });
  });

  it('rejects bad values and unknown fields with 400, naming the field', async () => {
    const count = await typeCount();
    const audits = (await auditsOfKind(t, 'withdrawal_type')).length;
    const base = { key: newKey('ok'), title: 'Ok' };
    const cases: [object, string, string?][] = [
      [{ ...base, key: 'PayPal-10' }, 'key', 'Use lower-case letters, digits and underscores'],
      [{ ...base, key: '' }, 'key'],
      [{ ...base, key: 'k'.repeat(65) }, 'key'],
      [{ ...base, title: ' ' }, 'title', 'Title is required'],
      [{ ...base, rateUsdPerPoint: -1 }, 'rateUsdPerPoint', 'Rate (USD/pt) must be 0 or more'],
      [
        { ...base, rateUsdPerPoint: 0.0000001 },
        'rateUsdPerPoint',
        'Rate (USD/pt) must have at most 6 decimals',
      ],
      [{ ...base, rateUsdPerPoint: 1001 }, 'rateUsdPerPoint'],
      [{ ...base, minPoints: 0 }, 'minPoints', 'Min Points must be at least 1'],
      [{ ...base, stock: 1.5 }, 'stock', 'Stock must be a whole number'],
      [{ ...base, stock: -1 }, 'stock'],
      [{ ...base, fixedUsdAmount: -1 }, 'fixedUsdAmount', 'Fixed USD must be 0 or more'],
      [
        { ...base, fixedUsdAmount: 1.005 },
        'fixedUsdAmount',
        'Fixed USD must have at most 2 decimals',
      ],
      [{ ...base, isActive: 1 }, 'isActive'],
      [{ ...base, currency: 'USD' }, 'currency', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect(await typeCount()).toBe(count);
    expect(await auditsOfKind(t, 'withdrawal_type')).toHaveLength(audits);
  });

  it('answers 409 for a key in use', async () => {
    const taken = await create({ key: newKey('amazon_gc'), title: 'Amazon' });
    const count = await typeCount();
    const res = await admin.post(URL, { key: taken.key, title: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(KEY_TAKEN);
    expect(await typeCount()).toBe(count);
  });
});

describe('GET /api/admin/withdrawal-types', () => {
  let listed: TestContext;
  let lister: SignedIn;
  beforeAll(async () => {
    listed = await createTestContext();
    lister = await signedIn(listed);
    const types = [
      { key: 'paypal_25', title: 'PayPal $25', minPoints: 25_000, fixedUsdAmount: 25 },
      { key: 'paypal_10', title: 'PayPal $10', minPoints: 10_000, fixedUsdAmount: 10 },
      { key: 'amazon_gc_10', title: 'Amazon Gift Card', minPoints: 10_000, fixedUsdAmount: 10 },
      { key: 'crypto_usdt', title: 'Crypto USDT', minPoints: 5_000, rateUsdPerPoint: 0.0008 },
      { key: 'giftcard_steam_20', title: 'Steam Gift Card', minPoints: 20_000, isActive: false },
    ];
    for (const type of types) {
      const res = await lister.post(URL, type);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => listed.close());

  const keys = async (query: string) => {
    const res = await lister.get(`${URL}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { keys: res.json().items.map((w: WithdrawalType) => w.key), body: res.json() };
  };

  it('lists every type by key', async () => {
    const all = await keys('');
    expect(all.keys).toEqual([
      'amazon_gc_10',
      'crypto_usdt',
      'giftcard_steam_20',
      'paypal_10',
      'paypal_25',
    ]);
    expect(all.body).toMatchObject({ total: 5, page: 1, limit: 100 });
    expect(all.body.items[1]).toMatchObject({ rateUsdPerPoint: 0.0008, fixedUsdAmount: null });
  });

  it('searches key or title and filters on active', async () => {
    expect((await keys('?q=GIFT')).keys).toEqual(['amazon_gc_10', 'giftcard_steam_20']);
    expect((await keys('?q=$25')).keys).toEqual(['paypal_25']);
    expect((await keys('?q=_10')).keys).toEqual(['amazon_gc_10', 'paypal_10']);
    expect((await keys('?active=false')).keys).toEqual(['giftcard_steam_20']);
    expect((await keys('?active=true&q=gift')).keys).toEqual(['amazon_gc_10']);
    expect((await keys('?active=')).body.total).toBe(5);
    const bad = await lister.get(`${URL}?active=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ active: 'Active must be true or false' });
  });

  it('sorts and pages', async () => {
    expect((await keys('?sort=minPoints:desc')).keys).toEqual([
      'paypal_25',
      'giftcard_steam_20',
      'amazon_gc_10',
      'paypal_10',
      'crypto_usdt',
    ]);
    const page = await keys('?sort=title:asc&limit=2&page=3');
    expect(page.keys).toEqual(['giftcard_steam_20']);
    expect(page.body).toMatchObject({ total: 5, page: 3, limit: 2 });
  });
});

describe('PUT /api/admin/withdrawal-types/:id', () => {
  it('replaces the whole type and audits the changed fields', async () => {
    const type = await create({ key: newKey('paypal'), title: 'PayPal', fixedUsdAmount: 10 });
    const key = newKey('paypal_renamed');
    const res = await put(type._id, {
      ...bodyOf(type),
      key,
      rateUsdPerPoint: 0.001,
      stock: 40,
      fixedUsdAmount: 12.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key,
      rateUsdPerPoint: 0.001,
      stock: 40,
      fixedUsdAmount: 12.5,
    });
    expect(await typeRow(type._id)).toMatchObject({ key, stock: 40, fixed_usd_amount: '12.50' });
    const [, update] = await auditsOf(t, 'withdrawal_type', type._id);
    expect(update).toMatchObject({
      action: 'withdrawal_type.update',
      before: { key: type.key, rateUsdPerPoint: 0, stock: 0, fixedUsdAmount: 10 },
      after: { key, rateUsdPerPoint: 0.001, stock: 40, fixedUsdAmount: 12.5 },
    });
  });

  it('makes the type dynamic when fixedUsdAmount is null or absent', async () => {
    for (const fixed of [{ fixedUsdAmount: null }, {}]) {
      const type = await create({ key: newKey('fixed'), title: 'Fixed', fixedUsdAmount: 25 });
      const { fixedUsdAmount: _, ...rest } = bodyOf(type);
      const res = await put(type._id, { ...rest, ...fixed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().fixedUsdAmount).toBeNull();
      expect((await typeRow(type._id))?.fixed_usd_amount).toBeNull();
    }
  });

  it('answers 400 when a field is missing or bad, changing nothing', async () => {
    const type = await create({ key: newKey('whole'), title: 'Whole' });
    const { title: _, ...noTitle } = bodyOf(type);
    const missing = await put(type._id, noTitle);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['title']);
    const bad = await put(type._id, { ...bodyOf(type), minPoints: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ minPoints: 'Min Points must be at least 1' });
    expect(await auditsOf(t, 'withdrawal_type', type._id)).toHaveLength(1);
  });

  it('writes nothing and keeps updatedAt when nothing changes', async () => {
    const type = await create({ key: newKey('same'), title: 'Same', rateUsdPerPoint: 0.0008 });
    const res = await put(type._id, bodyOf(type));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(type);
    expect(await auditsOf(t, 'withdrawal_type', type._id)).toHaveLength(1);
    expect((await typeRow(type._id))?.updated_at.toISOString()).toBe(type.updatedAt);
  });

  it("answers 409 for another type's key, not for its own", async () => {
    const taken = await create({ key: newKey('taken'), title: 'Taken' });
    const type = await create({ key: newKey('mine'), title: 'Mine' });
    const res = await put(type._id, { ...bodyOf(type), key: taken.key });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(KEY_TAKEN);
    expect((await typeRow(type._id))?.key).toBe(type.key);
    const own = await put(type._id, { ...bodyOf(type), title: 'Mine, renamed' });
    expect(own.statusCode).toBe(200);
  });

  it('honours If-Match', async () => {
    const type = await create({ key: newKey('versioned'), title: 'Versioned' });
    const url = `${URL}/${type._id}`;
    const body = { ...bodyOf(type), stock: 5 };
    const ok = await sendIfMatch(t, admin, 'PUT', url, body, type.updatedAt);
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await sendIfMatch(t, admin, 'PUT', url, { ...body, stock: 9 }, type.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect((await typeRow(type._id))?.stock).toBe(5);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const body = { key: newKey('nobody'), title: 'Nobody', rateUsdPerPoint: 0 };
    const whole = { ...body, minPoints: 1, stock: 0, isActive: true };
    await expectNotFound((id) => put(id, whole), NOT_FOUND);
  });
});

describe('PATCH /api/admin/withdrawal-types/:id/toggle', () => {
  it('flips isActive each time, with an audit row each', async () => {
    const type = await create({ key: newKey('toggled'), title: 'Toggled' });
    const off = await toggle(type._id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ _id: type._id, key: type.key, isActive: false });
    expect((await typeRow(type._id))?.is_active).toBe(false);
    const on = await toggle(type._id);
    expect(on.json().isActive).toBe(true);
    expect((await typeRow(type._id))?.is_active).toBe(true);

    const audits = await auditsOf(t, 'withdrawal_type', type._id);
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['withdrawal_type.create', null, type],
      ['withdrawal_type.toggle', { isActive: true }, { isActive: false }],
      ['withdrawal_type.toggle', { isActive: false }, { isActive: true }],
    ]);
  });

  it('honours If-Match: a toggle from a stale row answers 409 instead of flipping back', async () => {
    const type = await create({ key: newKey('contested'), title: 'Contested' });
    const url = `${URL}/${type._id}/toggle`;
    const off = await sendIfMatch(t, admin, 'PATCH', url, undefined, type.updatedAt);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);
    // A second admin clicks Disable on the same row as it was loaded.
    const stale = await sendIfMatch(t, admin, 'PATCH', url, undefined, type.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale' });
    expect((await typeRow(type._id))?.is_active).toBe(false);
    expect(await auditsOf(t, 'withdrawal_type', type._id)).toHaveLength(2);
  });

  it('takes no body: a field sent is refused and nothing flips', async () => {
    const type = await create({ key: newKey('bodied'), title: 'Bodied' });
    const res = await admin.patch(`${URL}/${type._id}/toggle`, { isActive: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ isActive: 'Unknown field' });
    expect((await typeRow(type._id))?.is_active).toBe(true);
    expect(await auditsOf(t, 'withdrawal_type', type._id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound(toggle, NOT_FOUND);
  });
});

describe('DELETE /api/admin/withdrawal-types/:id', () => {
  it('deletes a type no withdrawal uses, with its audit row', async () => {
    const type = await create({ key: newKey('gone'), title: 'Gone' });
    const res = await admin.delete(`${URL}/${type._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await typeRow(type._id)).toBeUndefined();
    const audits = await auditsOf(t, 'withdrawal_type', type._id);
    expect(audits.map((a) => a.action)).toEqual([
      'withdrawal_type.create',
      'withdrawal_type.delete',
    ]);
    expect(audits[1]?.before).toEqual(type);

    const again = await admin.delete(`${URL}/${type._id}`);
    expect(again.statusCode).toBe(404);
  });

  it('answers 409 naming how many withdrawals use the type, and deletes nothing', async () => {
    const type = await create({ key: newKey('used'), title: 'Used', rateUsdPerPoint: 0.001 });
    const player = await t.user();
    const used = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          insertWithdrawal(t.db, { userId: player.user_id, typeId: type.key }),
        ),
      );
    await used(1);
    const once = await admin.delete(`${URL}/${type._id}`);
    expect(once.statusCode).toBe(409);
    expect(once.json()).toEqual({
      error: 'This type is used by 1 withdrawal. Disable it instead.',
      code: 'in_use',
    });

    await used(2);
    const res = await admin.delete(`${URL}/${type._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This type is used by 3 withdrawals. Disable it instead.',
      code: 'in_use',
    });
    expect(await typeRow(type._id)).toBeDefined();
    expect((await auditsOf(t, 'withdrawal_type', type._id)).map((a) => a.action)).toEqual([
      'withdrawal_type.create',
    ]);

    // What the console asks before it offers Delete: the withdrawals of that type, counted.
    const list = await admin.get(`/api/admin/withdrawals?typeId=${type.key}&limit=1`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 3 });
    expect(list.json().items.map((w: { typeId: string }) => w.typeId)).toEqual([type.key]);

    // Disabling instead works, and keeps the withdrawals' type.
    expect((await toggle(type._id)).json()).toMatchObject({ isActive: false });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectNotFound((id) => admin.delete(`${URL}/${id}`), NOT_FOUND);
  });
});
