import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '../../contract/permissions';
import { hashPassword } from '../auth/passwords';
import { writeSetting } from '../settings/store';
import { createTestContext, type TestContext } from '../test/harness';
import { type InsiderRun, newRun } from '../test/insider-accounts';
import { INSIDER_ROUTES, ValueMovedAlone } from '../test/insider-routes';

// Separation of duties, searched for: one admin holding any permissions that touch value or
// approvers, with every account they can take over or make an admin through the API, never ends
// a sequence of calls with a withdrawal at or above the payout threshold approved, or a credit at
// or above the points threshold applied, without a second, independent admin.

const USD_THRESHOLD = 100;
const POINTS_THRESHOLD = 1000;
const RUNS = 2000;
const SEED = Number(process.env.INSIDER_SEED ?? 30);

let t: TestContext;
let passwordHash: string;

beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(`nobody-knows-${Date.now()}`);
  await writeSetting(t.db, 'payouts', {
    secondApprovalFromUsd: USD_THRESHOLD,
    secondApprovalFromPoints: POINTS_THRESHOLD,
  });
});
afterAll(() => t.close());

const CATALOGUE = PERMISSION_CATALOGUE.map((p) => p.name);
const MOVES_VALUE = ['withdrawals:approve', 'users:write', 'users:admin'];

/** Any subset of the catalogue holding one of the three; small ones drawn more often. */
const insiderPermissions = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...MOVES_VALUE), fc.subarray(CATALOGUE, { maxLength: 5 }))
      .map(([one, more]) => [...new Set([one, ...more])]),
  },
  {
    weight: 1,
    arbitrary: fc
      .subarray(CATALOGUE)
      .filter((names) => names.some((name) => MOVES_VALUE.includes(name))),
  },
);
const colleaguePermissions = fc.subarray(['withdrawals:approve', 'adjustments:approve'], {
  minLength: 1,
});

/** Fails the run if the player's withdrawal was approved: only the insider's accounts acted. */
async function noPayoutAlone(run: InsiderRun): Promise<void> {
  const row = await run.db
    .selectFrom('withdrawals')
    .select('status')
    .where('id', '=', run.withdrawalId)
    .executeTakeFirstOrThrow();
  if (row.status === 'approved') {
    throw new ValueMovedAlone(
      `the withdrawal of ${USD_THRESHOLD + 50} USD was approved with no second, independent admin`,
      run.trace,
    );
  }
}

describe('one insider', () => {
  it(`never moves value alone (${RUNS} runs of up to 12 calls)`, async () => {
    console.log(`insider search: seed ${SEED} (INSIDER_SEED=${SEED} to replay), ${RUNS} runs`);
    const started = performance.now();
    let runs = 0;
    const property = fc.asyncProperty(
      insiderPermissions,
      colleaguePermissions,
      fc.commands(INSIDER_ROUTES, { maxCommands: 12 }),
      async (insider, colleague, calls) => {
        runs += 1;
        const run = await newRun({
          app: t.app,
          db: t.db,
          passwordHash,
          insiderPermissions: insider,
          colleaguePermissions: colleague,
          withdrawalUsd: USD_THRESHOLD + 50,
          pointsThreshold: POINTS_THRESHOLD,
        });
        run.trace.push(
          `insider holds ${JSON.stringify(insider)}, colleague ${JSON.stringify(colleague)}`,
        );
        await fc.asyncModelRun(() => ({ model: run, real: run }), calls);
        await noPayoutAlone(run);
      },
    );
    const result = await fc.check(property, { seed: SEED, numRuns: RUNS });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`insider search: ${runs} runs (shrinking included) in ${seconds} s`);
    if (result.failed) {
      const error = result.errorInstance;
      console.log(
        `shortest sequence found (seed ${SEED}, path ${result.counterexamplePath}):\n${error instanceof Error ? error.message : String(error)}`,
      );
    }
    expect(result.failed, fc.defaultReportMessage(result) ?? '').toBe(false);
  }, 600_000);
});
