import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeAt } from './auth/two-step/totp';
import { call, cleanUp, freePort, login, READY, run, startServer, tempDir } from './test/process';

/** What /auth/me says the token's admin may do. */
async function permissionsOf(port: number, token: string | undefined) {
  const me = await call<{ permissions: string[] }>(port, 'GET', '/api/auth/me', { token });
  return me.body.permissions;
}

// The real server process, as `npm start` runs it: configuration, embedded PostgreSQL,
// the data-dir lock, recovery after kill -9, graceful shutdown.

afterAll(cleanUp);

describe('the server process', () => {
  it('starts on PORT and DATA_DIR, refuses a second server, survives kill -9, stops cleanly', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'correct-horse-battery' };

    const first = startServer(env);
    const [, url] = await first.waitFor(READY);
    expect(url).toBe(`http://127.0.0.1:${port}/`);
    expect(first.output()).toContain("Sign in as 'admin' with the password from ADMIN_PASSWORD");
    expect(first.output()).not.toContain('correct-horse-battery');
    const before = await login(port, 'admin', 'correct-horse-battery');
    expect(before.status).toBe(200);

    // A second server on the same DATA_DIR must not start.
    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/Another server \(pid \d+\) is already using DATA_DIR/);

    // Another program on our port: a clear message, and the database is not left running.
    const clash = startServer({ DATA_DIR: tempDir(), PORT: String(port) });
    expect(await clash.exit).toBe(1);
    expect(clash.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);

    // kill -9 orphans postgres; the next start stops the orphan and keeps every row.
    first.proc.kill('SIGKILL');
    await first.exit;
    const third = startServer(env);
    await third.waitFor(READY);
    expect(third.output()).toMatch(/left running by a previous server/);
    expect(third.output()).not.toContain('with password:');
    expect(third.output()).toContain('ADMIN_PASSWORD only applies to the first start');
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, {
      headers: { authorization: `Bearer ${before.body.token}` },
    });
    expect(me.status).toBe(200);

    // The admin CLI works against the running server's database.
    const cli = run(
      'server/cli/create-admin.ts',
      { DATA_DIR: dataDir, ADMIN_PASSWORD: 'second-admin-pass' },
      ['--username', 'ops.lead', '--email', 'ops@example.com'],
    );
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toContain("Created admin 'ops.lead'");
    const opsLead = await login(port, 'ops@example.com', 'second-admin-pass');
    expect(opsLead.status).toBe(200);
    expect(await permissionsOf(port, opsLead.body.token)).toEqual(['*']);

    // --permissions gives less, from the catalogue only.
    const limited = ['--username', 'auditor', '--permissions', 'audit:read, withdrawals:read'];
    const env2 = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'auditor-pass-1' };
    const unknown = run('server/cli/create-admin.ts', env2, [...limited.slice(0, 3), 'bogus:x']);
    expect(await unknown.exit).toBe(2);
    expect(unknown.output()).toContain('unknown permission bogus:x');
    const auditorCli = run('server/cli/create-admin.ts', env2, limited);
    expect(await auditorCli.exit).toBe(0);
    const auditor = await login(port, 'auditor', 'auditor-pass-1');
    expect(await permissionsOf(port, auditor.body.token)).toEqual([
      'audit:read',
      'withdrawals:read',
    ]);

    // --reset-two-step: the way back for an admin who lost their authenticator.
    const token = opsLead.body.token;
    const setup = await call<{ secret: string }>(port, 'POST', '/api/auth/2fa/setup', {
      token,
      body: { currentPassword: 'second-admin-pass' },
    });
    const code = codeAt(setup.body.secret, Date.now());
    const enabled = await call(port, 'POST', '/api/auth/2fa/enable', { token, body: { code } });
    expect(enabled.status).toBe(200);
    const challenged = await login(port, 'ops.lead', 'second-admin-pass');
    expect(challenged.body).toEqual({ mfaRequired: true, challenge: expect.any(String) });
    const reset = run(
      'server/cli/create-admin.ts',
      { DATA_DIR: dataDir, ADMIN_PASSWORD: 'third-admin-pass' },
      ['--username', 'ops.lead', '--reset-two-step'],
    );
    expect(await reset.exit).toBe(0);
    expect(reset.output()).toContain('two-step sign-in off');
    const after = await login(port, 'ops.lead', 'third-admin-pass');
    expect(after.body.token).toEqual(expect.any(String));

    third.proc.kill('SIGTERM');
    expect(await third.exit).toBe(0);
    expect(third.output()).toContain('Stopped.');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 90_000);

  it('prints a generated admin password once when ADMIN_PASSWORD is not set', async () => {
    const env = { DATA_DIR: tempDir(), PORT: String(await freePort()) };
    const first = startServer(env);
    await first.waitFor(READY);
    const [, password] = await first.waitFor(/with password: (\S+)/);
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(Number(env.PORT), 'admin', password ?? '')).status).toBe(200);
    first.proc.kill('SIGINT');
    expect(await first.exit).toBe(0);

    const again = startServer(env);
    await again.waitFor(READY);
    expect(again.output()).not.toContain(password);
    again.proc.kill('SIGTERM');
    expect(await again.exit).toBe(0);
  }, 60_000);

  // Ctrl-C in a terminal signals the whole process group; an orchestrator sends SIGTERM to the
  // server alone. Either way, what is in flight is answered before the database stops.
  for (const [name, signal, group] of [
    ['on Ctrl-C (SIGINT to the whole group)', 'SIGINT', true],
    ['on SIGTERM to the server alone', 'SIGTERM', false],
  ] as const) {
    it(`${name} finishes in-flight requests before the database stops`, async () => {
      const port = await freePort();
      const server = run(
        'server/main.ts',
        { DATA_DIR: tempDir(), PORT: String(port), ADMIN_PASSWORD: 'drain-test-pass' },
        [],
        { ownGroup: true },
      );
      await server.waitFor(READY);
      // Failed sign-ins on one name make the next attempt wait about a second: a slow request.
      for (let i = 0; i < 7; i++) await login(port, 'slowpoke', 'wrong');
      const slow = login(port, 'slowpoke', 'wrong');
      await new Promise((r) => setTimeout(r, 150));
      const pid = server.proc.pid ?? 0;
      process.kill(group ? -pid : pid, signal);
      expect((await slow).status).toBe(401);
      expect(await server.exit).toBe(0);
      expect(server.output()).toContain('Stopped.');
      expect(server.output()).not.toContain('stopped unexpectedly');
    }, 60_000);
  }

  it('names each bad setting and exits without starting', async () => {
    const bad = startServer({ DATA_DIR: tempDir(), PORT: 'eighty', ADMIN_EMAIL: 'not-an-email' });
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT="eighty": must be a number');
    expect(bad.output()).toContain('ADMIN_EMAIL="not-an-email": must be an email address');
  });

  it('refuses a common ADMIN_PASSWORD at start and in admin:create, never showing it', async () => {
    const env = { DATA_DIR: tempDir(), ADMIN_PASSWORD: 'Password1' };
    const server = startServer({ ...env, PORT: String(await freePort()) });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain(
      'ADMIN_PASSWORD (value hidden): This password is too common.',
    );
    const cli = run('server/cli/create-admin.ts', env, ['--username', 'ops.lead']);
    expect(await cli.exit).toBe(2);
    expect(cli.output()).toContain('ADMIN_PASSWORD: This password is too common.');
    for (const out of [server.output(), cli.output()]) expect(out).not.toContain('Password1');
    // Refused before anything was written: no database was made.
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);
  });

  it('refuses an ADMIN_PASSWORD that is the new admin’s username or email in admin:create', async () => {
    const env = { DATA_DIR: tempDir(), ADMIN_PASSWORD: 'OPS@EXAMPLE.COM' };
    const cli = run('server/cli/create-admin.ts', env, [
      '--username',
      'ops.lead',
      '--email',
      'ops@example.com',
    ]);
    expect(await cli.exit).toBe(2);
    expect(cli.output()).toContain(
      "ADMIN_PASSWORD: Choose a password different from the account's username and email.",
    );
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);
  });
});
