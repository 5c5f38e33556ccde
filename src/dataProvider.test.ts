import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  createAppDataProvider,
  createDataProvider,
  type Endpoints,
  UnexpectedAnswer,
} from './dataProvider';
import { endpoints } from './endpoints';
import { installFakeFetch, reply } from './test/fakeFetch';

const table: Endpoints = {
  users: { idField: 'userId', answers: { getOne: 'user', update: 'user' } },
  bots: { idField: 'botId' },
  legal: { answers: { create: 'doc' } },
  decks: { path: 'admin/unity-decks', idField: 'dateKey' },
  'withdrawal-types': { replace: true },
  audit: { label: 'audit entry' },
};
const provider = createDataProvider(table);

describe('dataProvider', () => {
  it('lists with page, limit, sort field:order, q and the other filters, mapping id from idField', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/users': reply(200, {
        items: [
          { _id: 'a1', userId: 'USR-1', username: 'ann' },
          { _id: 'b2', userId: 'USR-2', username: 'bob' },
        ],
        total: 42,
        page: 2,
        limit: 20,
      }),
    });

    const result = await provider.getList('users', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'an', status: 'active', empty: '' },
    });

    expect(requests[0]?.path).toBe(
      '/api/admin/users?page=2&limit=20&sort=createdAt%3Adesc&q=an&status=active',
    );
    expect(result.total).toBe(42);
    expect(result.data.map((r) => r.id)).toEqual(['USR-1', 'USR-2']);
    expect(result.data[0]).toMatchObject({ _id: 'a1', username: 'ann' });
  });

  it("defaults the id to _id and maps a sort on react-admin's id to the id field", async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/categories': reply(200, { items: [{ _id: 'c1', name: 'Cards' }], total: 1 }),
      'GET /api/admin/bots': reply(200, { items: [], total: 0 }),
    });

    const categories = await provider.getList('categories', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'sortOrder', order: 'ASC' },
      filter: {},
    });
    await provider.getList('bots', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { active: false },
    });

    expect(categories.data[0]?.id).toBe('c1');
    expect(requests[0]?.path).toBe('/api/admin/categories?page=1&limit=100&sort=sortOrder%3Aasc');
    expect(requests[1]?.path).toBe('/api/admin/bots?page=1&limit=20&sort=botId%3Aasc&active=false');
  });

  it('gets one record at path/{id}, escaping the id', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/unity-decks/2024-05-01': reply(200, {
        _id: 'd',
        dateKey: '2024-05-01',
        cards: [],
      }),
      'GET /api/admin/bots/a%2Fb': reply(200, { _id: 'x', botId: 'a/b' }),
    });

    const deck = await provider.getOne('decks', { id: '2024-05-01' });
    const bot = await provider.getOne('bots', { id: 'a/b' });

    expect(deck.data).toMatchObject({ id: '2024-05-01', cards: [] });
    expect(bot.data.id).toBe('a/b');
    expect(requests.map((r) => r.path)).toEqual([
      '/api/admin/unity-decks/2024-05-01',
      '/api/admin/bots/a%2Fb',
    ]);
  });

  it("takes more query parameters from a read's meta, and the first page by its limit alone", async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/legal/latest': reply(200, { _id: 't2', type: 'terms', version: 2 }),
      'GET /api/admin/legal': reply(200, { items: [], total: 0 }),
    });

    const latest = await provider.getOne('legal', {
      id: 'latest',
      meta: { query: { type: 'terms' } },
    });
    await provider.getList('legal', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: '', order: 'DESC' },
      filter: { type: 'terms' },
      meta: { limitOnly: true },
    });

    expect(latest.data).toMatchObject({ _id: 't2', version: 2 });
    expect(requests.map((r) => r.path)).toEqual([
      '/api/admin/legal/latest?type=terms',
      '/api/admin/legal?limit=20&type=terms',
    ]);
  });

  it('updates with PATCH path/{id} sending only the changed fields', async () => {
    const previous = { id: 'USR-1', userId: 'USR-1', username: 'ann', balance: 5, tags: ['a'] };
    const { requests } = installFakeFetch({
      'PATCH /api/admin/users/USR-1': reply(200, {
        ok: true,
        user: { ...previous, balance: 7, tags: ['a', 'b'] },
      }),
    });

    const result = await provider.update('users', {
      id: 'USR-1',
      data: { ...previous, balance: 7, tags: ['a', 'b'] },
      previousData: previous,
    });

    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.body).toEqual({ balance: 7, tags: ['a', 'b'] });
    expect(requests[0]?.headers['if-match']).toBeUndefined();
    expect(result.data).toMatchObject({ id: 'USR-1', balance: 7 });
  });

  it('sends the loaded updatedAt as If-Match, so a newer change is not overwritten', async () => {
    const previous = {
      id: 'USR-1',
      userId: 'USR-1',
      balance: 5,
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    const { requests } = installFakeFetch({
      'PATCH /api/admin/users/USR-1': reply(200, { ok: true, user: { ...previous, balance: 6 } }),
    });
    await provider.update('users', {
      id: 'USR-1',
      data: { ...previous, balance: 6 },
      previousData: previous,
    });
    expect(requests[0]?.headers['if-match']).toBe('2026-11-21T10:00:00.000Z');
    expect(requests[0]?.body).toEqual({ balance: 6 });
  });

  it('replaces with PUT path/{id} sending the whole record when the endpoint says so', async () => {
    const previous = { id: 't1', _id: 't1', key: 'paypal_10', title: 'PayPal', stock: 5 };
    const { requests } = installFakeFetch({
      'PUT /api/admin/withdrawal-types/t1': reply(200, { ...previous, stock: 6 }),
    });
    const result = await provider.update('withdrawal-types', {
      id: 't1',
      data: { key: 'paypal_10', title: 'PayPal', stock: 6 },
      previousData: previous,
    });
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.body).toEqual({ key: 'paypal_10', title: 'PayPal', stock: 6 });
    expect(result.data).toMatchObject({ id: 't1', stock: 6 });
  });

  it("refuses 'new' or a missing id for fetch, update and delete without calling the API", async () => {
    const { requests } = installFakeFetch({});
    await expect(provider.getOne('bots', { id: 'new' })).rejects.toThrow(
      'Invalid bot id: cannot fetch new',
    );
    await expect(
      provider.update('bots', { id: '', data: {}, previousData: { id: '' } }),
    ).rejects.toThrow('Invalid bot id: cannot update');
    await expect(provider.delete('categories', { id: 'new' })).rejects.toThrow(
      'Invalid category id: cannot delete new',
    );
    await expect(provider.getOne('audit', { id: ' ' })).rejects.toThrow(
      'Invalid audit entry id: cannot fetch',
    );
    await expect(provider.delete('withdrawal-types', { id: undefined as never })).rejects.toThrow(
      'Invalid withdrawal type id: cannot delete undefined',
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses an update answered without the record, naming the endpoint', async () => {
    installFakeFetch({ 'PATCH /api/admin/categories/c1': reply(200, { ok: true }) });
    const error = await provider
      .update('categories', {
        id: 'c1',
        data: { id: 'c1', _id: 'c1', name: 'New' },
        previousData: { id: 'c1', _id: 'c1', name: 'Old' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswer);
    expect(error).toMatchObject({
      message: 'PATCH admin/categories/c1 answered without its _id',
      answer: { ok: true },
    });
  });

  it('creates with POST and takes the id from the answer', async () => {
    const { requests } = installFakeFetch({
      'POST /api/admin/bots': reply(201, { botId: 'BOT-7' }),
    });

    const result = await provider.create('bots', { data: { nickname: 'Robo', skill: 50 } });

    expect(requests[0]?.body).toEqual({ nickname: 'Robo', skill: 50 });
    expect(result.data).toMatchObject({ id: 'BOT-7', botId: 'BOT-7', nickname: 'Robo' });
  });

  it('deletes with DELETE path/{id}, one call per id for deleteMany', async () => {
    const { requests } = installFakeFetch({
      'DELETE /api/admin/bots/B1': reply(200, { ok: true }),
      'DELETE /api/admin/bots/B2': reply(200, { ok: true }),
    });

    const one = await provider.delete('bots', {
      id: 'B1',
      previousData: { id: 'B1', nickname: 'x' },
    });
    const many = await provider.deleteMany('bots', { ids: ['B1', 'B2'] });

    expect(one.data).toMatchObject({ id: 'B1', nickname: 'x' });
    expect(many.data).toEqual(['B1', 'B2']);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /api/admin/bots/B1',
      'DELETE /api/admin/bots/B1',
      'DELETE /api/admin/bots/B2',
    ]);
  });

  it('getMany asks the list once for the ids; updateMany patches each id with the data', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/categories': reply(200, {
        items: [{ _id: 'c1' }, { _id: 'c2' }],
        total: 2,
        page: 1,
        limit: 2,
      }),
      'PATCH /api/admin/categories/c1': reply(200, { _id: 'c1', isActive: false }),
      'PATCH /api/admin/categories/c2': reply(200, { _id: 'c2', isActive: false }),
    });

    const many = await provider.getMany('categories', { ids: ['c1', 'c2'] });
    const updated = await provider.updateMany('categories', {
      ids: ['c1', 'c2'],
      data: { isActive: false },
    });

    expect(many.data.map((r) => r.id)).toEqual(['c1', 'c2']);
    expect(requests[0]?.path).toBe('/api/admin/categories?ids=c1&ids=c2&limit=2');
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(updated.data).toEqual(['c1', 'c2']);
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/categories/c1', { isActive: false }],
      ['/api/admin/categories/c2', { isActive: false }],
    ]);
  });

  it('getManyReference lists with the target as a filter', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/bots': reply(200, { items: [], total: 0 }),
    });
    await provider.getManyReference('bots', {
      target: 'offerId',
      id: 'o1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(requests[0]?.path).toBe(
      '/api/admin/bots?page=1&limit=10&sort=createdAt%3Adesc&offerId=o1',
    );
  });

  it('passes API errors through as HttpError', async () => {
    installFakeFetch({
      'GET /api/admin/bots/nope': reply(404, { error: 'Bot not found', code: 'not_found' }),
    });
    const error = await provider.getOne('bots', { id: 'nope' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'Bot not found' });
  });

  it('serves a resource missing from the table at admin/<name> by _id, PATCHing changes', async () => {
    const code = { _id: '7', code: 'SPRING', points: 50, updatedAt: '2026-11-21T10:00:00.000Z' };
    const { requests } = installFakeFetch({
      'GET /api/admin/promo-codes': reply(200, { items: [code], total: 1, page: 1, limit: 20 }),
      'PATCH /api/admin/promo-codes/7': reply(200, { ...code, points: 60 }),
      'DELETE /api/admin/promo-codes/7': reply(200, { ok: true }),
    });
    const list = await provider.getList('promo-codes', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list.data).toEqual([{ ...code, id: '7' }]);
    const previousData = { ...code, id: '7' };
    const updated = await provider.update('promo-codes', {
      id: '7',
      data: { ...previousData, points: 60 },
      previousData,
    });
    expect(updated.data).toMatchObject({ id: '7', points: 60 });
    await provider.delete('promo-codes', { id: '7' });
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/admin/promo-codes?page=1&limit=20&sort=_id%3Aasc',
      'PATCH /api/admin/promo-codes/7',
      'DELETE /api/admin/promo-codes/7',
    ]);
    expect(requests[1]?.body).toEqual({ points: 60 });
    await expect(provider.getOne('promo-codes', { id: 'new' })).rejects.toThrow(
      'Invalid promo code id: cannot fetch new',
    );
  });

  it('reads the record where the endpoint table says ({user, stats}, {ok, doc}), and only there', async () => {
    installFakeFetch({
      'GET /api/admin/users/USR-1': reply(200, {
        user: { _id: 'a1', userId: 'USR-1', username: 'ann' },
        stats: { wins: 3 },
      }),
      'POST /api/admin/legal': reply(201, { ok: true, doc: { _id: 'l9', title: 'Terms' } }),
      'GET /api/admin/users/USR-2': reply(200, { _id: 'a2', userId: 'USR-2' }),
    });

    const user = await provider.getOne('users', { id: 'USR-1' });
    const created = await provider.create('legal', { data: { type: 'terms' } });

    expect(user.data).toMatchObject({ id: 'USR-1', username: 'ann', stats: { wins: 3 } });
    expect(created.data).toEqual({ id: 'l9', _id: 'l9', type: 'terms', title: 'Terms' });
    // a bare user where {user} is documented is not guessed at
    await expect(provider.getOne('users', { id: 'USR-2' })).rejects.toThrow(
      'GET admin/users/USR-2 answered without its user',
    );
  });

  it('maps getManyReference of a nested endpoint (a user’s matches) to its own path', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/users/USR%201/matches': reply(200, {
        items: [{ _id: 'm1' }],
        total: 1,
        page: 2,
        limit: 10,
      }),
    });
    const provider = createDataProvider(endpoints);
    const matches = await provider.getManyReference('matches', {
      target: 'userId',
      id: 'USR 1',
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { outcome: 'win' },
    });
    expect(matches).toEqual({ data: [{ _id: 'm1', id: 'm1' }], total: 1 });
    expect(requests[0]?.path).toBe('/api/admin/users/USR%201/matches?page=2&limit=10&outcome=win');
  });

  it('checks a named verb’s answer where the table says it holds the result', async () => {
    installFakeFetch({
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, { ok: true }),
      'POST /api/admin/unity-decks/copy': reply(200, { ok: true, deck: { dateKey: 'x' } }),
    });
    const app = createAppDataProvider();
    await expect(app.decideWithdrawal('w1', { action: 'approve' })).rejects.toThrow(
      'PATCH admin/withdrawals/w1/decision answered without its withdrawal',
    );
    const copy = { fromDateKey: '2026-01-01', toDateKey: 'x' };
    await expect(app.copyDeck(copy)).resolves.toMatchObject({ deck: { dateKey: 'x' } });
  });

  it('reads decks by a date range without pages, a day without one as null, saves by PUT', async () => {
    const decks = createDataProvider(endpoints);
    const deck = { dateKey: '2026-01-02', cards: [], resetAt: null, updatedAt: 'v2' };
    const { requests } = installFakeFetch({
      'GET /api/admin/unity-decks': reply(200, { items: [deck] }),
      'GET /api/admin/unity-decks/2026-01-03': reply(200, null),
      'PUT /api/admin/unity-decks/2026-01-02': reply(200, { ok: true, deck }),
    });
    const range = { filter: { from: '2026-01-01', to: '2026-01-31' }, meta: { unpaged: true } };
    await expect(decks.getList('unity-decks', range)).resolves.toEqual({
      data: [{ ...deck, id: '2026-01-02' }],
      total: 1,
    });
    expect(requests[0]?.path).toBe('/api/admin/unity-decks?from=2026-01-01&to=2026-01-31');
    await expect(decks.getOne('unity-decks', { id: '2026-01-03' })).resolves.toEqual({
      data: null,
    });
    const body = { cards: [{ index: 0, amount: 5 }], resetAt: null };
    const saved = await decks.update('unity-decks', {
      id: '2026-01-02',
      data: body,
      previousData: { id: '2026-01-02', updatedAt: 'v1' },
    });
    expect(saved.data).toEqual({ ...deck, id: '2026-01-02' });
    expect(requests[2]).toMatchObject({ method: 'PUT', body, headers: { 'if-match': 'v1' } });
  });

  it('reads and saves a settings singleton at its own path, the whole body with If-Match', async () => {
    const settings = createDataProvider(endpoints);
    const loaded = { maxReferralsPerUser: 10, pointsPerReferral: 100, updatedAt: 'v1' };
    const { requests } = installFakeFetch({
      'GET /api/admin/settings/referral': reply(200, loaded),
      'PATCH /api/admin/settings/referral': reply(200, { ok: true, updatedAt: 'v2' }),
      'GET /api/admin/daily-rewards': reply(200, null),
    });
    const { data } = await settings.getOne('referral', { id: 'referral' });
    expect(data).toEqual({ ...loaded, id: 'referral' });
    // never saved: no fields, the page shows its defaults
    await expect(settings.getOne('daily-rewards', { id: 'daily-rewards' })).resolves.toEqual({
      data: { id: 'daily-rewards' },
    });

    const saved = await settings.update('referral', {
      id: 'referral',
      data: { maxReferralsPerUser: 10, pointsPerReferral: 5 },
      previousData: data,
    });
    expect(requests[2]?.path).toBe('/api/admin/settings/referral');
    expect(requests[2]?.headers['if-match']).toBe('v1');
    expect(requests[2]?.body).toEqual({ maxReferralsPerUser: 10, pointsPerReferral: 5 });
    expect(saved.data).toEqual({
      id: 'referral',
      maxReferralsPerUser: 10,
      pointsPerReferral: 5,
      updatedAt: 'v2',
    });
  });

  it('takes a singleton save from where its answer holds it, and refuses one without ok', async () => {
    const settings = createDataProvider(endpoints);
    const body = { title: 'T', description: 'D', email: 'a@b.co', version: '1' };
    installFakeFetch({
      'PATCH /api/admin/app-info': reply(200, { ok: true, appInfo: { ...body, updatedAt: 'v3' } }),
      'PATCH /api/admin/integrations': reply(200, { ok: false }),
    });
    const saved = await settings.update('app-info', {
      id: 'app-info',
      data: body,
      previousData: { id: 'app-info' },
    });
    expect(saved.data).toEqual({ ...body, id: 'app-info', updatedAt: 'v3' });
    await expect(
      settings.update('integrations', { id: 'integrations', data: {}, previousData: {} as never }),
    ).rejects.toThrow('PATCH admin/integrations answered without ok: true');
  });

  it('rejects a create whose answer carries no id', async () => {
    installFakeFetch({ 'POST /api/admin/bots': reply(200, { ok: true }) });
    await expect(provider.create('bots', { data: { nickname: 'x' } })).rejects.toThrow(/botId/);
  });

  it('changedFields drops id and unchanged values', () => {
    expect(changedFields({ id: 1, a: 1, b: [1], c: 'x' }, { id: 1, a: 1, b: [1], c: 'y' })).toEqual(
      {
        c: 'x',
      },
    );
    expect(changedFields({ id: 1, a: 1 })).toEqual({ a: 1 });
  });
});
