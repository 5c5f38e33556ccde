import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DeckCopy, DeckSave, DecksQuery } from '../../../contract/decks';
import { bodyOf, queryOf } from '../../test/arbitraries';
import { type SignedIn, signedIn } from '../../test/client';
import { allDeckAudits, cardsOf, saved, URL } from '../../test/decks';
import { createTestContext, type TestContext } from '../../test/harness';

// The deck routes sent bodies and queries drawn from their schemas (mostly valid, now and then
// hostile) on days with and without a deck and on keys that name no day: never a 5xx, a refusal
// writes nothing and a change writes one audit row at most.

let t: TestContext;
let admin: SignedIn;
const DAYS = ['2032-01-01', '2032-01-02', '2032-01-03', '2032-02-29'];
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  for (const day of DAYS.slice(0, 2)) await saved(admin, day, { cards: cardsOf(3) });
});
afterAll(() => t.close());

const day = fc.constantFrom(...DAYS);
const key = fc.oneof(
  { arbitrary: day, weight: 3 },
  fc.constantFrom('2032-02-30', '2032-1-5', '0000-01-01', 'copy', '%20', 'x'.repeat(300)),
);
const overrides = { from: day, to: day, fromDateKey: day, toDateKey: day };

const ROUTES: [string, string, { body?: z.ZodType; query?: z.ZodType }][] = [
  ['GET', URL, { query: DecksQuery }],
  ['POST', `${URL}/copy`, { body: DeckCopy }],
  ['GET', `${URL}/:dateKey`, {}],
  ['PUT', `${URL}/:dateKey`, { body: DeckSave }],
  ['DELETE', `${URL}/:dateKey`, {}],
];

describe('fuzzed input to the deck routes', () => {
  it('never answers 5xx, and a refused request changes nothing', async () => {
    for (const [method, url, schemas] of ROUTES) {
      const body = schemas.body ? bodyOf(schemas.body, overrides) : fc.constant(undefined);
      const query = schemas.query ? queryOf(schemas.query, overrides) : fc.constant('');
      await fc.assert(
        fc.asyncProperty(key, body, query, async (dateKey, payload, search) => {
          const before = (await allDeckAudits(t)).length;
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${url.replace(':dateKey', encodeURIComponent(dateKey))}${search && `?${search}`}`,
            headers: {
              authorization: `Bearer ${admin.token}`,
              ...(payload !== undefined && { 'content-type': 'application/json' }),
            },
            ...(payload !== undefined && { payload: JSON.stringify(payload) }),
          });
          const what = `${method} ${url} ${dateKey} ${search} ${JSON.stringify(payload)}: ${res.body}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const written = (await allDeckAudits(t)).length - before;
          if (res.statusCode >= 400 || method === 'GET') expect(written, what).toBe(0);
          else expect(written, what).toBeLessThanOrEqual(1);
        }),
        { numRuns: 60 },
      );
    }
  });
});
