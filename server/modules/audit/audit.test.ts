import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditFacets, AuditSummary } from '../../../contract/audit';
import { type SignedIn, signedIn } from '../../test/client';
import { insertBot } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;

/** Rows written in a past hour of their own, so the test's sign-ins (now) stay out of range. */
const HOUR = '2025-03-01T10:';
const at = (minute: number) => `${HOUR}${String(minute).padStart(2, '0')}:00.000Z`;
const IN_HOUR = { from: at(0), to: `${HOUR}59:59.999Z` };

interface Fixture {
  at: string;
  actor: string | null;
  actorId?: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

const FIXTURES: Fixture[] = [
  {
    at: at(1),
    actor: 'Alice',
    action: 'bot.create',
    entity: 'bot',
    entityId: 'b1',
    after: { nickname: 'Ace', skill: 50 },
  },
  {
    at: at(2),
    actor: 'alice',
    action: 'bot.update',
    entity: 'bot',
    entityId: 'b1',
    before: { skill: 50 },
    after: { skill: 70 },
  },
  {
    at: at(3),
    actor: 'bob',
    action: 'withdrawal.approve',
    entity: 'withdrawal',
    entityId: '7',
    before: { status: 'pending' },
    after: { status: 'approved', adminNote: null },
  },
  { at: at(4), actor: 'alicia', action: 'bot.update', entity: 'bot', entityId: 'b2' },
  {
    at: at(5),
    actor: null,
    actorId: null,
    action: 'seed.demo',
    entity: 'user',
    entityId: null,
    after: { users: 3 },
    ip: null,
  },
  // Two rows of one transaction share a time: the later id comes first.
  { at: at(6), actor: 'bob', action: 'bot.update', entity: 'bot', entityId: 'b1' },
  { at: at(6), actor: 'bob', action: 'bot.update', entity: 'bot', entityId: 'b2' },
];

/** Fixture ids, in FIXTURES order. */
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  for (const row of FIXTURES) {
    const inserted = await t.db
      .insertInto('audit_log')
      .values({
        at: row.at,
        actor_id: row.actorId === undefined ? 42 : row.actorId,
        actor: row.actor,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        before: row.before === undefined ? undefined : JSON.stringify(row.before),
        after: row.after === undefined ? undefined : JSON.stringify(row.after),
        ip: row.ip === undefined ? '203.0.113.9' : row.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(String(inserted.id));
  }
});
afterAll(() => t.close());

type Query = Record<string, string | number>;

async function list(query: Query) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await admin.get(`/api/admin/audit?${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditSummary[]; total: number; page: number; limit: number };
}

/** The fixture ids a filter keeps, in the order listed. */
const idsOf = async (query: Query) =>
  (await list({ ...IN_HOUR, ...query })).items.map((e) => e._id);
const fixtureIds = (...indexes: number[]) => indexes.map((i) => ids[i]);

describe('GET /api/admin/audit', () => {
  it('lists newest first, the later id first among rows of one time, 20 a page', async () => {
    const all = await list({});
    expect(all.page).toBe(1);
    expect(all.limit).toBe(20);
    // Everything: the fixtures and the test admin's sign-in, which is the newest.
    expect(all.total).toBe(FIXTURES.length + 1);
    expect(all.items[0]).toMatchObject({ action: 'auth.login', actor: admin.user.username });
    expect(all.items.slice(1).map((e) => e._id)).toEqual(fixtureIds(6, 5, 4, 3, 2, 1, 0));
  });

  it('answers each row’s facts, without before and after', async () => {
    const [row] = (await list({ ...IN_HOUR, action: 'withdrawal.approve' })).items;
    expect(row).toEqual({
      _id: ids[2],
      at: '2025-03-01T10:03:00.000Z',
      actorId: '42',
      actor: 'bob',
      action: 'withdrawal.approve',
      entity: 'withdrawal',
      entityId: '7',
      entityName: null,
      ip: '203.0.113.9',
    });
    const [system] = (await list({ ...IN_HOUR, action: 'seed.demo' })).items;
    expect(system).toMatchObject({ actorId: null, actor: null, entityId: null, ip: null });
  });

  it('filters by actor: the whole username, in any case', async () => {
    expect(await idsOf({ actor: 'ALICE' })).toEqual(fixtureIds(1, 0));
    expect(await idsOf({ actor: '  alice ' })).toEqual(fixtureIds(1, 0));
    // Not a prefix or substring search: 'ali' names nobody.
    expect(await idsOf({ actor: 'ali' })).toEqual([]);
  });

  it('filters by action, record type and record id, alone or together', async () => {
    expect(await idsOf({ action: 'bot.update' })).toEqual(fixtureIds(6, 5, 3, 1));
    expect(await idsOf({ entity: 'withdrawal' })).toEqual(fixtureIds(2));
    expect(await idsOf({ entityId: 'b2' })).toEqual(fixtureIds(6, 3));
    expect(await idsOf({ entity: 'bot', entityId: 'b1' })).toEqual(fixtureIds(5, 1, 0));
    expect(await idsOf({ actor: 'bob', action: 'bot.update', entityId: 'b1' })).toEqual(
      fixtureIds(5),
    );
    // Exact values only.
    expect(await idsOf({ action: 'bot' })).toEqual([]);
  });

  it('takes from as included and to as excluded, in any time zone', async () => {
    expect(await idsOf({ from: at(2), to: at(4) })).toEqual(fixtureIds(2, 1));
    // 11:03+01:00 is 10:03Z.
    expect(await idsOf({ from: '2025-03-01T11:03:00+01:00', to: at(5) })).toEqual(fixtureIds(3, 2));
    expect(await idsOf({ from: at(6), to: at(6) })).toEqual([]);
    // Past microseconds, PostgreSQL rounds.
    expect(await idsOf({ from: `${HOUR}05:59.9999999999Z` })).toEqual(fixtureIds(6, 5));
  });

  it('ignores blank filters', async () => {
    expect(await idsOf({ actor: '', action: ' ', entity: '', entityId: '' })).toHaveLength(
      FIXTURES.length,
    );
  });

  it('pages: a later page continues where the first ended, the total is the filtered set', async () => {
    const first = await list({ ...IN_HOUR, limit: 3 });
    const second = await list({ ...IN_HOUR, limit: 3, page: 2 });
    const past = await list({ ...IN_HOUR, limit: 3, page: 9 });
    expect(first.items.map((e) => e._id)).toEqual(fixtureIds(6, 5, 4));
    expect(second.items.map((e) => e._id)).toEqual(fixtureIds(3, 2, 1));
    expect([first.total, second.total, past.total]).toEqual(Array(3).fill(FIXTURES.length));
    expect(past.items).toEqual([]);
  });

  it('sorts oldest first on request', async () => {
    expect(await idsOf({ sort: 'at:asc' })).toEqual(fixtureIds(0, 1, 2, 3, 4, 5, 6));
  });

  it.each([
    ['from after to', { from: at(5), to: at(4) }, 'to'],
    ['a date without a time zone', { from: '2025-03-01T10:00:00' }, 'from'],
    ['no date at all', { to: 'yesterday' }, 'to'],
    ['an impossible date', { from: '2025-02-30T10:00:00Z' }, 'from'],
    ['the year 0', { from: '0000-01-01T00:00:00Z' }, 'from'],
    ['an offset PostgreSQL cannot take', { to: '2025-03-01T10:00:00-20:00' }, 'to'],
    ['a page size over 100', { limit: 101 }, 'limit'],
    ['page 0', { page: 0 }, 'page'],
    ['a sort on another field', { sort: 'actor:asc' }, 'sort'],
    ['an unknown parameter', { q: 'alice' }, 'q'],
    ['an over-long filter', { actor: 'x'.repeat(201) }, 'actor'],
  ])('refuses %s with 400 naming the field', async (_what, query, field) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const res = await admin.get(`/api/admin/audit?${search}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      fields: { [field]: expect.any(String) },
    });
  });
});

describe('GET /api/admin/audit/:id', () => {
  it('answers the whole row with before and after as stored', async () => {
    const res = await admin.get(`/api/admin/audit/${ids[2]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      _id: ids[2],
      at: '2025-03-01T10:03:00.000Z',
      actorId: '42',
      actor: 'bob',
      action: 'withdrawal.approve',
      entity: 'withdrawal',
      entityId: '7',
      before: { status: 'pending' },
      after: { status: 'approved', adminNote: null },
      entityName: null,
      ip: '203.0.113.9',
    });
  });

  it('names a user the entry is about by their username, beside the id', async () => {
    const [signIn] = (await list({ action: 'auth.login', actor: admin.user.username })).items;
    expect(signIn).toMatchObject({ entity: 'user', entityName: admin.user.username });
    const res = await admin.get(`/api/admin/audit/${signIn?._id}`);
    expect(res.json()).toMatchObject({
      entityId: signIn?.entityId,
      entityName: admin.user.username,
    });
  });

  it('answers null for a side that was not recorded', async () => {
    const created = (await admin.get(`/api/admin/audit/${ids[0]}`)).json() as AuditEntry;
    expect(created.before).toBeNull();
    expect(created.after).toEqual({ nickname: 'Ace', skill: 50 });
  });

  it.each(['999999', 'abc', '0', '01', '-1', '1.5', '1e3', '99999999999999999999'])(
    'answers 404 for %s',
    async (id) => {
      const res = await admin.get(`/api/admin/audit/${encodeURIComponent(id)}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'Audit entry not found', code: 'not_found' });
    },
  );
});

describe('GET /api/admin/audit/facets', () => {
  it('answers each action and record type once, in order', async () => {
    const res = await admin.get('/api/admin/audit/facets');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as AuditFacets).toEqual({
      actions: ['auth.login', 'bot.create', 'bot.update', 'seed.demo', 'withdrawal.approve'],
      entities: ['bot', 'user', 'withdrawal'],
    });
  });
});

describe('a change made through the API', () => {
  it('is found by its record and shows who made it, with before and after', async () => {
    const bot = await insertBot(t.db, { skill: 40 });
    const saved = await admin.patch(`/api/admin/bots/${bot.bot_id}`, { skill: 65 });
    expect(saved.statusCode, saved.body).toBe(200);

    const found = await list({ entity: 'bot', entityId: bot.bot_id });
    expect(found.total).toBe(1);
    const [row] = found.items;
    expect(row).toMatchObject({ action: 'bot.update', actor: admin.user.username });
    expect(row?.actorId).toBe(String(admin.user.id));

    const detail = (await admin.get(`/api/admin/audit/${row?._id}`)).json() as AuditEntry;
    expect(detail.before).toEqual({ skill: 40 });
    expect(detail.after).toEqual({ skill: 65 });
  });
});
