import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSetting } from '../settings/store';
import { addressesFrom, callsAs, type SignedIn, signedIn } from '../test/client';
import { balanceOf, insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';

// Four-eyes between independent admins: a second approval is refused when, in the last 30 days,
// either approver (or someone who can act as both) took over the other's account or chose them.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await writeSetting(t.db, 'payouts', { secondApprovalFromUsd: 100 });
});
afterAll(() => t.close());

const INSIDER = [
  'users:read',
  'users:write',
  'users:admin',
  'withdrawals:read',
  'withdrawals:approve',
];
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-4821';
const nextIp = addressesFrom('10.31.0');

const admin = (permissions: string[] = INSIDER) => signedIn(t, { permissions }, nextIp());

/** Signs in again as `who` (a password set or a two-step reset ended their sessions). */
async function again(who: SignedIn, password = who.user.password): Promise<SignedIn> {
  const token = await t.login(who.user.username, password, nextIp());
  return { ...who, token, ...callsAs(t.app, token) };
}

const today = () =>
  new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const refusal = (...said: string[]) => ({
  error: `${said.join(', ')}: another admin must give the second approval.`,
  code: 'approvers_not_independent',
});

const approve = (who: SignedIn, id: number) =>
  who.patch(`/api/admin/withdrawals/${id}/decision`, { action: 'approve' });

/** A withdrawal of $500 (two approvals needed), given its first approval by `first`. */
async function firstApprovedBy(first: SignedIn) {
  const player = await t.user({ balance: 100 });
  const w = await insertWithdrawal(t.db, {
    userId: player.user_id,
    pointsSpent: 400,
    usdValue: 500,
  });
  const res = await approve(first, w.id);
  expect(res.statusCode, res.body).toBe(200);
  return { id: w.id, player };
}

/** The withdrawal as the database holds it, its player's balance and its audit actions. */
async function state(w: { id: number; player: { user_id: string } }) {
  const row = await t.db
    .selectFrom('withdrawals')
    .select(['status', 'first_approved_by', 'decided_by', 'updated_at'])
    .where('id', '=', w.id)
    .executeTakeFirstOrThrow();
  const actions = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity', '=', 'withdrawal')
    .where('entity_id', '=', String(w.id))
    .execute();
  return { row, balance: await balanceOf(t.db, w.player.user_id), actions };
}

/** `second` approving after `first` is refused with `expected`, and nothing changes. */
async function expectRefused(first: SignedIn, second: SignedIn, expected: object) {
  const w = await firstApprovedBy(first);
  const before = await state(w);
  const res = await approve(second, w.id);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual(expected);
  expect(await state(w)).toEqual(before);
}

async function expectApproved(first: SignedIn, second: SignedIn) {
  const w = await firstApprovedBy(first);
  const res = await approve(second, w.id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().withdrawal.status).toBe('approved');
}

const setPassword = (by: SignedIn, of: SignedIn) =>
  by.post(`/api/admin/users/${of.user.user_id}/password`, { newPassword: NEW_PASSWORD });

const grant = (by: SignedIn, to: { user_id: string }, permission: string) =>
  by.patch(`/api/admin/users/${to.user_id}/permissions`, { grant: [permission] });

describe('independent approvers', () => {
  it('approve as ever when no admin acted on the other (made by the server, say)', async () => {
    await expectApproved(await admin(), await admin());
  });

  it('are still independent after a grant of a permission that approves nothing', async () => {
    const granter = await admin(['*']);
    const other = await admin(['withdrawals:read', 'withdrawals:approve']);
    expect((await grant(granter, other.user, 'bots:read')).statusCode).toBe(200);
    await expectApproved(granter, other);
    await expectApproved(other, granter);
  });

  it('are independent again once the link is older than 30 days', async () => {
    const p = await admin();
    const q = await admin();
    expect((await setPassword(p, q)).statusCode).toBe(200);
    await t.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(trx);
      await sql`UPDATE audit_log SET at = now() - interval '30 days 1 minute'
        WHERE entity = 'user' AND entity_id = ${q.user.user_id}`.execute(trx);
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(trx);
    });
    await expectApproved(p, await again(q, NEW_PASSWORD));
  });
});

describe('a control link: one set the password, reset two-step or changed the email of the other', () => {
  it('refuses the second approval in either direction, naming who did what and when', async () => {
    const p = await admin();
    let q = await admin();
    expect((await setPassword(p, q)).statusCode).toBe(200);
    q = await again(q, NEW_PASSWORD);
    const said = refusal(`${p.user.username} set the password of ${q.user.username} on ${today()}`);
    await expectRefused(p, q, said);
    await expectRefused(q, p, said);
  });

  it('a two-step reset', async () => {
    const p = await admin();
    let q = await admin();
    await t.db
      .updateTable('users')
      .set({ two_step_at: new Date() })
      .where('id', '=', q.user.id)
      .execute();
    const reset = await p.delete(`/api/admin/users/${q.user.user_id}/two-step`);
    expect(reset.statusCode, reset.body).toBe(200);
    q = await again(q);
    const said = refusal(
      `${p.user.username} reset the two-step sign-in of ${q.user.username} on ${today()}`,
    );
    await expectRefused(q, p, said);
    await expectRefused(p, q, said);
  });

  it('an email change (behind the proxy the email is the identity)', async () => {
    const p = await admin();
    const q = await admin();
    const changed = await p.patch(`/api/admin/users/${q.user.user_id}`, {
      email: `${q.user.username}@elsewhere.example`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const said = refusal(
      `${p.user.username} changed the email of ${q.user.username} on ${today()}`,
    );
    await expectRefused(p, q, said);
    await expectRefused(q, p, said);
  });

  it('a common controller of both, listing both links', async () => {
    const carol = await admin();
    let p = await admin();
    let q = await admin();
    expect((await setPassword(carol, p)).statusCode).toBe(200);
    expect((await setPassword(carol, q)).statusCode).toBe(200);
    p = await again(p, NEW_PASSWORD);
    q = await again(q, NEW_PASSWORD);
    const c = carol.user.username;
    await expectRefused(
      p,
      q,
      refusal(
        `${c} set the password of ${p.user.username} on ${today()}`,
        `${c} set the password of ${q.user.username} on ${today()}`,
      ),
    );
    // A third admin with no link to either approves as ever.
    await expectApproved(p, await admin());
  });

  it('a chain of two: p controls x, x controls q', async () => {
    const p = await admin();
    let x = await admin();
    let q = await admin();
    expect((await setPassword(p, x)).statusCode).toBe(200);
    x = await again(x, NEW_PASSWORD);
    expect((await setPassword(x, q)).statusCode).toBe(200);
    q = await again(q, NEW_PASSWORD);
    await expectRefused(
      p,
      q,
      refusal(
        `${p.user.username} set the password of ${x.user.username} on ${today()}`,
        `${x.user.username} set the password of ${q.user.username} on ${today()}`,
      ),
    );
  });
});

describe('a choice link: one granted the other an approving power', () => {
  it.each([
    'withdrawals:approve',
    'withdrawals:*',
    'adjustments:approve',
    'adjustments:*',
    'users:admin',
    'users:*',
    '*',
  ])('granting %s links them, both ways', async (power) => {
    const granter = await admin(['*']);
    const held = power === 'withdrawals:*' ? ['withdrawals:approve'] : ['withdrawals:*'];
    const chosen = await admin(held);
    const res = await grant(granter, chosen.user, power);
    expect(res.statusCode, res.body).toBe(200);
    const said = refusal(
      `${granter.user.username} granted ${chosen.user.username} ${power} on ${today()}`,
    );
    await expectRefused(granter, chosen, said);
    await expectRefused(chosen, granter, said);
  });

  it('promoting a player who kept an approving power links them', async () => {
    const promoter = await admin(['*']);
    const player = await t.user({ password: 'kept-power-1' });
    // As left by an earlier demotion: the permissions stay.
    await t.db
      .updateTable('users')
      .set({ admin_permissions: ['withdrawals:*'] })
      .where('id', '=', player.id)
      .execute();
    const res = await promoter.patch(`/api/admin/users/${player.user_id}/role`, {
      makeAdmin: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const promoted = await again({ ...promoter, user: player });
    await expectRefused(
      promoter,
      promoted,
      refusal(
        `${promoter.user.username} made ${player.username} an admin with withdrawals:* on ${today()}`,
      ),
    );
  });
});

describe('the attacks of issue 30', () => {
  it("resetting another approver's password and approving as them: 409, nothing paid", async () => {
    const insider = await admin(['users:write', 'withdrawals:read', 'withdrawals:approve']);
    const victim = await admin(['withdrawals:read', 'withdrawals:approve']);
    const w = await firstApprovedBy(insider);
    const before = await state(w);
    expect((await setPassword(insider, victim)).statusCode).toBe(200);
    const asVictim = await again(victim, NEW_PASSWORD);
    const res = await approve(asVictim, w.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      refusal(`${insider.user.username} set the password of ${victim.user.username} on ${today()}`),
    );
    expect(await state(w)).toEqual(before);
  });

  it('promoting a player, setting its password, granting it approval, approving from it: 409', async () => {
    const insider = await admin(['users:read', 'users:write', 'users:admin', 'withdrawals:*']);
    const player = await t.user();
    const w = await firstApprovedBy(insider);
    const before = await state(w);
    const url = `/api/admin/users/${player.user_id}`;
    expect((await insider.patch(`${url}/role`, { makeAdmin: true })).statusCode).toBe(200);
    expect((await insider.post(`${url}/password`, { newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await grant(insider, player, 'withdrawals:approve')).statusCode).toBe(200);
    const puppet = await again({ ...insider, user: { ...player, password: NEW_PASSWORD } });
    const res = await approve(puppet, w.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      refusal(`${insider.user.username} set the password of ${player.username} on ${today()}`),
    );
    expect(await state(w)).toEqual(before);
  });

  it('granting approval to a player account of their own (password never set): 409', async () => {
    const insider = await admin(['users:read', 'users:admin', 'withdrawals:*']);
    const own = await t.user({ password: 'my-second-account' });
    const url = `/api/admin/users/${own.user_id}`;
    expect((await insider.patch(`${url}/role`, { makeAdmin: true })).statusCode).toBe(200);
    expect((await grant(insider, own, 'withdrawals:approve')).statusCode).toBe(200);
    const second = await again({ ...insider, user: own });
    await expectRefused(
      insider,
      second,
      refusal(`${insider.user.username} granted ${own.username} withdrawals:approve on ${today()}`),
    );
  });
});

describe('a choice made through an account one controls', () => {
  it('taking over an admin who may grant, and granting approval from it to one’s own account: 409', async () => {
    const insider = await admin(['users:read', 'users:write', 'users:admin', 'withdrawals:*']);
    let granter = await admin(['users:admin', 'withdrawals:approve']);
    const own = await t.user({ password: 'my-second-account' });
    // Promoted with no permission: no choice yet.
    const url = `/api/admin/users/${own.user_id}`;
    expect((await insider.patch(`${url}/role`, { makeAdmin: true })).statusCode).toBe(200);
    expect((await setPassword(insider, granter)).statusCode).toBe(200);
    granter = await again(granter, NEW_PASSWORD);
    expect((await grant(granter, own, 'withdrawals:approve')).statusCode).toBe(200);
    const second = await again({ ...insider, user: own });
    await expectRefused(
      insider,
      second,
      refusal(
        `${insider.user.username} set the password of ${granter.user.username} on ${today()}`,
        `${granter.user.username} granted ${own.username} withdrawals:approve on ${today()}`,
      ),
    );
  });
});

describe('where the refusal shows', () => {
  it('a bulk approval skips the withdrawal with the reason; GET one says why, for whom', async () => {
    const p = await admin();
    let q = await admin();
    expect((await setPassword(p, q)).statusCode).toBe(200);
    q = await again(q, NEW_PASSWORD);
    const other = await admin();
    const w = await firstApprovedBy(p);
    const before = await state(w);
    const said = refusal(`${p.user.username} set the password of ${q.user.username} on ${today()}`);

    const shown = await q.get(`/api/admin/withdrawals/${w.id}`);
    expect(shown.json().approvalRefusal).toEqual(said);
    expect((await other.get(`/api/admin/withdrawals/${w.id}`)).json().approvalRefusal).toBeNull();

    const bulk = await q.patch('/api/admin/withdrawals/bulk', {
      ids: [String(w.id)],
      action: 'approve',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({
      ok: true,
      updated: 0,
      awaitingSecondApproval: 0,
      skipped: [{ id: String(w.id), reason: said.error }],
    });
    expect(await state(w)).toEqual(before);
  });
});
