// API at scale: every list, search, filter, sort, detail and stats endpoint the console calls,
// driven by autocannon at 8 concurrent connections, beside GET /api/admin/ping in the same run.
// Usage: node bench/api.mjs [SCALE]   (SCALE 1 = 1M users, 10M matches, 500k withdrawals; the
// data is generated once into .bench-data-SCALE and reused). Writes bench/results/api.json.
// Budgets: p95 <= 25 ms per endpoint, a bulk decision of 1,000 withdrawals < 1 s (one-step, and
// with four-eyes on: the first approvals, then the second by another admin), start to ready on
// existing data < 3 s. Exits 1 when one is missed.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  at,
  benchAdmin,
  CONNECTIONS,
  load,
  scenarios,
  someUserOf,
  startServer,
  stopped,
} from './api-load.mjs';
import { machine, printTable, writeResult } from './report.mjs';

const scale = process.argv[2] ?? '1';
const dataDir = `.bench-data-${scale}`;
const port = 18_555;
const BUDGET = { p95Ms: 25, bulkMs: 1000, readyMs: 3000 };
const SECONDS = 5;
const BULK_SIZE = 1000;

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', scale, dataDir], {
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(1);

/** The first start may migrate the bench data; the second is what an operator's restart costs. */
await stopped((await startServer({ dataDir, port })).server);
const { server, base, readyMs } = await startServer({ dataDir, port });
process.on('exit', () => server.kill('SIGTERM'));
const headers = await benchAdmin(base);
async function call(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const someUser = await someUserOf(base, headers);

/** One endpoint under load: exact percentiles from every response time, and requests/s. */
async function measure(path) {
  const { times, rps, errors } = await load(`${base}${path}`, headers, SECONDS);
  return { p50: at(times, 0.5), p95: at(times, 0.95), p99: at(times, 0.99), rps, errors };
}

const rows = [];
for (const [name, path] of Object.entries(scenarios(someUser)))
  rows.push({ name, path, ...(await measure(path)) });
const pingRps = rows[0].rps;

/** The ids of BULK_SIZE pending withdrawals no approval has touched yet, of players who may be paid. */
async function untouchedPending() {
  const ids = [];
  for (let page = 1; ids.length < BULK_SIZE; page++) {
    const { items } = await call('GET', `/admin/withdrawals?status=pending&page=${page}&limit=100`);
    if (items.length === 0) break;
    const open = items.filter((item) => !item.approvals.length && item.user?.status !== 'disabled');
    ids.push(...open.map((item) => item._id));
  }
  return ids.slice(0, BULK_SIZE);
}

/** One bulk approval of `ids`, timed; throws unless `expected` counts match the answer. */
async function timedBulk(ids, expected, as = headers) {
  const started = performance.now();
  const res = await fetch(`${base}/admin/withdrawals/bulk`, {
    method: 'PATCH',
    headers: { ...as, 'content-type': 'application/json' },
    body: JSON.stringify({ ids, action: 'approve' }),
  });
  const ms = performance.now() - started;
  const answer = await res.json();
  for (const [key, value] of Object.entries(expected)) {
    if (answer[key] !== value) throw new Error(`bulk: ${key} ${answer[key]}, not ${value}`);
  }
  return ms;
}

// A bulk decision of BULK_SIZE pending withdrawals, in one request.
const pending = await untouchedPending();
const bulkMs = await timedBulk(pending, { updated: pending.length });

// With four-eyes on for every amount: BULK_SIZE first approvals, then their second approvals by
// another admin. The threshold is put back as it was.
const { secondApprovalFromUsd } = await call('GET', '/admin/settings/payouts');
await call('PATCH', '/admin/settings/payouts', { secondApprovalFromUsd: 0.01 });
let firstMs;
let secondMs;
try {
  const twoStep = await untouchedPending();
  firstMs = await timedBulk(twoStep, { updated: 0, awaitingSecondApproval: twoStep.length });
  secondMs = await timedBulk(
    twoStep,
    { updated: twoStep.length },
    await benchAdmin(base, 'bench-second'),
  );
} finally {
  await call('PATCH', '/admin/settings/payouts', { secondApprovalFromUsd });
}

const missed = [];
const ms = (value) => value.toFixed(1);
printTable(
  ['endpoint', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'x ping', ''],
  rows.map((row) => {
    const over = row.name !== 'ping' && (row.p95 > BUDGET.p95Ms || row.errors > 0);
    if (over) missed.push(row.name);
    const notes = [row.errors && `${row.errors} errors`, over && 'OVER BUDGET'].filter(Boolean);
    return [
      row.name,
      ms(row.p50),
      ms(row.p95),
      ms(row.p99),
      Math.round(row.rps),
      (row.rps / pingRps).toFixed(2),
      notes.join('  '),
    ];
  }),
);
const bulks = [
  ['bulk decision', bulkMs],
  ['bulk first approvals (four-eyes)', firstMs],
  ['bulk second approvals (four-eyes)', secondMs],
];
console.log();
for (const [name, took] of bulks) {
  console.log(`${name} of ${pending.length}: ${took.toFixed(0)} ms (budget < ${BUDGET.bulkMs})`);
  if (took >= BUDGET.bulkMs) missed.push(name);
}
console.log(
  `start to ready on existing data: ${readyMs.toFixed(0)} ms (budget < ${BUDGET.readyMs})`,
);
if (readyMs >= BUDGET.readyMs) missed.push('start to ready');

const file = writeResult('api', {
  ...machine(),
  scale: Number(scale),
  connections: CONNECTIONS,
  secondsPerEndpoint: SECONDS,
  budgets: BUDGET,
  endpoints: rows.map((row) => ({ ...row, ratioToPing: row.rps / pingRps })),
  bulkDecision: { withdrawals: pending.length, ms: bulkMs },
  bulkFourEyes: { withdrawals: pending.length, firstMs, secondMs },
  startToReadyMs: readyMs,
  missed,
});
console.log(
  `\nscale ${scale}, ${CONNECTIONS} connections, ${SECONDS} s per endpoint: ${missed.length ? `over budget: ${missed.join(', ')}` : 'every budget met'} (${file})`,
);
server.kill('SIGTERM');
process.exit(missed.length ? 1 : 0);
