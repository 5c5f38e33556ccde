// What bench:api and bench:api-compare share: the server they start, the endpoints they load
// and how one endpoint is measured.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export const CONNECTIONS = 8;

/**
 * Starts `server/main.ts` of the checkout in `cwd` on `dataDir`; answers once /api/health first
 * answers, with how long that took.
 */
export async function startServer({ cwd = process.cwd(), dataDir, port }) {
  const base = `http://127.0.0.1:${port}/api`;
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to 30 s: on a busy shared machine a start takes longer than its budget (timed apart).
  while (performance.now() - started < 30_000) {
    try {
      if ((await fetch(`${base}/health`)).ok)
        return { server, base, readyMs: performance.now() - started };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not start');
}

export const stopped = (server) =>
  new Promise((resolve) => {
    server.on('exit', resolve);
    server.kill('SIGTERM');
  });

/** A bench admin's bearer header on the server at `base` (bench/seed.ts makes both). */
export async function benchAdmin(base, username = 'bench') {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: username, password: 'bench-password' }),
  });
  const { token } = await login.json();
  return { authorization: `Bearer ${token}` };
}

/**
 * Every endpoint measured, by name; `someUser` is a userId of the data, `someCredited` one with
 * adjustments (none when the server has no adjustments).
 */
export const scenarios = (someUser, someCredited) => ({
  ping: '/admin/ping',
  'users, first page': '/admin/users?page=1&limit=20&sort=createdAt:desc',
  'users, page 500': '/admin/users?page=500&limit=20&sort=createdAt:desc',
  'users, sort by balance': '/admin/users?page=1&limit=20&sort=balance:desc',
  'users, status filter': '/admin/users?status=pending&page=1&limit=20',
  'users, search (username)': '/admin/users?q=player12345&page=1&limit=20',
  'users, search (email part)': '/admin/users?q=r4242@exa&page=1&limit=20',
  // Broad terms: a letter or a word most rows hold, as a reviewer starts typing.
  'users, broad search (q=a)': '/admin/users?q=a&page=1&limit=20&sort=createdAt:desc',
  'users, broad search by balance (q=example)':
    '/admin/users?q=example&page=1&limit=20&sort=balance:desc',
  'users, broad search (q=@)': '/admin/users?q=%40&page=1&limit=20&sort=createdAt:desc',
  'user detail': `/admin/users/${someUser}`,
  'user matches': `/admin/users/${someUser}/matches?page=1&limit=10`,
  'user matches, wins': `/admin/users/${someUser}/matches?page=1&limit=10&outcome=win`,
  'withdrawals, pending': '/admin/withdrawals?status=pending&page=1&limit=20',
  'withdrawals, all': '/admin/withdrawals?page=1&limit=20',
  'withdrawals, search': '/admin/withdrawals?q=payee4242&page=1&limit=20',
  'withdrawals, broad search pending (q=pay)':
    '/admin/withdrawals?q=pay&status=pending&page=1&limit=20',
  'withdrawals, broad search all (q=pay)': '/admin/withdrawals?q=pay&page=1&limit=20',
  'withdrawals, oldest waiting':
    '/admin/withdrawals?status=pending&page=1&limit=20&sort=waiting:desc',
  'withdrawals, awaiting 2nd approval':
    '/admin/withdrawals?status=awaiting_second_approval&page=1&limit=20',
  'withdrawals, high risk': '/admin/withdrawals?status=pending&risk=high&page=1&limit=20',
  'withdrawal signals': '/admin/withdrawals/4242/signals',
  'withdrawal history': '/admin/audit?entity=withdrawal&entityId=4242&page=1&limit=10',
  ...(someCredited && {
    'adjustments, pending': '/admin/adjustments?status=pending&page=1&limit=20',
    'adjustments, biggest': '/admin/adjustments?page=1&limit=20&sort=delta:desc',
    'adjustments, of a user': `/admin/adjustments?userId=${someCredited}&page=1&limit=20`,
  }),
  bots: '/admin/bots?page=1&limit=20&sort=createdAt:desc',
  'bots, search': '/admin/bots?q=bot1&page=1&limit=20',
  'bots, broad search (q=a)': '/admin/bots?q=a&page=1&limit=20',
  // The log has no text search (its filters match whole values): its broadest list is all of it.
  'audit, all': '/admin/audit?page=1&limit=20',
  'dashboard, day': '/admin/stats/users?range=day',
  'dashboard, week': '/admin/stats/users?range=week',
  'dashboard, month': '/admin/stats/users?range=month',
  'dashboard summary': '/admin/stats/summary',
});

/** CSV exports the console offers, their time to the first byte measured beside ping. */
export const exports = {
  'users CSV (q=player12)': '/admin/users/export.csv?q=player12&sort=createdAt:desc',
  'withdrawals CSV (q=pay, pending)': '/admin/withdrawals/export.csv?q=pay&status=pending',
};

/** A userId of the data, the same on every copy of it. */
export async function someUserOf(base, headers) {
  const res = await fetch(`${base}/admin/users?limit=1&page=7`, { headers });
  return (await res.json()).items[0].userId;
}

/** A userId with adjustments, the same on every copy of the data; undefined without them. */
export async function someCreditedOf(base, headers) {
  const res = await fetch(`${base}/admin/adjustments?limit=1&page=7&sort=requestedAt:asc`, {
    headers,
  });
  if (res.status === 404) return undefined;
  return (await res.json()).items[0]?.userId;
}

/** The value at quantile `q` of sorted times. */
export const at = (times, q) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;

/**
 * One endpoint under load for `seconds` after a second of warm-up: every response time (sorted,
 * for exact percentiles), requests/s and errors.
 */
export async function load(url, headers, seconds) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const times = [];
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return { times, rps: result.requests.average, errors: result.errors + result.non2xx };
}

/**
 * Time to the first byte of a (streamed) answer's body, as an admin clicking Export waits for it:
 * one request at a time for `seconds`, each cut off once its first chunk arrives (so the server
 * must stop an export whose reader went away, or the next ones wait). Sorted times and errors.
 */
export async function firstByte(url, headers, seconds, connections = 1) {
  const times = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  async function connection() {
    while (performance.now() < until) {
      const started = performance.now();
      const controller = new AbortController();
      try {
        const res = await fetch(url, { headers, signal: controller.signal });
        const { done } = await res.body.getReader().read();
        times.push(performance.now() - started);
        if (!res.ok || done) errors++;
      } catch {
        errors++;
      } finally {
        controller.abort();
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, connection));
  times.sort((a, b) => a - b);
  return { times, rps: times.length / seconds, errors };
}
