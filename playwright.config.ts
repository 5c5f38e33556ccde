import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import chromiumSettings from './e2e/chromium.json' with { type: 'json' };

// The built console served by the real server over a throwaway embedded database.
// Workers inherit these variables from the runner, so every process agrees on them.
process.env.E2E_PORT ??= '8797';
process.env.E2E_SUBPATH_PORT ??= String(Number(process.env.E2E_PORT) + 1);
// The push provider's stand-in (e2e/push-stub.mjs): the servers send notifications there.
process.env.E2E_PUSH_STUB_PORT ??= String(Number(process.env.E2E_PORT) + 2);
// A real nginx in front (e2e/nginx.mjs): the sub-path server behind it, and a single sign-on
// front before a third server that lets the proxy sign admins in.
process.env.E2E_NGINX_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_SSO_NGINX_PORT ??= String(Number(process.env.E2E_PORT) + 4);
process.env.E2E_SSO_PORT ??= String(Number(process.env.E2E_PORT) + 5);
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-e2e-'));
  fs.chmodSync(dir, 0o755); // as root the database runs as 'postgres', which must enter it
  return path.join(dir, 'data');
}
process.env.E2E_DATA_DIR ??= dataDir();
process.env.E2E_SUBPATH_DATA_DIR ??= dataDir();
process.env.E2E_SSO_DATA_DIR ??= dataDir();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// A second server, as an operator deploys it under a sub-path, reached through nginx.
const subpathURL = `http://127.0.0.1:${process.env.E2E_NGINX_PORT}/admin/`;
const ssoURL = `http://127.0.0.1:${process.env.E2E_SSO_NGINX_PORT}/admin/`;
const pushStubURL = `http://127.0.0.1:${process.env.E2E_PUSH_STUB_PORT}`;

// `npm test` keeps each server's log, every request at debug level, to search it for secrets.
const logDir = process.env.E2E_LOG_DIR;
const server = (
  port: string | undefined,
  dir: string | undefined,
  extra: Record<string, string>,
) => ({
  command: logDir
    ? `exec node --import tsx server/main.ts >> '${path.join(logDir, `e2e-server-${port}.log`)}' 2>&1`
    : 'node --import tsx server/main.ts',
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: port ?? '',
    DATA_DIR: dir ?? '',
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '',
    LOG_LEVEL: logDir ? 'debug' : 'warn',
    ONESIGNAL_API_URL: pushStubURL,
    ...extra,
  },
});

// The system Chromium and its flags, shared with the browser benchmarks (bench/browser.mjs).
// Debian's headless shell when installed (.ci/run installs it): the same engine without the
// desktop browser around it, a fifth less CPU for the same tests.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumSettings.executablePath),
  args: chromiumSettings.args,
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Room for a machine 3x slower than a quiet 2-core box (CI, 1.6x slower, failed at 7 s and
  // 30 s): on this box under a load of 12-18, about that slowdown, the longest test took 53 s, and
  // a screen's first load (the slowest single wait) needed more than 7 s. Both bound a hang only:
  // a passing test never waits them out.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  // Less motion, as an admin may ask their system: spinners and skeletons that hold still cost
  // the software-rendering browser nothing (half its CPU in these tests).
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', reducedMotion: 'reduce' },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@narrow|@subpath|@sso/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'narrow',
      grep: /@narrow/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 800, height: 900 } },
    },
    {
      name: 'subpath',
      grep: /@subpath/,
      use: { ...devices['Desktop Chrome'], baseURL: subpathURL },
    },
    {
      name: 'sso',
      grep: /@sso/,
      use: { ...devices['Desktop Chrome'], baseURL: ssoURL },
    },
  ],
  webServer: [
    server(process.env.E2E_PORT, process.env.E2E_DATA_DIR, {}),
    server(process.env.E2E_SUBPATH_PORT, process.env.E2E_SUBPATH_DATA_DIR, {
      BASE_PATH: '/admin',
      TRUST_PROXY: '127.0.0.1',
    }),
    server(process.env.E2E_SSO_PORT, process.env.E2E_SSO_DATA_DIR, {
      BASE_PATH: '/admin',
      AUTH_MODE: 'proxy',
      TRUSTED_PROXIES: '127.0.0.2',
      TRUST_PROXY: '127.0.0.2',
      LOGOUT_URL: '/oauth2/sign_out',
      TRUSTED_PROXY_GROUPS_HEADER: 'X-Forwarded-Groups',
      SSO_GROUP_PERMISSIONS: JSON.stringify({ finance: ['withdrawals:read'] }),
    }),
    {
      command: 'node e2e/nginx.mjs',
      url: `http://127.0.0.1:${process.env.E2E_NGINX_PORT}/nginx-health`,
      reuseExistingServer: false,
      timeout: 10_000,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: Object.fromEntries(
        ['E2E_NGINX_PORT', 'E2E_SSO_NGINX_PORT', 'E2E_SUBPATH_PORT', 'E2E_SSO_PORT'].map((name) => [
          name,
          process.env[name] ?? '',
        ]),
      ),
    },
    {
      command: 'node e2e/push-stub.mjs',
      url: `${pushStubURL}/__requests`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PUSH_STUB_PORT: process.env.E2E_PUSH_STUB_PORT ?? '' },
    },
  ],
});
