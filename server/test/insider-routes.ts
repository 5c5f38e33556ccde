import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PERMISSION_CATALOGUE } from '../../contract/permissions';
import { bearer } from './harness';
import { balancesOf, type InsiderRun, ROLES, type Role, START_BALANCE } from './insider-accounts';

// The route table of the insider search: every call by which one admin could move value or
// choose who approves, made as the insider or as an account they took over or made an admin.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A value moved by one person alone: the search's failure, with the calls that led to it. */
export class ValueMovedAlone extends Error {
  constructor(what: string, trace: string[]) {
    super(`${what}, after:\n${trace.map((line, i) => `  ${i + 1}. ${line}`).join('\n')}`);
  }
}

/** What an answer says, briefly: the status and the code or the resulting state. */
function gist(res: LightMyRequestResponse): string {
  let body: Record<string, unknown> = {};
  try {
    body = res.json();
  } catch {
    return String(res.statusCode);
  }
  const withdrawal = body.withdrawal as { status?: string; approvals?: unknown[] } | undefined;
  const adjustment = body.adjustment as { status?: string } | undefined;
  const details = [
    typeof body.code === 'string' && body.code,
    withdrawal && `${withdrawal.status}, ${withdrawal.approvals?.length ?? 0} approval(s)`,
    typeof body.updated === 'number' && `updated ${body.updated}`,
    adjustment && `credit ${adjustment.status}`,
  ].filter(Boolean);
  return details.length ? `${res.statusCode} (${details.join(', ')})` : String(res.statusCode);
}

/** One call as `actor`, written to the run's trace; a 401 means the insider lost that session. */
async function call(
  run: InsiderRun,
  actor: Role,
  step: string,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
) {
  const token = run.tokens.get(actor) ?? '';
  const res = await run.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    remoteAddress: '10.30.0.1',
    ...(payload === undefined ? {} : { payload }),
  });
  run.trace.push(`${step} → ${gist(res)}`);
  if (res.statusCode === 401) run.tokens.delete(actor);
  return res;
}

/** Fails the run when a call credited any account of the run by the points threshold or more. */
async function noCreditAlone(run: InsiderRun): Promise<void> {
  const now = await balancesOf(run);
  for (const role of ROLES) {
    const credit = now[role] - run.balances[role];
    if (credit >= run.pointsThreshold) {
      throw new ValueMovedAlone(
        `${role}'s balance rose by ${credit} points (threshold ${run.pointsThreshold}) with no second, independent admin`,
        run.trace,
      );
    }
  }
  run.balances = now;
}

/** One drawn call of the table. `ready` says whether it can be made in the run's state now. */
class Step implements fc.AsyncCommand<InsiderRun, InsiderRun> {
  constructor(
    private readonly label: string,
    private readonly ready: (run: InsiderRun) => boolean,
    private readonly act: (run: InsiderRun, label: string) => Promise<void>,
  ) {}
  check(run: Readonly<InsiderRun>): boolean {
    return this.ready(run as InsiderRun);
  }
  async run(_model: InsiderRun, run: InsiderRun): Promise<void> {
    await this.act(run, this.label);
  }
  toString(): string {
    return this.label;
  }
}

/** Signs in through POST /api/auth/login as an account whose password the insider set. */
async function signInAs(run: InsiderRun, whom: Role): Promise<void> {
  const res = await run.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: run.accounts[whom].username, password: run.passwords.get(whom) },
    remoteAddress: run.nextAddress(),
  });
  run.trace.push(`sign in as ${whom} → ${res.statusCode}`);
  const token = res.statusCode === 200 ? res.json().token : undefined;
  if (typeof token === 'string') run.tokens.set(whom, token);
}

/** Who a call is made as: the insider, or the account they took over last. */
export type Actor = 'insider' | 'latest';

/** The account whose password the insider set last (a sign-in away from being held). */
const latest = (run: InsiderRun): Role | undefined => [...run.passwords.keys()].at(-1);

/**
 * A call made as the insider or the account they took over last (signing in first if they hold
 * no session of it yet); not made when they have taken over none.
 */
const as = (
  actor: Actor,
  label: string,
  act: (run: InsiderRun, who: Role, step: string) => Promise<unknown>,
  ready: (run: InsiderRun) => boolean = () => true,
) =>
  new Step(
    `${actor === 'latest' ? 'the account taken over last' : actor}: ${label}`,
    (run) => (actor === 'insider' || latest(run) !== undefined) && ready(run),
    async (run) => {
      const who = actor === 'insider' ? actor : latest(run);
      if (!who) return;
      if (!run.tokens.has(who)) await signInAs(run, who);
      await act(run, who, `${who}: ${label}`);
    },
  );

const userUrl = (run: InsiderRun, target: Role) => `/admin/users/${run.accounts[target].userId}`;

/** One PATCH of a user: the fields that say what a user is worth or where they stand. */
type UserPatchBody =
  | { balance: number; adjustmentReason?: 'goodwill' }
  | { xp: number }
  | { status: 'active' | 'disabled' }
  | { referredBy: string };

/** The insider acts as themselves, or as the account they took over last. */
const actor = fc.constantFrom<Actor>('insider', 'latest');
const target = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Role>('colleague') },
  { weight: 7, arbitrary: fc.constantFrom<Role>(...ROLES) },
);

/** Names that choose approvers, drawn more often than the rest of the catalogue. */
const APPROVING = [
  '*',
  'users:*',
  'users:admin',
  'withdrawals:*',
  'withdrawals:approve',
  'adjustments:*',
  'adjustments:approve',
];
const CATALOGUE = PERMISSION_CATALOGUE.map((p) => p.name);
const permissionNames = fc.oneof(
  fc.subarray(APPROVING, { minLength: 1, maxLength: 2 }),
  fc.subarray(CATALOGUE, { minLength: 1, maxLength: 3 }),
);

/** The calls of the table by what they do, each made as `by`. */
export const calls = {
  setPassword: (by: Actor, whom: Role) =>
    as(by, `POST /users/{${whom}}/password`, async (run, who, step) => {
      const password = `insider-set-${randomBytes(6).toString('hex')}`;
      const res = await call(run, who, step, 'POST', `${userUrl(run, whom)}/password`, {
        newPassword: password,
      });
      if (res.statusCode !== 200) return;
      // Moved last: now the account taken over last.
      run.passwords.delete(whom);
      run.passwords.set(whom, password);
      // Their sessions ended with the change.
      run.tokens.delete(whom);
    }),

  resetTwoStep: (by: Actor, whom: Role) =>
    as(by, `DELETE /users/{${whom}}/two-step`, (run, who, step) =>
      call(run, who, step, 'DELETE', `${userUrl(run, whom)}/two-step`),
    ),

  changeEmail: (by: Actor, whom: Role) =>
    as(by, `PATCH /users/{${whom}} {email}`, (run, who, step) =>
      call(run, who, step, 'PATCH', userUrl(run, whom), {
        email: `${run.nextName()}@insider.example`,
      }),
    ),

  setRole: (by: Actor, whom: Role, makeAdmin: boolean) =>
    as(by, `PATCH /users/{${whom}}/role ${JSON.stringify({ makeAdmin })}`, (run, who, step) =>
      call(run, who, step, 'PATCH', `${userUrl(run, whom)}/role`, { makeAdmin }),
    ),

  changePermissions: (by: Actor, whom: Role, change: 'grant' | 'revoke', names: string[]) => {
    const body = { [change]: names };
    return as(by, `PATCH /users/{${whom}}/permissions ${JSON.stringify(body)}`, (run, who, step) =>
      call(run, who, step, 'PATCH', `${userUrl(run, whom)}/permissions`, body),
    );
  },

  patchUser: (by: Actor, whom: Role, body: UserPatchBody) =>
    as(by, `PATCH /users/{${whom}} ${JSON.stringify(body)}`, async (run, who, step) => {
      const res = await call(run, who, step, 'PATCH', userUrl(run, whom), body);
      const adjustment = res.statusCode === 202 ? res.json().adjustment : undefined;
      if (typeof adjustment?._id === 'string') run.adjustments.push(adjustment._id);
      if ('status' in body && body.status === 'disabled' && res.statusCode === 200) {
        run.tokens.delete(whom);
      }
      await noCreditAlone(run);
    }),

  /** A credit at or far over the points threshold, asked with a reason: recorded, or applied. */
  requestCredit: (by: Actor, whom: Role, delta: number) =>
    as(
      by,
      `PATCH /users/{${whom}} {balance: +${delta}, adjustmentReason: goodwill}`,
      async (run, who, step) => {
        const body = { balance: run.balances[whom] + delta, adjustmentReason: 'goodwill' };
        const res = await call(run, who, step, 'PATCH', userUrl(run, whom), body);
        const adjustment = res.statusCode === 202 ? res.json().adjustment : undefined;
        if (typeof adjustment?._id === 'string') run.adjustments.push(adjustment._id);
        await noCreditAlone(run);
      },
    ),

  approveWithdrawal: (by: Actor, bulk: boolean) =>
    as(
      by,
      bulk
        ? 'PATCH /withdrawals/bulk {ids:[{player’s}],action:approve}'
        : 'PATCH /withdrawals/{player’s}/decision {action:approve}',
      (run, who, step) =>
        bulk
          ? call(run, who, step, 'PATCH', '/admin/withdrawals/bulk', {
              ids: [String(run.withdrawalId)],
              action: 'approve',
            })
          : call(run, who, step, 'PATCH', `/admin/withdrawals/${run.withdrawalId}/decision`, {
              action: 'approve',
            }),
    ),

  decideAdjustment: (by: Actor, index: number, bulk: boolean, action: 'approve' | 'reject') =>
    as(
      by,
      bulk
        ? `PATCH /adjustments/bulk {ids:[credit ${index}],action:${action}}`
        : `PATCH /adjustments/{credit ${index}}/decision {action:${action}}`,
      async (run, who, step) => {
        const id = run.adjustments[index % run.adjustments.length] ?? '';
        await (bulk
          ? call(run, who, step, 'PATCH', '/admin/adjustments/bulk', { ids: [id], action })
          : call(run, who, step, 'PATCH', `/admin/adjustments/${id}/decision`, { action }));
        await noCreditAlone(run);
      },
      (run) => run.adjustments.length > 0,
    ),

  signIn: (whom: Role) =>
    new Step(
      `sign in as ${whom}`,
      (run) => run.passwords.has(whom),
      (run) => signInAs(run, whom),
    ),
};

/** A balance just under, at and far over the credit threshold (1,000), and a debit. */
const BALANCES = [START_BALANCE + 999, START_BALANCE + 1000, 1_000_000, 0];

const userPatch = fc.oneof<fc.Arbitrary<UserPatchBody>[]>(
  fc.record(
    {
      balance: fc.constantFrom(...BALANCES),
      adjustmentReason: fc.constant('goodwill' as const),
    },
    { requiredKeys: ['balance'] },
  ),
  fc.record({ xp: fc.constant(50_000) }),
  fc.record({ status: fc.constantFrom('active', 'disabled') }),
  fc.record({ referredBy: fc.constantFrom('INSIDER1', '') }),
);

const setPassword = fc.tuple(actor, target).map(([by, whom]) => calls.setPassword(by, whom));
const resetTwoStep = fc.tuple(actor, target).map(([by, whom]) => calls.resetTwoStep(by, whom));
const changeEmail = fc.tuple(actor, target).map(([by, whom]) => calls.changeEmail(by, whom));
const setRole = fc
  .tuple(actor, target, fc.boolean())
  .map(([by, whom, makeAdmin]) => calls.setRole(by, whom, makeAdmin));
const changePermissions = fc
  .tuple(actor, target, fc.constantFrom('grant' as const, 'revoke' as const), permissionNames)
  .map(([by, whom, change, names]) => calls.changePermissions(by, whom, change, names));
const patchUser = fc
  .tuple(actor, target, userPatch)
  .map(([by, whom, body]) => calls.patchUser(by, whom, body));
const requestCredit = fc
  .tuple(actor, target, fc.constantFrom(1000, 250_000))
  .map(([by, whom, delta]) => calls.requestCredit(by, whom, delta));
const approveWithdrawal = fc
  .tuple(actor, fc.boolean())
  .map(([by, bulk]) => calls.approveWithdrawal(by, bulk));
const decideAdjustment = fc
  .tuple(
    actor,
    fc.nat(3),
    fc.boolean(),
    fc.constantFrom('approve' as const, 'approve' as const, 'reject' as const),
  )
  .map(([by, index, bulk, action]) => calls.decideAdjustment(by, index, bulk, action));
const signIn = target.map((whom) => calls.signIn(whom));

/** The route table, the calls that move value or take over an approver drawn more often. */
export const insiderCall = fc.oneof(
  { weight: 3, arbitrary: approveWithdrawal },
  { weight: 3, arbitrary: setPassword },
  { weight: 3, arbitrary: requestCredit },
  { weight: 3, arbitrary: decideAdjustment },
  { weight: 2, arbitrary: changePermissions },
  { weight: 1, arbitrary: patchUser },
  { weight: 1, arbitrary: setRole },
  { weight: 1, arbitrary: changeEmail },
  { weight: 1, arbitrary: resetTwoStep },
  { weight: 1, arbitrary: signIn },
);
