import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdjustmentBulkBody,
  AdjustmentDecisionBody,
  AdjustmentsQuery,
} from '../../contract/adjustments';
import { AuditQuery } from '../../contract/audit';
import { BotsBulkBody } from '../../contract/bots';
import { DeckCopy, DeckSave, DecksQuery } from '../../contract/decks';
import { IntegrationsPatch } from '../../contract/integrations';
import { LegalCreate, LegalLatestQuery, LegalListQuery, LegalPatch } from '../../contract/legal';
import { LIVE_RESOURCES } from '../../contract/live';
import { PushSendBody } from '../../contract/notifications';
import { PresenceBody } from '../../contract/presence';
import {
  AppInfoBody,
  DailyRewardsBody,
  PayoutSettingsBody,
  ReferralBody,
} from '../../contract/settings';
import { UserStatsQuery } from '../../contract/stats';
import {
  MatchesQuery,
  PasswordBody,
  PermissionsBody,
  RoleBody,
  UserPatch,
  UsersExportQuery,
  UsersQuery,
} from '../../contract/users';
import {
  BulkDecisionBody,
  DecisionBody,
  WithdrawalsExportQuery,
  WithdrawalsQuery,
} from '../../contract/withdrawals';
import type { AnyResource } from '../crud/resource';
import { NoBody } from '../crud/routes';
import { bots } from '../modules/bots/resource';
import { categories } from '../modules/categories/resource';
import { offers } from '../modules/offers/resource';
import { withdrawalTypes } from '../modules/withdrawal-types/resource';
import {
  bodyOf,
  deepBodies,
  HOSTILE_PARAMS,
  hostileBodies,
  hostileQueries,
  jsonText,
  type Overrides,
  queryOf,
  strayQuery,
} from '../test/arbitraries';
import { type SignedIn, signedIn } from '../test/client';
import { NOT_IDS, pathOf } from '../test/crud';
import { fingerprint, REFUSED_REQUEST_WRITES } from '../test/db-fingerprint';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';
import { testPushKey } from '../test/secret-marker';

// Each admin route sent bodies, queries and path parameters drawn from its own schema (mostly
// valid, so they reach the database, now and then with a hostile value or an unknown field), and
// before that, each hostile kind at least once, and bodies nested thousands of levels deep. Whatever arrives: never a 5xx; a refusal or a
// read leaves every table as it was (row counts and checksums); a change writes at most one
// audit row.

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  for (let i = 0; i < 3; i++) {
    const player = await t.user();
    await insertWithdrawal(t.db, { userId: player.user_id });
    await insertBot(t.db);
    const category = await admin.post('/api/admin/categories', { name: `Fuzz ${i}` });
    const categoryId = category.json()._id;
    await admin.post('/api/admin/offers', { categoryId, name: `Offer ${i}`, gameName: 'Blocks' });
    await admin.post('/api/admin/withdrawal-types', { key: `fuzz_${i}`, title: `Type ${i}` });
  }
  for (const day of DAYS.slice(0, 2)) {
    await admin.call('PUT', `/api/admin/unity-decks/${day}`, { cards: [] });
  }
});
afterAll(() => t.close());

/** Days of the deck routes: two with a deck, one without. */
const DAYS = ['2032-01-01', '2032-01-02', '2032-02-29'];

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

const RESOURCES: AnyResource[] = [bots, categories, offers, withdrawalTypes];

const crudSchemas = ({ path, schemas }: AnyResource): Record<string, Schemas> => ({
  [`GET /api${path}`]: { query: schemas.query },
  [`GET /api${path}/:id`]: {},
  [`POST /api${path}`]: { body: schemas.create },
  [`${schemas.update.method} /api${path}/:id`]: { body: schemas.update.body },
});

/**
 * Every admin route with its schemas (none for a route that takes neither body nor query); the
 * deletes last, so the others meet records that exist.
 */
const ROUTES: Record<string, Schemas> = {
  'GET /api/admin/ping': {},
  'GET /api/admin/permissions': {},
  ...Object.assign({}, ...RESOURCES.map(crudSchemas)),
  'GET /api/admin/bots/summary': {},
  'PATCH /api/admin/bots/bulk': { body: BotsBulkBody },
  'PATCH /api/admin/withdrawal-types/:id/toggle': { body: NoBody },
  'GET /api/admin/users': { query: UsersQuery },
  'GET /api/admin/users/export.csv': { query: UsersExportQuery },
  'GET /api/admin/users/:id': {},
  'PATCH /api/admin/users/:id': { body: UserPatch },
  'POST /api/admin/users/:id/password': { body: PasswordBody },
  'GET /api/admin/users/:id/matches': { query: MatchesQuery },
  'PATCH /api/admin/users/:id/role': { body: RoleBody },
  'PATCH /api/admin/users/:id/permissions': { body: PermissionsBody },
  'GET /api/admin/stats/users': { query: UserStatsQuery },
  'GET /api/admin/stats/summary': {},
  'GET /api/admin/withdrawals': { query: WithdrawalsQuery },
  'GET /api/admin/withdrawals/export.csv': { query: WithdrawalsExportQuery },
  'GET /api/admin/withdrawals/:id': {},
  'GET /api/admin/withdrawals/:id/signals': {},
  'PATCH /api/admin/withdrawals/bulk': { body: BulkDecisionBody },
  'PATCH /api/admin/withdrawals/:id/decision': { body: DecisionBody },
  'GET /api/admin/adjustments': { query: AdjustmentsQuery },
  'GET /api/admin/adjustments/:id': {},
  'PATCH /api/admin/adjustments/bulk': { body: AdjustmentBulkBody },
  'PATCH /api/admin/adjustments/:id/decision': { body: AdjustmentDecisionBody },
  'GET /api/admin/daily-rewards': {},
  'PATCH /api/admin/daily-rewards': { body: DailyRewardsBody },
  'GET /api/admin/settings/referral': {},
  'PATCH /api/admin/settings/referral': { body: ReferralBody },
  'GET /api/admin/settings/payouts': {},
  'PATCH /api/admin/settings/payouts': { body: PayoutSettingsBody },
  'GET /api/admin/app-info': {},
  'PATCH /api/admin/app-info': { body: AppInfoBody },
  'GET /api/admin/integrations': {},
  // Before the integration can be given a key: until then a send is refused (409) without
  // reaching the provider, which is not there.
  'POST /api/admin/notifications/send': { body: PushSendBody },
  'PATCH /api/admin/integrations': { body: IntegrationsPatch },
  'GET /api/admin/notifications/onesignal': {},
  'GET /api/admin/legal': { query: LegalListQuery },
  'GET /api/admin/legal/latest': { query: LegalLatestQuery },
  'GET /api/admin/legal/:id': {},
  'POST /api/admin/legal': { body: LegalCreate },
  'PATCH /api/admin/legal/:id': { body: LegalPatch },
  'PATCH /api/admin/legal/:id/activate': { body: NoBody },
  'GET /api/admin/unity-decks': { query: DecksQuery },
  'GET /api/admin/unity-decks/:dateKey': {},
  'POST /api/admin/unity-decks/copy': { body: DeckCopy },
  'PUT /api/admin/unity-decks/:dateKey': { body: DeckSave },
  'GET /api/admin/audit': { query: AuditQuery },
  'GET /api/admin/audit/facets': {},
  'GET /api/admin/audit/:id': {},
  'PUT /api/admin/presence': { body: PresenceBody },
  'DELETE /api/admin/presence': { query: PresenceBody },
  // Refused outright: an update or delete without an id.
  'PATCH /api/admin/bots': {},
  'DELETE /api/admin/bots': {},
  ...Object.fromEntries(RESOURCES.map(({ path }) => [`DELETE /api${path}/:id`, {}])),
  'DELETE /api/admin/unity-decks/:dateKey': {},
  'DELETE /api/admin/users/:id': {},
  'DELETE /api/admin/users/:id/two-step': {},
};

/** The writes that take no body. */
const WITHOUT_BODY = ['PATCH /api/admin/bots', 'DELETE /api/admin/bots'];

/** The event stream never ends, so inject never answers: server/live/*.test.ts read it. */
const NOT_FUZZED = ['GET /api/admin/events'];

/** Each item's id as its URLs name it (bots by botId, users by userId, the rest by _id). */
async function idsAt(collection: string): Promise<string[]> {
  const res = await admin.get(`${collection}?limit=100`);
  const items: Record<string, string>[] = res.json().items ?? [];
  return items
    .map((item) => item.botId ?? item.userId ?? item._id ?? '')
    .filter((id) => id !== admin.user.user_id);
}

/** Valid values of the fields whose rules a JSON Schema cannot tell, so more bodies get through. */
const VALID_FIELDS: Overrides = {
  avatarUrl: fc.webUrl(),
  ...Object.fromEntries(
    ['from', 'to', 'fromDateKey', 'toDateKey'].map((name) => [name, fc.constantFrom(...DAYS)]),
  ),
  email: fc.constantFrom('ops@example.com', 'help@example.org'),
  appId: fc.uuid(),
  // Marked, so the run's search of every log for secrets covers the keys saved here too.
  restApiKey: fc.stringMatching(/^[A-Za-z0-9]{8,40}$/).map(testPushKey),
  rateUsdPerPoint: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 1e6),
  resource: fc.constantFrom(...Object.keys(LIVE_RESOURCES)),
};

/** Random runs of each route, after one run of each hostile example. */
const RANDOM_RUNS = 30;

/** A bulk decision writes one row per record decided. */
const MANY_AUDITS = new Set([
  'PATCH /api/admin/withdrawals/bulk',
  'PATCH /api/admin/adjustments/bulk',
]);

/** Presence is a heartbeat, not a change of data: it writes no audit row. */
const NO_AUDITS = new Set(['PUT /api/admin/presence', 'DELETE /api/admin/presence']);

const adminRoutes = () =>
  t.app.routeTable
    .filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`)
    .filter((route) => !NOT_FUZZED.includes(route));

/** One request: the path parameter, the body (undefined for none) and the query text. */
type Example = [string, unknown, string];

/** A path with each `:param` filled in. */
describe('fuzzed input shaped by each route’s schema', () => {
  it('covers every admin route, and every one that takes a body with its schema', () => {
    expect(adminRoutes().sort()).toEqual(Object.keys(ROUTES).sort());
    const writes = adminRoutes().filter((route) => /^(POST|PATCH|PUT) /.test(route));
    const withBody = Object.keys(ROUTES).filter((route) => ROUTES[route]?.body);
    expect(writes.filter((route) => !WITHOUT_BODY.includes(route)).sort()).toEqual(withBody.sort());
  });

  it('fingerprints the database: any row changed shows, a session being seen does not', async () => {
    const before = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
    await sql`UPDATE sessions SET last_seen_at = last_seen_at - interval '1 second'`.execute(t.db);
    expect(await fingerprint(t.db, REFUSED_REQUEST_WRITES)).toEqual(before);

    const bump = (by: number) =>
      sql`UPDATE bots SET skill = skill + ${by} WHERE id = (SELECT min(id) FROM bots)`.execute(
        t.db,
      );
    await bump(1);
    const changed = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
    expect(changed.bots?.rows).toBe(before.bots?.rows);
    expect(changed.bots?.md5).not.toBe(before.bots?.md5);
    expect({ ...changed, bots: before.bots }).toEqual(before);
    await bump(-1);
    expect(await fingerprint(t.db, REFUSED_REQUEST_WRITES)).toEqual(before);
  });

  it('knows the query schema of every read that has one', async () => {
    // A route with a query schema refuses a parameter it does not know; one without ignores it.
    for (const [route, schemas] of Object.entries(ROUTES)) {
      const [method, url] = route.split(' ') as ['GET', string];
      if (method !== 'GET' || schemas.query) continue;
      const res = await admin.get(`${pathOf(url, '1')}?unknown=1`);
      expect(res.json()?.fields ?? {}, route).not.toHaveProperty('unknown');
    }
  });

  it('never answers 5xx, and a refused request or a read changes nothing', {
    timeout: 600_000,
  }, async () => {
    // Ids of the records there are now (one that never was, should there be none).
    const idsOf = async (collection: string) =>
      collection.endsWith('/unity-decks') ? DAYS : await idsAt(collection);
    const pool = async (collection: string) => {
      const ids = await idsOf(collection);
      return ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('1');
    };
    for (const [route, schemas] of Object.entries(ROUTES)) {
      const [method, url] = route.split(' ') as ['GET', string];
      const collection = url.includes('/:') ? url.slice(0, url.indexOf('/:')) : undefined;
      const existing = collection ? ((await idsOf(collection))[0] ?? '1') : '';
      const param = collection
        ? fc.oneof(
            { arbitrary: await pool(collection), weight: 3 },
            fc.constantFrom(...NOT_IDS, 'new', ...HOSTILE_PARAMS),
          )
        : fc.constant('');
      const bulk = url.match(/^(.*)\/bulk$/)?.[1];
      // A list's `ids` names its own records (hostile ones come in the examples below).
      const listed = method === 'GET' && !collection && !url.endsWith('.csv') ? url : undefined;
      const idsFrom = bulk ?? listed;
      const overrides: Overrides = {
        ...VALID_FIELDS,
        categoryId: await pool('/api/admin/categories'),
        ...(idsFrom && { ids: fc.array(await pool(idsFrom), { maxLength: 3 }) }),
      };
      const body = schemas.body ? bodyOf(schemas.body, overrides) : fc.constant(undefined);
      const query = schemas.query ? queryOf(schemas.query, overrides) : strayQuery;

      // Each hostile kind once, in the body, the query and the path, before the random runs.
      const examples: Example[] = [
        ...(schemas.body
          ? [...hostileBodies(schemas.body, overrides), ...deepBodies(schemas.body, overrides)]
          : []
        ).map((payload): Example => [existing, payload, '']),
        ...(schemas.query ? hostileQueries(schemas.query, overrides) : []).map(
          (search): Example => [existing, undefined, search],
        ),
        ...(collection ? HOSTILE_PARAMS : []).map(
          (id): Example => [id, schemas.body ? {} : undefined, ''],
        ),
      ];

      // Each request's "after" is the next one's "before": only these requests write.
      let last = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
      await fc.assert(
        fc.asyncProperty(param, body, query, async (id, payload, search) => {
          const before = last;
          const res = await t.app.inject({
            method,
            url: `${pathOf(url, id)}${search && `?${search}`}`,
            headers: {
              authorization: `Bearer ${admin.token}`,
              ...(payload !== undefined && { 'content-type': 'application/json' }),
            },
            ...(payload !== undefined && { payload: jsonText(payload) }),
          });
          const after = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
          last = after;
          const what = `${route} ${id.slice(0, 80)} ${search.slice(0, 200)} ${jsonText(payload).slice(0, 300)}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400 || method === 'GET') expect(after, what).toEqual(before);
          else {
            // A change writes its audit row; a request that changed nothing writes none.
            const written = (after.audit_log?.rows ?? 0) - (before.audit_log?.rows ?? 0);
            const changed = Object.keys(after).some(
              (table) =>
                table !== 'audit_log' &&
                JSON.stringify(after[table]) !== JSON.stringify(before[table]),
            );
            if (!changed || NO_AUDITS.has(route)) expect(written, what).toBe(0);
            else if (MANY_AUDITS.has(route)) expect(written, what).toBeGreaterThanOrEqual(1);
            else expect(written, what).toBe(1);
          }
        }),
        { numRuns: examples.length + RANDOM_RUNS, examples },
      );
    }
  });
});
