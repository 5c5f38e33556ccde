// API at scale: every list, search, filter, sort, detail and stats endpoint the console calls,
// driven by autocannon at 8 concurrent connections, beside GET /api/admin/ping in the same run.
// Usage: node bench/api.mjs [SCALE]   (SCALE 1 = 1M users, 10M matches, 500k withdrawals; the
// data is generated once into .bench-data-SCALE and reused). Writes bench/results/api.json.
// Budgets: p95 <= 25 ms per endpoint, a bulk decision of 1,000 withdrawals < 1 s, start to
// ready on existing data < 3 s. Exits 1 when one is missed.
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { machine, printTable, writeResult } from './report.mjs';

const scale = process.argv[2] ?? '1';
const dataDir = `.bench-data-${scale}`;
const port = 18_555;
const base = `http://127.0.0.1:${port}/api`;
const BUDGET = { p95Ms: 25, bulkMs: 1000, readyMs: 3000 };
const CONNECTIONS = 8;
const SECONDS = 5;
const BULK_SIZE = 1000;

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', scale, dataDir], {
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(1);

/** Starts the server on the bench data; answers when /api/health first answers, and how long. */
async function startServer() {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok)
        return { server, readyMs: performance.now() - started };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** The first start may migrate the bench data; the second is what an operator's restart costs. */
const stopped = (server) =>
  new Promise((resolve) => {
    server.on('exit', resolve);
    server.kill('SIGTERM');
  });
await stopped((await startServer()).server);
const { server, readyMs } = await startServer();
process.on('exit', () => server.kill('SIGTERM'));

const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ emailOrUsername: 'bench', password: 'bench-password' }),
});
const { token } = await login.json();
const headers = { authorization: `Bearer ${token}` };
async function call(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const someUser = (await call('GET', '/admin/users?limit=1&page=7')).items[0].userId;
const scenarios = {
  ping: '/admin/ping',
  'users, first page': '/admin/users?page=1&limit=20&sort=createdAt:desc',
  'users, page 500': '/admin/users?page=500&limit=20&sort=createdAt:desc',
  'users, sort by balance': '/admin/users?page=1&limit=20&sort=balance:desc',
  'users, status filter': '/admin/users?status=pending&page=1&limit=20',
  'users, search (username)': '/admin/users?q=player12345&page=1&limit=20',
  'users, search (email part)': '/admin/users?q=r4242@exa&page=1&limit=20',
  'user detail': `/admin/users/${someUser}`,
  'user matches': `/admin/users/${someUser}/matches?page=1&limit=10`,
  'user matches, wins': `/admin/users/${someUser}/matches?page=1&limit=10&outcome=win`,
  'withdrawals, pending': '/admin/withdrawals?status=pending&page=1&limit=20',
  'withdrawals, all': '/admin/withdrawals?page=1&limit=20',
  'withdrawals, search': '/admin/withdrawals?q=payee4242&page=1&limit=20',
  bots: '/admin/bots?page=1&limit=20&sort=createdAt:desc',
  'bots, search': '/admin/bots?q=bot1&page=1&limit=20',
  'dashboard, day': '/admin/stats/users?range=day',
  'dashboard, week': '/admin/stats/users?range=week',
  'dashboard, month': '/admin/stats/users?range=month',
  'dashboard summary': '/admin/stats/summary',
};

/** One endpoint under load: exact percentiles from every response time, and requests/s. */
async function measure(path) {
  const url = `${base}${path}`;
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 }); // warm up
  const times = [];
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return {
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

const rows = [];
for (const [name, path] of Object.entries(scenarios))
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
