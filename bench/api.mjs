// API at scale: every list, search, filter, sort, detail and stats endpoint the console calls,
// driven by autocannon at 8 concurrent connections, beside GET /api/admin/ping in the same run.
// Usage: node bench/api.mjs [SCALE]   (SCALE 1 = 1M users, 10M matches, 500k withdrawals; the
// data is generated once into .bench-data-SCALE and reused). Writes bench/results/api.json.
// Budgets: p95 <= 25 ms per endpoint, a bulk decision of 1,000 withdrawals < 1 s, start to
// ready on existing data < 3 s. Exits 1 when one is missed.
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

// A bulk decision of BULK_SIZE pending withdrawals, in one request.
const pending = [];
for (let page = 1; pending.length < BULK_SIZE; page++) {
  const { items } = await call('GET', `/admin/withdrawals?status=pending&page=${page}&limit=100`);
  if (items.length === 0) break;
  pending.push(...items.map((item) => item._id));
}
const bulkStarted = performance.now();
await call('PATCH', '/admin/withdrawals/bulk', {
  ids: pending.slice(0, BULK_SIZE),
  action: 'approve',
});
const bulkMs = performance.now() - bulkStarted;

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
console.log(
  `\nbulk decision of ${pending.length} withdrawals: ${bulkMs.toFixed(0)} ms (budget < ${BUDGET.bulkMs})`,
);
console.log(
  `start to ready on existing data: ${readyMs.toFixed(0)} ms (budget < ${BUDGET.readyMs})`,
);
if (bulkMs >= BUDGET.bulkMs) missed.push('bulk decision');
if (readyMs >= BUDGET.readyMs) missed.push('start to ready');

const file = writeResult('api', {
  ...machine(),
  scale: Number(scale),
  connections: CONNECTIONS,
  secondsPerEndpoint: SECONDS,
  budgets: BUDGET,
  endpoints: rows.map((row) => ({ ...row, ratioToPing: row.rps / pingRps })),
  bulkDecision: { withdrawals: pending.length, ms: bulkMs },
  startToReadyMs: readyMs,
  missed,
});
console.log(
  `\nscale ${scale}, ${CONNECTIONS} connections, ${SECONDS} s per endpoint: ${missed.length ? `over budget: ${missed.join(', ')}` : 'every budget met'} (${file})`,
);
server.kill('SIGTERM');
process.exit(missed.length ? 1 : 0);
