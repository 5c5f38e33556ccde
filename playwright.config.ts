import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built console served by the real server over a throwaway embedded database.
// Workers inherit these variables from the runner, so every process agrees on them.
process.env.E2E_PORT ??= '8797';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
if (!process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-e2e-'));
  fs.chmodSync(dir, 0o755); // as root the database runs as 'postgres', which must enter it
  process.env.E2E_DATA_DIR = path.join(dir, 'data');
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'desktop',
      grepInvert: /@narrow/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'narrow',
      grep: /@narrow/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 800, height: 900 } },
    },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
  },
});
