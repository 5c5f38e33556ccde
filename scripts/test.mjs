// Runs every test tier (unit, API, end to end) and ends with one line: `N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const out = path.resolve('.test-output');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const polyfills = `--import ${path.resolve('scripts/node20-polyfills.mjs')}`;
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${polyfills}`.trim(),
};
const bin = (name) => path.resolve('node_modules', '.bin', name);

/**
 * Runs one tier, its output kept in `.test-output/{name}.log` and shown line by line behind the
 * tier's name (tiers run side by side, so their lines interleave).
 */
async function run(label, name, command, args, extraEnv = {}) {
  const tag = `[${name}] `;
  process.stdout.write(`${tag}=== ${label} ===\n`);
  const started = Date.now();
  const log = fs.createWriteStream(path.join(out, `${name}.log`));
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...extraEnv },
  });
  for (const [stream, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let partial = '';
    stream.on('data', (chunk) => {
      log.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      if (lines.length > 0) to.write(lines.map((line) => `${tag}${line}\n`).join(''));
    });
    stream.on('end', () => {
      if (partial) to.write(`${tag}${partial}\n`);
    });
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await new Promise((resolve) => log.end(resolve));
  process.stdout.write(`${tag}=== ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`);
  return status;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A free port for each name, all held open together so that no two are the same. */
async function freePorts(names) {
  const servers = await Promise.all(
    names.map(
      () =>
        new Promise((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = Object.fromEntries(
    names.map((name, i) => [name, String(servers[i].address().port)]),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

let passed = 0;
let failed = 0;
const problems = [];

/** Adds the counts of a vitest run, or a problem when it did not report. */
function countVitest(file, status, what) {
  const report = readJson(file);
  if (!report) {
    problems.push(`${what} did not report (exit ${status})`);
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numTotalTests === 0) problems.push(`${what} ran no test`);
  if (status !== 0 && report.numFailedTests === 0) problems.push(`${what} exited ${status}`);
}

const vitestArgs = (json) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(out, json)}`,
];
// Every answer the API tests' apps give, checked against the OpenAPI document after them.
const answers = { TEST_ANSWERS_FILE: path.join(out, 'api-answers.jsonl') };

/** Tier 2 (API tests on a real PostgreSQL), then the answers they recorded, against the OpenAPI
 * document. */
async function apiTier() {
  const apiStatus = await run(
    'API tests (vitest)',
    'api',
    bin('vitest'),
    [...vitestArgs('api.json'), '--project', 'api'],
    { TEST_LOG_FILE: path.join(out, 'api-server.log'), ...answers },
  );
  countVitest(path.join(out, 'api.json'), apiStatus, 'the API tests');

  const answersStatus = await run(
    'API answers against the OpenAPI document (vitest)',
    'answers',
    bin('vitest'),
    [...vitestArgs('answers.json'), '--project', 'answers'],
    { CHECK_RECORDED_ANSWERS: '1', ...answers },
  );
  countVitest(path.join(out, 'answers.json'), answersStatus, 'the answers check');
}

/** Tier 3: the built console in Chromium against the real server and database. */
async function browserTier() {
  const playwrightJson = path.join(out, 'playwright.json');
  const e2eStatus = await run(
    'end-to-end tests (Playwright, Chromium)',
    'playwright',
    bin('playwright'),
    ['test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      ...(await freePorts([
        'E2E_PORT',
        'E2E_SUBPATH_PORT',
        'E2E_PUSH_STUB_PORT',
        'E2E_NGINX_PORT',
        'E2E_SSO_NGINX_PORT',
        'E2E_SSO_PORT',
      ])),
      E2E_LOG_DIR: out,
    },
  );
  const report = readJson(playwrightJson);
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (report.stats.expected + report.stats.unexpected === 0)
      problems.push('Playwright ran no test');
    for (const error of report.errors ?? []) problems.push(`Playwright: ${error.message ?? error}`);
  } else {
    problems.push(`Playwright did not report (exit ${e2eStatus})`);
  }
  if (e2eStatus !== 0 && report?.stats?.unexpected === 0)
    problems.push(`Playwright exited ${e2eStatus}`);
}

const started = Date.now();
// Tier 1, unit and component tests in jsdom, first and alone beside the console's build: their
// renders want the CPU (beside the browser tier they took 2.5 times as long). Then the API tests
// and the browser tests side by side: they share nothing (each starts its own PostgreSQL and
// servers on ports of their own) and each leaves a core idle much of the time (waits on the
// database, on the browser, on the limits' own delays).
const [unitStatus, buildStatus] = await Promise.all([
  run('unit and component tests (vitest)', 'unit', bin('vitest'), [
    ...vitestArgs('unit.json'),
    '--project',
    'unit',
  ]),
  run('console build', 'build', bin('vite'), ['build', '--logLevel', 'warn']),
]);
countVitest(path.join(out, 'unit.json'), unitStatus, 'the unit tests');
if (buildStatus !== 0) problems.push('the console build failed');
await Promise.all([apiTier(), buildStatus === 0 ? browserTier() : undefined]);
process.stdout.write(`\n=== all tiers: ${((Date.now() - started) / 1000).toFixed(1)} s ===\n`);

// Secrets: every push key the tests save holds one marker (server/test/secret-marker.ts). It
// must not appear in anything the run captured: tier output, the API tests' and the end-to-end
// servers' logs (at debug level, every request), and every answer the API tests recorded.
const marker = /SECRET_MARKER = '([^']+)'/.exec(
  fs.readFileSync(path.resolve('server/test/secret-marker.ts'), 'utf8'),
)?.[1];
const logs = fs.readdirSync(out).filter((name) => /\.(log|jsonl)$/.test(name));
const leaks = logs.filter((name) => fs.readFileSync(path.join(out, name), 'utf8').includes(marker));
const logBytes = logs.reduce((sum, name) => sum + fs.statSync(path.join(out, name)).size, 0);
process.stdout.write(
  `\n=== secrets: ${logs.length} logs (${(logBytes / 1e6).toFixed(1)} MB) searched for the push key ===\n`,
);
if (!marker || logs.length === 0) {
  problems.push('the secrets check found no marker or no log to search');
} else if (leaks.length > 0) {
  failed += 1;
  problems.push(`a push key appears in ${leaks.join(', ')}`);
} else {
  passed += 1;
}

for (const problem of problems) process.stdout.write(`\nproblem: ${problem}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
