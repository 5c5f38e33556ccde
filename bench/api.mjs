// API at scale: p95 of every list, search and stats endpoint at 8 concurrent clients.
// Usage: node bench/api.mjs [SCALE]   (SCALE 1 = 1M users, 10M matches, 500k withdrawals;
// the data is generated once into .bench-data-SCALE and reused). Budget: p95 <= 25 ms.
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const scale = process.argv[2] ?? '1';
const dataDir = `.bench-data-${scale}`;
const port = 18_555;
const base = `http://127.0.0.1:${port}/api`;
const BUDGET_MS = 25;
const CONCURRENCY = 8;
const REQUESTS = 400;

const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'bench/seed-large.ts', dataDir, scale],
  {
    stdio: 'inherit',
  },
);
if (seeded.status !== 0) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
await waitForHealth();

const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ emailOrUsername: 'bench', password: 'bench-password' }),
});
const { token } = await login.json();
const headers = { authorization: `Bearer ${token}` };
const get = async (path) => {
  const res = await fetch(`${base}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

const someUser = (await get('/admin/users?limit=1&page=7')).items[0].userId;
const scenarios = {
  'users, first page': '/admin/users?page=1&limit=20&sort=createdAt:desc',
  'users, page 50': '/admin/users?page=50&limit=20&sort=createdAt:desc',
  'users, status filter': '/admin/users?status=pending&page=1&limit=20',
  'users, search (rare)': '/admin/users?q=player12345&page=1&limit=20',
  'users, search (email part)': '/admin/users?q=r4242@exa&page=1&limit=20',
  'user detail': `/admin/users/${someUser}`,
  'user matches': `/admin/users/${someUser}/matches?page=1&limit=10`,
  'user matches, outcome': `/admin/users/${someUser}/matches?page=1&limit=10&outcome=win`,
  'withdrawals, pending': '/admin/withdrawals?status=pending&page=1&limit=20',
  'withdrawals, all': '/admin/withdrawals?page=1&limit=20',
  'withdrawals, search': '/admin/withdrawals?q=payee4242&page=1&limit=20',
  'stats users, day': '/admin/stats/users?range=day',
  'stats users, week': '/admin/stats/users?range=week',
  'stats users, month': '/admin/stats/users?range=month',
  'stats summary': '/admin/stats/summary',
};

async function measure(path) {
  for (let i = 0; i < 10; i++) await get(path);
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const started = performance.now();
      await get(path);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

let failures = 0;
console.log(`\n${'endpoint'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const [name, path] of Object.entries(scenarios)) {
  const { p50, p95 } = await measure(path);
  const ok = p95 <= BUDGET_MS;
  if (!ok) failures++;
  console.log(
    `${name.padEnd(28)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${ok ? '' : '  OVER BUDGET'}`,
  );
}
console.log(
  `\nscale ${scale}, ${CONCURRENCY} clients, ${REQUESTS} requests each, budget p95 <= ${BUDGET_MS} ms: ${failures ? `${failures} over` : 'all within'}`,
);
stop();
process.exit(failures ? 1 : 0);
