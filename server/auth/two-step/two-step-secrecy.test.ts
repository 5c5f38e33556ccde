import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, type Sealed } from '../../secrets/box';
import { addressesFrom, signedIn } from '../../test/client';
import { bearer, createTestContext, TEST_SECRETS_KEY, type TestContext } from '../../test/harness';
import {
  appCode,
  challengeFor,
  letCodesAge,
  passwordLogin,
  startSetup,
  turnOffWith,
  verifyCode,
  wrongCode,
} from '../../test/two-step';

// The TOTP secret is sealed with the secrets key, recovery codes are kept as hashes, and none
// of the secret, a code or a recovery code comes out again: not in a log line (at the most
// verbose level), an audit row, or any answer but the set-up's (the secret) and enable's (the
// recovery codes). Nor does the current password typed to set up or turn off, right or wrong.

const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    logLevel: 'trace',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.22.0');

const box = createSecretBox(TEST_SECRETS_KEY);
const purposeOf = (userId: number) => `auth.totp.${userId}`;

/** The ways a secret could be written out: base32 as given and lower-cased, its bytes in hex and base64. */
function spellings(secret: string): string[] {
  const bytes = Buffer.from(Secret.fromBase32(secret).bytes);
  return [secret, secret.toLowerCase(), bytes.toString('hex'), bytes.toString('base64')];
}

const secretsRow = (userId: number) =>
  t.db
    .selectFrom('two_step_secrets')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

describe('at rest', () => {
  it('seals the secret for its own account with the secrets key', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const other = await signedIn(t, {}, nextIp());
    const { secret } = (await startSetup(admin)).json();

    const pending = await t.db
      .selectFrom('two_step_setups')
      .selectAll()
      .where('user_id', '=', admin.user.id)
      .executeTakeFirstOrThrow();
    for (const spelling of spellings(secret))
      expect(JSON.stringify(pending)).not.toContain(spelling);
    expect(box.open(pending.secret, purposeOf(admin.user.id))).toBe(secret);

    expect((await admin.post('/api/auth/2fa/enable', { code: appCode(secret) })).statusCode).toBe(
      200,
    );
    const row = await secretsRow(admin.user.id);
    // The set-up ended with it.
    expect(
      await t.db.selectFrom('two_step_setups').where('user_id', '=', admin.user.id).execute(),
    ).toEqual([]);
    expect(row.secret).not.toBe(secret);
    for (const spelling of spellings(secret)) expect(JSON.stringify(row)).not.toContain(spelling);
    const sealed = row.secret as Sealed;
    expect(box.open(sealed, purposeOf(admin.user.id))).toBe(secret);
    // Not for another account's row, nor with another key.
    expect(() => box.open(sealed, purposeOf(other.user.id))).toThrow();
    expect(() => box.open(sealed, 'auth.totp')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, purposeOf(admin.user.id))).toThrow();
  });

  it('keeps only the SHA-256 of each recovery code', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const { secret } = (await startSetup(admin)).json();
    const enabled = await admin.post('/api/auth/2fa/enable', { code: appCode(secret) });
    const codes: string[] = enabled.json().recoveryCodes;
    const rows = await t.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', admin.user.id)
      .execute();
    const sha256 = (code: string) => createHash('sha256').update(code.replaceAll('-', '')).digest();
    expect(rows.map((r) => r.code_hash.toString('hex')).sort()).toEqual(
      codes.map((code) => sha256(code).toString('hex')).sort(),
    );
    expect(rows.every((r) => r.used_at === null)).toBe(true);
    const stored = JSON.stringify(rows.map((r) => ({ ...r, code_hash: r.code_hash.toString() })));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
  });
});

/** A code as it would show if written out: six digits with no digit (or decimal point) next to them. */
const codePattern = (code: string) => new RegExp(`(?<![\\d.])${code}(?!\\d)`);

describe('out of logs, answers and audit rows', () => {
  it('shows the secret only in the set-up’s answer and the recovery codes only in enable’s', async () => {
    const ip = nextIp();
    const admin = await signedIn(t, {}, ip);
    const player = await t.user();
    const answers: LightMyRequestResponse[] = [];
    const keep = async (pending: Promise<LightMyRequestResponse>) => {
      const res = await pending;
      answers.push(res);
      return res;
    };

    await keep(admin.get('/api/auth/2fa'));
    const wrongPassword = `not-${admin.user.password}`;
    await keep(admin.post('/api/auth/2fa/setup', { currentPassword: wrongPassword }));
    const setup = await startSetup(admin);
    const { secret } = setup.json();
    const codes = [wrongCode(secret), appCode(secret)];
    await keep(admin.post('/api/auth/2fa/enable', { code: codes[0] }));
    const enabled = await admin.post('/api/auth/2fa/enable', { code: codes[1] });
    expect(enabled.statusCode).toBe(200);
    const recoveryCodes: string[] = enabled.json().recoveryCodes;

    await keep(admin.get('/api/auth/2fa'));
    await keep(admin.get('/api/auth/me'));
    // Signing in: a wrong code, the right one, the one used again, recovery codes twice.
    const challenge = (await keep(passwordLogin(t, admin.user, ip))).json().challenge;
    codes.push(wrongCode(secret), appCode(secret, 1));
    await keep(verifyCode(t, challenge, codes[2] as string, ip));
    const signedInWithCode = await keep(verifyCode(t, challenge, codes[3] as string, ip));
    const token = signedInWithCode.json().token;
    await keep(verifyCode(t, await challengeFor(t, admin.user, ip), codes[3] as string, ip));
    const [recovery = '', unused = ''] = recoveryCodes;
    for (let i = 0; i < 2; i++) {
      await keep(verifyCode(t, await challengeFor(t, admin.user, ip), recovery, ip));
    }
    // Reads that show the account, and the audit of all this.
    const read = (url: string) =>
      keep(t.app.inject({ url, headers: bearer(token), remoteAddress: ip }));
    await read('/api/auth/2fa');
    await read('/api/auth/sessions');
    await read(`/api/admin/users/${admin.user.user_id}`);
    await read(`/api/admin/users?q=${admin.user.username}`);
    await read(`/api/admin/audit?entity=user&entityId=${admin.user.user_id}&limit=100`);
    await read('/api/admin/audit?limit=100');
    // Turning it off: a wrong code, then a code of the app's.
    await letCodesAge(t, admin.user.id);
    codes.push(wrongCode(secret), appCode(secret));
    await keep(turnOffWith(admin, codes[4] as string));
    await keep(
      admin.post('/api/auth/2fa/disable', { code: codes[5], currentPassword: wrongPassword }),
    );
    await keep(turnOffWith(admin, codes[5] as string));
    await keep(admin.get('/api/auth/2fa'));
    // A player's attempt to use them.
    const playerToken = await t.login(player.username, player.password, nextIp());
    const asPlayer = { headers: bearer(playerToken), remoteAddress: ip };
    await keep(
      t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/disable',
        payload: { code: unused, currentPassword: player.password },
        ...asPlayer,
      }),
    );

    expect(answers.map((res) => res.statusCode)).toEqual([
      200, 401, 401, 200, 200, 200, 401, 200, 401, 200, 401, 200, 200, 200, 200, 200, 200, 401, 401,
      200, 200, 409,
    ]);
    const secrets = [
      admin.user.password,
      wrongPassword,
      player.password,
      ...spellings(secret),
      ...recoveryCodes.flatMap((c) => [c, c.replaceAll('-', '')]),
    ];
    const expectNone = (text: string, where: string) => {
      for (const value of secrets) expect(text, where).not.toContain(value);
      for (const code of codes) expect(text, `${where}: ${code}`).not.toMatch(codePattern(code));
    };

    for (const res of answers) expectNone(res.body, `answer ${res.body.slice(0, 80)}`);
    const audits = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.two_step_enabled', 'auth.two_step_disabled', 'auth.login']),
    );
    expectNone(JSON.stringify(audits), 'audit rows');

    // The log did record these requests, at the most verbose level.
    expect(logLines.join('\n')).toContain('/api/auth/2fa/verify');
    expect(logLines.join('\n')).toContain('/api/auth/2fa/enable');
    for (const line of logLines) expectNone(line, `log: ${line.slice(0, 120)}`);
  });
});
