import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS_MAX } from '../../contract/lists';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';

// Every list the console reads records from answers `ids`: a getMany is one request for the
// records it names, each id as the record's own URL names it.

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

let made = 0;
const unique = () => `${Date.now().toString(36)}${(made++).toString(36)}`;

async function created(url: string, body: object): Promise<Record<string, unknown>> {
  const res = await admin.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

interface Endpoint {
  url: string;
  /** The field of a list item its URL names it by. */
  idField: string;
  /** A new record: its id as its URL names it. */
  make(): Promise<string>;
}

const categoryId = () => created('/api/admin/categories', { name: `Cat ${unique()}` });

const ENDPOINTS: Endpoint[] = [
  { url: '/api/admin/users', idField: 'userId', make: async () => (await t.user()).user_id },
  {
    url: '/api/admin/withdrawals',
    idField: '_id',
    make: async () => String((await insertWithdrawal(t.db, { userId: admin.user.user_id })).id),
  },
  { url: '/api/admin/bots', idField: 'botId', make: async () => (await insertBot(t.db)).bot_id },
  {
    url: '/api/admin/categories',
    idField: '_id',
    make: async () => (await categoryId())._id as string,
  },
  {
    url: '/api/admin/offers',
    idField: '_id',
    make: async () => {
      const category = await categoryId();
      const body = { categoryId: category._id, name: `Offer ${unique()}`, gameName: 'Solitaire' };
      return (await created('/api/admin/offers', body))._id as string;
    },
  },
  {
    url: '/api/admin/withdrawal-types',
    idField: '_id',
    make: async () =>
      (await created('/api/admin/withdrawal-types', { key: `t_${unique()}`, title: 'Type' }))
        ._id as string,
  },
  {
    url: '/api/admin/legal',
    idField: '_id',
    make: async () => {
      const body = { type: made++ % 2 ? 'terms' : 'privacy', contentText: 'Text' };
      return ((await created('/api/admin/legal', body)).doc as { _id: string })._id;
    },
  },
  {
    url: '/api/admin/audit',
    idField: '_id',
    make: async () => {
      await categoryId();
      const res = await admin.get('/api/admin/audit?limit=1');
      return res.json().items[0]._id;
    },
  },
];

const query = (ids: string[]) => ids.map((id) => `ids=${encodeURIComponent(id)}`).join('&');

describe('the ids filter of the lists', () => {
  for (const { url, idField, make } of ENDPOINTS) {
    it(`GET ${url}?ids=… answers just the records named, on one page`, async () => {
      const [first = '', , third = ''] = [await make(), await make(), await make()];
      // An id of another form, or of no record, is simply not there.
      const res = await admin.get(`${url}?${query([third, 'no-such-id', '999999999', first])}`);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.items.map((item: Record<string, unknown>) => item[idField]).sort()).toEqual(
        [first, third].sort(),
      );
      expect(answer).toMatchObject({ total: 2, page: 1 });
      expect(answer.limit).toBeGreaterThanOrEqual(2);

      const one = await admin.get(`${url}?ids=${encodeURIComponent(first)}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().items.map((item: Record<string, unknown>) => item[idField])).toEqual([
        first,
      ]);
      expect(one.json().total).toBe(1);

      // Without it the list is as it was: more than the records named.
      const all = await admin.get(url.endsWith('/legal') ? `${url}?type=privacy` : url);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().total).toBeGreaterThanOrEqual(1);
    });

    it(`GET ${url} takes at most ${IDS_MAX} ids in one request`, async () => {
      const ids = Array.from({ length: IDS_MAX }, (_, i) => String(i + 1));
      const most = await admin.get(`${url}?${query(ids)}`);
      expect(most.statusCode, most.body).toBe(200);
      const over = await admin.get(`${url}?${query([...ids, '0'])}`);
      expect(over.statusCode).toBe(400);
      expect(Object.keys(over.json().fields ?? {})).toEqual(['ids']);
    });
  }

  it('fills one page with every record named, whatever the list pages by default', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await t.user()).user_id);
    const res = await admin.get(`/api/admin/users?${query(ids)}`);
    expect(res.json().items).toHaveLength(25);
    expect(res.json().total).toBe(25);
  });

  it('still needs a legal type for a list without ids', async () => {
    const res = await admin.get('/api/admin/legal');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['type']);
  });
});
