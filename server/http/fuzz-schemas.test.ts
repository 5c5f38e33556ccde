import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BotsBulkBody } from '../../contract/bots';
import { DeckCopy, DeckSave, DecksQuery } from '../../contract/decks';
import { IntegrationsPatch } from '../../contract/integrations';
import { LegalCreate, LegalListQuery, LegalPatch } from '../../contract/legal';
import { PushSendBody } from '../../contract/notifications';
import { AppInfoBody, DailyRewardsBody, ReferralBody } from '../../contract/settings';
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
import { NOT_IDS } from '../crud/testing';
import { bots } from '../modules/bots/resource';
import { categories } from '../modules/categories/resource';
import { offers } from '../modules/offers/resource';
import { withdrawalTypes } from '../modules/withdrawal-types/resource';
import { bodyOf, type Overrides, queryOf } from '../test/arbitraries';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';

// Each admin route sent bodies and queries drawn from its own schema (mostly valid, so they
// reach the database, now and then with a hostile value or an unknown field) and ids of records
// that exist as well as text that names none. Whatever arrives: never a 5xx, and a refusal
// writes nothing (no audit row); a change writes at most one.

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
});
afterAll(() => t.close());

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

const RESOURCES: AnyResource[] = [bots, categories, offers, withdrawalTypes];

const crudSchemas = ({ path, schemas }: AnyResource): Record<string, Schemas> => ({
  [`GET /api${path}`]: { query: schemas.query },
  [`POST /api${path}`]: { body: schemas.create },
  [`${schemas.update.method} /api${path}/:id`]: { body: schemas.update.body },
});

/**
 * Every admin route that takes a body or a query, with its schemas; the deletes of the CRUD
 * resources last, so the others meet records that exist.
 */
const ROUTES: Record<string, Schemas> = {
  ...Object.assign({}, ...RESOURCES.map(crudSchemas)),
  'PATCH /api/admin/bots/bulk': { body: BotsBulkBody },
  'PATCH /api/admin/withdrawal-types/:id/toggle': { body: NoBody },
  'GET /api/admin/users': { query: UsersQuery },
  'GET /api/admin/users/export.csv': { query: UsersExportQuery },
  'PATCH /api/admin/users/:id': { body: UserPatch },
  'POST /api/admin/users/:id/password': { body: PasswordBody },
  'GET /api/admin/users/:id/matches': { query: MatchesQuery },
  'PATCH /api/admin/users/:id/role': { body: RoleBody },
  'PATCH /api/admin/users/:id/permissions': { body: PermissionsBody },
  'GET /api/admin/stats/users': { query: UserStatsQuery },
  'GET /api/admin/withdrawals': { query: WithdrawalsQuery },
  'GET /api/admin/withdrawals/export.csv': { query: WithdrawalsExportQuery },
  'PATCH /api/admin/withdrawals/bulk': { body: BulkDecisionBody },
  'PATCH /api/admin/withdrawals/:id/decision': { body: DecisionBody },
  'PATCH /api/admin/daily-rewards': { body: DailyRewardsBody },
  'PATCH /api/admin/settings/referral': { body: ReferralBody },
  'PATCH /api/admin/app-info': { body: AppInfoBody },
  'PATCH /api/admin/integrations': { body: IntegrationsPatch },
  // The push integration has no key here: a send is refused (409) before reaching the provider.
  'POST /api/admin/notifications/send': { body: PushSendBody },
  'GET /api/admin/legal': { query: LegalListQuery },
  'POST /api/admin/legal': { body: LegalCreate },
  'PATCH /api/admin/legal/:id': { body: LegalPatch },
  'PATCH /api/admin/legal/:id/activate': { body: NoBody },
  'GET /api/admin/unity-decks': { query: DecksQuery },
  'POST /api/admin/unity-decks/copy': { body: DeckCopy },
  'PUT /api/admin/unity-decks/:dateKey': { body: DeckSave },
  ...Object.fromEntries(RESOURCES.map(({ path }) => [`DELETE /api${path}/:id`, {}])),
};

/** The routes with a body that need no schema: an update or delete without an id. */
const WITHOUT_BODY = ['PATCH /api/admin/bots', 'DELETE /api/admin/bots'];

/** Each item's id as its URLs name it (bots by botId, users by userId, the rest by _id). */
async function idsAt(collection: string): Promise<string[]> {
  const res = await admin.get(`${collection}?limit=100`);
  const items: Record<string, string>[] = res.json().items ?? [];
  return items
    .map((item) => item.botId ?? item.userId ?? item._id ?? '')
    .filter((id) => id !== admin.user.user_id);
}

const audits = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A bulk withdrawals decision writes one row per withdrawal decided. */
const MANY_AUDITS = new Set(['PATCH /api/admin/withdrawals/bulk']);

describe('fuzzed input shaped by each route’s schema', () => {
  it('covers every admin route that takes a body', () => {
    const writes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/admin') && ['POST', 'PATCH', 'PUT'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    const covered = Object.keys(ROUTES).filter((route) => ROUTES[route]?.body);
    expect(writes.filter((route) => !WITHOUT_BODY.includes(route)).sort()).toEqual(covered.sort());
  });

  it('never answers 5xx, and a refused request changes nothing', async () => {
    // Ids of the records there are now (one that never was, should there be none).
    const pool = async (collection: string) => {
      const ids = await idsAt(collection);
      return ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('1');
    };
    for (const [route, schemas] of Object.entries(ROUTES)) {
      const [method, url] = route.split(' ') as ['GET', string];
      const param = url.includes('/:')
        ? fc.oneof(await pool(url.slice(0, url.indexOf('/:'))), fc.constantFrom(...NOT_IDS, 'new'))
        : fc.constant('');
      const bulk = url.match(/^(.*)\/bulk$/)?.[1];
      const overrides: Overrides = {
        categoryId: await pool('/api/admin/categories'),
        avatarUrl: fc.webUrl(),
        ...(bulk && { ids: fc.array(await pool(bulk), { maxLength: 3 }) }),
      };
      const body = schemas.body ? bodyOf(schemas.body, overrides) : fc.constant(undefined);
      const query = schemas.query ? queryOf(schemas.query, overrides) : fc.constant('');

      await fc.assert(
        fc.asyncProperty(param, body, query, async (id, payload, search) => {
          const before = await audits();
          const res = await t.app.inject({
            method,
            url: `${url.replace(':id', encodeURIComponent(id))}${search && `?${search}`}`,
            headers: {
              authorization: `Bearer ${admin.token}`,
              ...(payload !== undefined && { 'content-type': 'application/json' }),
            },
            ...(payload !== undefined && { payload: JSON.stringify(payload) }),
          });
          const what = `${route} ${id} ${search} ${JSON.stringify(payload)}: ${res.body}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const written = (await audits()) - before;
          if (res.statusCode >= 400 || method === 'GET') expect(written, what).toBe(0);
          else if (!MANY_AUDITS.has(route)) expect(written, what).toBeLessThanOrEqual(1);
        }),
        { numRuns: 40 },
      );
    }
  });
});
