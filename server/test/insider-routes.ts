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
  const details = [
    typeof body.code === 'string' && body.code,
    withdrawal && `${withdrawal.status}, ${withdrawal.approvals?.length ?? 0} approval(s)`,
    typeof body.updated === 'number' && `updated ${body.updated}`,
    body.adjustment !== undefined && 'adjustment recorded',
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

/**
 * A call made as `actor`: possible while the insider holds a session of theirs or knows their
 * password (then signing in first).
 */
const as = (
  actor: Role,
  label: string,
  act: (run: InsiderRun, step: string) => Promise<unknown>,
  ready: (run: InsiderRun) => boolean = () => true,
) =>
  new Step(
    `${actor}: ${label}`,
    (run) => (run.tokens.has(actor) || run.passwords.has(actor)) && ready(run),
    async (run, step) => {
      if (!run.tokens.has(actor)) await signInAs(run, actor);
      await act(run, step);
    },
  );

const userUrl = (run: InsiderRun, target: Role) => `/admin/users/${run.accounts[target].userId}`;

/**
 * The insider mostly acts as themselves, then as the approver they may have taken over; a step
 * as an account they do not hold is not made.
 */
const actor = fc.oneof(
  { weight: 9, arbitrary: fc.constant<Role>('insider') },
  { weight: 5, arbitrary: fc.constant<Role>('colleague') },
  { weight: 6, arbitrary: fc.constantFrom<Role>('honest', 'player', 'payee') },
);
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

const setPassword = fc.tuple(actor, target).map(([who, whom]) =>
  as(who, `POST /users/{${whom}}/password`, async (run, step) => {
    const password = `insider-set-${randomBytes(6).toString('hex')}`;
    const res = await call(run, who, step, 'POST', `${userUrl(run, whom)}/password`, {
      newPassword: password,
    });
    if (res.statusCode !== 200) return;
    run.passwords.set(whom, password);
    // Their sessions ended with the change.
    run.tokens.delete(whom);
  }),
);

const resetTwoStep = fc
  .tuple(actor, target)
  .map(([who, whom]) =>
    as(who, `DELETE /users/{${whom}}/two-step`, (run, step) =>
      call(run, who, step, 'DELETE', `${userUrl(run, whom)}/two-step`),
    ),
  );

const changeEmail = fc.tuple(actor, target).map(([who, whom]) =>
  as(who, `PATCH /users/{${whom}} {email}`, (run, step) =>
    call(run, who, step, 'PATCH', userUrl(run, whom), {
      email: `${run.nextName()}@insider.example`,
    }),
  ),
);

const setRole = fc
  .tuple(actor, target, fc.boolean())
  .map(([who, whom, makeAdmin]) =>
    as(who, `PATCH /users/{${whom}}/role ${JSON.stringify({ makeAdmin })}`, (run, step) =>
      call(run, who, step, 'PATCH', `${userUrl(run, whom)}/role`, { makeAdmin }),
    ),
  );

const changePermissions = fc
  .tuple(actor, target, fc.constantFrom('grant', 'revoke'), permissionNames)
  .map(([who, whom, change, names]) => {
    const body = { [change]: names };
    return as(who, `PATCH /users/{${whom}}/permissions ${JSON.stringify(body)}`, (run, step) =>
      call(run, who, step, 'PATCH', `${userUrl(run, whom)}/permissions`, body),
    );
  });

/** A balance just under, at and far over the credit threshold (1,000), and a debit. */
const BALANCES = [START_BALANCE + 999, START_BALANCE + 1000, 1_000_000, 0];

const userPatch = fc.oneof(
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

const patchUser = fc.tuple(actor, target, userPatch).map(([who, whom, body]) =>
  as(who, `PATCH /users/{${whom}} ${JSON.stringify(body)}`, async (run, step) => {
    const res = await call(run, who, step, 'PATCH', userUrl(run, whom), body);
    const adjustment = res.statusCode === 202 ? res.json().adjustment : undefined;
    if (typeof adjustment?._id === 'string') run.adjustments.push(adjustment._id);
    if ('status' in body && body.status === 'disabled' && res.statusCode === 200) {
      run.tokens.delete(whom);
    }
    await noCreditAlone(run);
  }),
);

const approveWithdrawal = fc.tuple(actor, fc.boolean()).map(([who, bulk]) =>
  as(
    who,
    bulk
      ? 'PATCH /withdrawals/bulk {ids:[{player’s}],action:approve}'
      : 'PATCH /withdrawals/{player’s}/decision {action:approve}',
    (run, step) =>
      bulk
        ? call(run, who, step, 'PATCH', '/admin/withdrawals/bulk', {
            ids: [String(run.withdrawalId)],
            action: 'approve',
          })
        : call(run, who, step, 'PATCH', `/admin/withdrawals/${run.withdrawalId}/decision`, {
            action: 'approve',
          }),
  ),
);

const decideAdjustment = fc
  .tuple(actor, fc.nat(3), fc.boolean(), fc.constantFrom('approve', 'reject'))
  .map(([who, index, bulk, action]) =>
    as(
      who,
      bulk
        ? `PATCH /adjustments/bulk {ids:[credit ${index}],action:${action}}`
        : `PATCH /adjustments/{credit ${index}}/decision {action:${action}}`,
      async (run, step) => {
        const id = run.adjustments[index % run.adjustments.length] ?? '';
        await (bulk
          ? call(run, who, step, 'PATCH', '/admin/adjustments/bulk', { ids: [id], action })
          : call(run, who, step, 'PATCH', `/admin/adjustments/${id}/decision`, { action }));
        await noCreditAlone(run);
      },
      (run) => run.adjustments.length > 0,
    ),
  );

const signIn = target.map(
  (whom) =>
    new Step(
      `sign in as ${whom}`,
      (run) => run.passwords.has(whom),
      (run) => signInAs(run, whom),
    ),
);

/** The route table, the calls that move value or take over an approver drawn more often. */
export const insiderCall = fc.oneof(
  { weight: 3, arbitrary: approveWithdrawal },
  { weight: 2, arbitrary: setPassword },
  { weight: 2, arbitrary: patchUser },
  { weight: 2, arbitrary: decideAdjustment },
  { weight: 2, arbitrary: changePermissions },
  { weight: 1, arbitrary: setRole },
  { weight: 1, arbitrary: changeEmail },
  { weight: 1, arbitrary: resetTwoStep },
  { weight: 1, arbitrary: signIn },
);
