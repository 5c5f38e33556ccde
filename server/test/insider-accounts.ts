import type { FastifyInstance } from 'fastify';
import { EVERYTHING } from '../../contract/permissions';
import { createSession } from '../auth/sessions';
import type { Database } from '../db/connect';
import { newReferralCode, newUserId } from '../modules/users/create';
import { addressesFrom } from './client';
import { insertWithdrawal } from './fixtures';

// The accounts of one run of the insider search (server/approvals/insider.test.ts), inserted
// directly: setting them up is not what the search tests, and it runs two thousand times.

/**
 * Who takes part in a run. `insider` is the admin under test; `colleague` an approver the insider
 * may take over; `honest` a `*` admin the search never acts as unless the insider took it over;
 * `player` has a pending withdrawal above the payout threshold; `payee` is a player to credit.
 */
export const ROLES = ['insider', 'colleague', 'honest', 'player', 'payee'] as const;
export type Role = (typeof ROLES)[number];

export interface Account {
  id: number;
  userId: string;
  username: string;
}

/** Every account starts with this balance. */
export const START_BALANCE = 100;

/** What one run knows and holds: the model and the real state are the same object. */
export interface InsiderRun {
  app: FastifyInstance;
  db: Database;
  accounts: Record<Role, Account>;
  /** Sessions the insider holds: their own, and those of accounts they signed in as. */
  tokens: Map<Role, string>;
  /** Passwords the insider set, so knows. */
  passwords: Map<Role, string>;
  /** Adjustments the insider's credits recorded (from the 202 answers). */
  adjustments: string[];
  /** The player's pending withdrawal, worth at least secondApprovalFromUsd. */
  withdrawalId: number;
  balances: Record<Role, number>;
  /** Each call made, with its answer: what a failure prints. */
  trace: string[];
  pointsThreshold: number;
  nextAddress: () => string;
  nextName: () => string;
}

export interface RunSetup {
  app: FastifyInstance;
  db: Database;
  /** The one argon2 hash every account starts with (no one in the run knows its password). */
  passwordHash: string;
  insiderPermissions: string[];
  colleaguePermissions: string[];
  withdrawalUsd: number;
  pointsThreshold: number;
}

let runs = 0;

/** Fresh accounts for one run, the insider already signed in. */
export async function newRun(setup: RunSetup): Promise<InsiderRun> {
  runs += 1;
  const prefix = `r${process.pid}x${runs}`;
  const admins: Partial<Record<Role, string[]>> = {
    insider: setup.insiderPermissions,
    colleague: setup.colleaguePermissions,
    honest: [EVERYTHING],
  };
  const rows = await setup.db
    .insertInto('users')
    .values(
      ROLES.map((role) => ({
        user_id: newUserId(),
        username: `${prefix}${role}`,
        email: `${prefix}${role}@example.com`,
        password_hash: setup.passwordHash,
        status: 'active' as const,
        balance: START_BALANCE,
        referral_code: newReferralCode(),
        admin_enabled: role in admins,
        admin_roles: role in admins ? ['admin'] : [],
        admin_permissions: admins[role] ?? [],
      })),
    )
    .returning(['id', 'user_id', 'username'])
    .execute();
  const accounts = Object.fromEntries(
    ROLES.map((role, i) => {
      const row = rows[i];
      if (!row) throw new Error(`no row for ${role}`);
      return [role, { id: row.id, userId: row.user_id, username: row.username }];
    }),
  ) as Record<Role, Account>;
  const withdrawal = await insertWithdrawal(setup.db, {
    userId: accounts.player.userId,
    pointsSpent: 400,
    usdValue: setup.withdrawalUsd,
  });
  const token = await createSession(setup.db, accounts.insider.id, {
    ip: '10.30.0.1',
    userAgent: undefined,
  });
  let names = 0;
  return {
    app: setup.app,
    db: setup.db,
    accounts,
    tokens: new Map([['insider', token]]),
    passwords: new Map(),
    adjustments: [],
    withdrawalId: withdrawal.id,
    balances: Object.fromEntries(ROLES.map((role) => [role, START_BALANCE])) as Record<
      Role,
      number
    >,
    trace: [],
    pointsThreshold: setup.pointsThreshold,
    nextAddress: addressesFrom(`10.31.${runs % 250}`),
    nextName: () => `${prefix}n${++names}`,
  };
}

/** The balances of the run's accounts now. */
export async function balancesOf(run: InsiderRun): Promise<Record<Role, number>> {
  const rows = await run.db
    .selectFrom('users')
    .select(['id', 'balance'])
    .where(
      'id',
      'in',
      ROLES.map((role) => run.accounts[role].id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.balance]));
  return Object.fromEntries(
    ROLES.map((role) => [role, byId.get(run.accounts[role].id) ?? Number.NaN]),
  ) as Record<Role, number>;
}
