// The console as an admin meets it: built by Vite, served by the real server over a fresh
// embedded database with the demo data, and a signed-in session for the pages behind the guard.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN = { username: 'admin', password: 'bench-admin-password' };

/** `vite build` with extra arguments (none: the console into dist/console); exits on failure. */
export function viteBuild(args = []) {
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'error', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts server/main.ts on a free port over a temp data dir; answers its origin, a session
 * (token and user, as the login page stores them) and `stop`, which must be awaited.
 */
export async function startConsole() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-bench-'));
  fs.chmodSync(parent, 0o755); // as root the database runs as 'postgres', which must enter it
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '', // its own demo database, even when the API bench runs on DATABASE_URL
      PORT: String(port),
      DATA_DIR: path.join(parent, 'data'),
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM'); // lets the embedded database stop
    await exited;
    fs.rmSync(parent, { recursive: true, force: true });
  };
  try {
    await untilHealthy(origin, exited);
    return { origin, session: await signIn(origin), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function untilHealthy(origin, exited) {
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 90_000;
  while (!gone && Date.now() < deadline) {
    const ok = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(gone ? 'the server exited before it was ready' : 'the server did not start');
}

async function signIn(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: ADMIN.username, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token, user } = await res.json();
  return { username: ADMIN.username, token, user };
}

/** Playwright storage state holding the session, as the console keeps it in localStorage. */
export const signedInState = (origin, session) => ({
  cookies: [],
  origins: [
    {
      origin,
      localStorage: [
        { name: 'token', value: session.token },
        { name: 'user', value: JSON.stringify(session.user) },
      ],
    },
  ],
});
