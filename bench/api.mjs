// API at scale: every list, search, filter, sort, detail and stats endpoint the console calls,
// driven by autocannon at 8 concurrent connections, beside GET /api/admin/ping in the same run.
// Usage: node bench/api.mjs [SCALE]   (SCALE 1 = 1M users, 10M matches, 500k withdrawals; the
// data is generated once into .bench-data-SCALE and reused). Writes bench/results/api.json.
// Budgets: p95 <= 25 ms per endpoint, a bulk decision of 1,000 withdrawals < 1 s (one-step, and
// with four-eyes on: the first approvals, then the second by another admin; a bulk approval of
// 1,000 adjustments), start to ready on existing data < 3 s. Exits 1 when one is missed. Also
// timed, without a budget: single approvals, a withdrawal's first beside its second (where the
// approvers' independence is checked), and an adjustment's; the CSV exports' first byte, and each
// row's p95 against ping's (issue 34's goal: a list or search at most 3x ping's p95).
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  at,
  benchAdmin,
  CONNECTIONS,
  exports,
  firstByte,
  load,
  scenarios,
  someCreditedOf,
  someUserOf,
  startServer,
  stopped,
} from './api-load.mjs';
import { machine, printTable, writeResult } from './report.mjs';

const scale = process.argv[2] ?? '1';
const dataDir = `.bench-data-${scale}`;
const port = 18_555;
/** pingP95Times: a goal (issue 34), shown per row, not yet failing the run. */
const BUDGET = { p95Ms: 25, pingP95Times: 3, bulkMs: 1000, readyMs: 3000 };
const SECONDS = 5;
const BULK_SIZE = 1000;
/** Single decisions timed per kind, CONNECTIONS at a time. */
const DECISIONS = 400;

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
const someCredited = await someCreditedOf(base, headers);

/** One endpoint under load: exact percentiles from every response time, and requests/s. */
async function measure(path) {
  const { times, rps, errors } = await load(`${base}${path}`, headers, SECONDS);
  return { p50: at(times, 0.5), p95: at(times, 0.95), p99: at(times, 0.99), rps, errors };
}

const rows = [];
for (const [name, path] of Object.entries(scenarios(someUser, someCredited)))
  rows.push({ name, path, ...(await measure(path)) });
const pingRps = rows[0].rps;
const pingP95 = rows[0].p95;

/** A CSV export's first byte under load: its percentiles, requests/s and errors. */
const firstBytes = [];
for (const [name, path] of Object.entries(exports)) {
  const { times, rps, errors } = await firstByte(`${base}${path}`, headers, SECONDS);
  firstBytes.push({
    name: `${name}, first byte`,
    path,
    p50: at(times, 0.5),
    p95: at(times, 0.95),
    p99: at(times, 0.99),
    rps,
    errors,
  });
}

/** The ids of up to `count` pending items of `list` no approval has touched, of players who may be paid. */
async function untouched(list, count = BULK_SIZE) {
  const ids = [];
  for (let page = 1; ids.length < count; page++) {
    const { items } = await call('GET', `/admin/${list}?status=pending&page=${page}&limit=100`);
    if (items.length === 0) break;
    const open = items.filter(
      (item) => !item.approvals?.length && item.user?.status !== 'disabled',
    );
    ids.push(...open.map((item) => item._id));
  }
  return ids.slice(0, count);
}
const untouchedPending = () => untouched('withdrawals');

/** One bulk decision of `ids` in `list`, timed; throws unless `expected` counts match the answer. */
async function timedBulk(ids, expected, as = headers, list = 'withdrawals') {
  const started = performance.now();
  const res = await fetch(`${base}/admin/${list}/bulk`, {
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

/**
 * One approval of each id (`/admin/{list}/{id}/decision`), CONNECTIONS at a time, as `as`: the
 * percentiles of their times. Throws unless each answer is 200 with the record in `status`.
 */
async function timedDecisions(list, ids, status, as = headers) {
  const times = [];
  let next = 0;
  const record = list === 'withdrawals' ? 'withdrawal' : 'adjustment';
  async function connection() {
    while (next < ids.length) {
      const id = ids[next++];
      const started = performance.now();
      const res = await fetch(`${base}/admin/${list}/${id}/decision`, {
        method: 'PATCH',
        headers: { ...as, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'approve' }),
      });
      const answer = await res.json();
      times.push(performance.now() - started);
      if (res.status !== 200 || answer[record]?.status !== status) {
        throw new Error(`${list} ${id}: ${res.status} ${JSON.stringify(answer)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  times.sort((a, b) => a - b);
  return { decisions: ids.length, p50: at(times, 0.5), p95: at(times, 0.95), p99: at(times, 0.99) };
}

// A bulk decision of BULK_SIZE pending withdrawals, in one request.
const pending = await untouchedPending();
const bulkMs = await timedBulk(pending, { updated: pending.length });

// With four-eyes on for every amount: BULK_SIZE first approvals, then their second approvals by
// another admin; then DECISIONS single first approvals, and their second approvals (where the
// approvers' independence is checked) by the other admin. The threshold is put back as it was.
const { secondApprovalFromUsd } = await call('GET', '/admin/settings/payouts');
await call('PATCH', '/admin/settings/payouts', { secondApprovalFromUsd: 0.01 });
const second = await benchAdmin(base, 'bench-second');
let firstMs;
let secondMs;
let firstApproval;
let secondApproval;
try {
  const twoStep = await untouchedPending();
  firstMs = await timedBulk(twoStep, { updated: 0, awaitingSecondApproval: twoStep.length });
  secondMs = await timedBulk(twoStep, { updated: twoStep.length }, second);
  const singles = await untouched('withdrawals', DECISIONS);
  firstApproval = await timedDecisions('withdrawals', singles, 'pending');
  secondApproval = await timedDecisions('withdrawals', singles, 'approved', second);
} finally {
  await call('PATCH', '/admin/settings/payouts', { secondApprovalFromUsd });
}

// Credits waiting for a second admin (requested by the staff, approved by the bench admin): one
// at a time, then BULK_SIZE in one request. Not measured on a server without adjustments.
let adjustmentApproval;
let adjustmentBulkMs;
let adjustmentBulkSize = 0;
if (someCredited) {
  adjustmentApproval = await timedDecisions(
    'adjustments',
    await untouched('adjustments', DECISIONS),
    'approved',
  );
  const credits = await untouched('adjustments');
  adjustmentBulkSize = credits.length;
  adjustmentBulkMs = await timedBulk(credits, { updated: credits.length }, headers, 'adjustments');
}

const missed = [];
const ms = (value) => value.toFixed(1);
printTable(
  ['endpoint', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'x ping', 'p95 / ping p95', ''],
  [...rows, ...firstBytes].map((row) => {
    const over = row.name !== 'ping' && (row.p95 > BUDGET.p95Ms || row.errors > 0);
    if (over) missed.push(row.name);
    const notes = [
      row.errors && `${row.errors} errors`,
      over && 'OVER BUDGET',
      row.p95 > BUDGET.pingP95Times * pingP95 && `over ${BUDGET.pingP95Times}x ping`,
    ].filter(Boolean);
    return [
      row.name,
      ms(row.p50),
      ms(row.p95),
      ms(row.p99),
      Math.round(row.rps),
      (row.rps / pingRps).toFixed(2),
      (row.p95 / pingP95).toFixed(1),
      notes.join('  '),
    ];
  }),
);
console.log();
const decisionRows = [
  ['withdrawal, first approval', firstApproval],
  ['withdrawal, second approval', secondApproval],
  ['adjustment, approval', adjustmentApproval],
].filter(([, timed]) => timed);
printTable(
  ['single decision', 'n', 'p50 ms', 'p95 ms', 'p99 ms'],
  decisionRows.map(([name, timed]) => [
    name,
    timed.decisions,
    ms(timed.p50),
    ms(timed.p95),
    ms(timed.p99),
  ]),
);
console.log(
  `second approval p95 / first approval p95: ${(secondApproval.p95 / firstApproval.p95).toFixed(2)}`,
);
const bulks = [
  [`bulk decision of ${pending.length} withdrawals`, bulkMs],
  [`bulk first approvals of ${pending.length} (four-eyes)`, firstMs],
  [`bulk second approvals of ${pending.length} (four-eyes)`, secondMs],
  ...(someCredited
    ? [[`bulk approval of ${adjustmentBulkSize} adjustments`, adjustmentBulkMs]]
    : []),
];
console.log();
for (const [name, took] of bulks) {
  console.log(`${name}: ${took.toFixed(0)} ms (budget < ${BUDGET.bulkMs})`);
  if (took >= BUDGET.bulkMs) missed.push(name);
}
console.log(
  `start to ready on existing data: ${readyMs.toFixed(0)} ms (budget < ${BUDGET.readyMs})`,
);
if (readyMs >= BUDGET.readyMs) missed.push('start to ready');

// Scale 1's figures are the budgets' own; another scale's sit beside them.
const file = writeResult(scale === '1' ? 'api' : `api-scale-${scale}`, {
  ...machine(),
  scale: Number(scale),
  connections: CONNECTIONS,
  secondsPerEndpoint: SECONDS,
  budgets: BUDGET,
  endpoints: rows.map((row) => ({
    ...row,
    ratioToPing: row.rps / pingRps,
    p95ToPingP95: row.p95 / pingP95,
  })),
  csvFirstByte: firstBytes.map((row) => ({ ...row, p95ToPingP95: row.p95 / pingP95 })),
  bulkDecision: { withdrawals: pending.length, ms: bulkMs },
  bulkFourEyes: { withdrawals: pending.length, firstMs, secondMs },
  singleDecisions: { firstApproval, secondApproval, adjustmentApproval },
  bulkAdjustments: someCredited && { adjustments: adjustmentBulkSize, ms: adjustmentBulkMs },
  startToReadyMs: readyMs,
  missed,
});
console.log(
  `\nscale ${scale}, ${CONNECTIONS} connections, ${SECONDS} s per endpoint: ${missed.length ? `over budget: ${missed.join(', ')}` : 'every budget met'} (${file})`,
);
// One signal, awaited: a second one while the server drains makes it exit at once, leaving its
// embedded database running.
await stopped(server);
process.exit(missed.length ? 1 : 0);
