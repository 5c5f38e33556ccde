// Live updates at scale: 500 streams of GET /api/admin/events on one instance (100 sessions of
// the bench admin, 5 streams each, read over bare sockets in a child process:
// bench/live-subscribers.mjs) while
// 100 bots' active flags are flipped, 100 a second for 30 s, each flip its own transaction with an
// audit row (two changes announced, as an admin's edit).
// Usage: node bench/live.mjs [SCALE [ROUNDS [WRITES]]]   the data of bench:api (.bench-data-SCALE,
// SCALE 1 by default); ROUNDS of the API comparison (default 4: a list's p95 over fewer 2 s
// turns varied by 10% between runs with nothing changed); WRITES `sql` (default) or `api`.
// Writes bench/results/live.json. Exits 1 when a budget is missed.
// - WRITES sql: each flip is one statement on a connection of its own (4 of them), as another
//   instance or the game writes: the instance under test only delivers, and the delay is from just
//   before the statement (its commit ends its round trip) is sent to the receipt, commit to
//   delivery. WRITES api: PATCH /admin/bots/:botId on the instance under test, the delay from just
//   before the request, so it holds the request's own time too.
// - delay: one clock (performance.timeOrigin + performance.now()) in both processes; one write per
//   bot in flight, so the k-th event naming a bot on a stream is that bot's k-th write.
//   Budget: p95 <= 100 ms.
// - lost: writes some stream never received (every stream must receive every write). Budget: 0.
// - memory per subscriber: the server's VmRSS (/proc/PID/status) with the streams idle minus with
//   none, over their number; the median of 3 such pairs (the LISTEN connection open in both). And
//   the JS heap after a full collection, both ways, read last through the inspector (live-heap.mjs).
// - the list endpoints of bench:api, p95 without streams versus with them, the changes running in
//   both (and the delay meanwhile, the readers' process niced), the turns interleaved as in
//   bench:api-compare,
//   the order alternating per endpoint and per round, so the machine's drift falls on both alike.
//   Budget: within 10%.
// LIVE_SUBSCRIBERS, LIVE_RATE, LIVE_SECONDS and LIVE_ENDPOINTS (a pattern of endpoint names)
// make it smaller, for trying it out.
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { at, benchAdmin, load, scenarios, someUserOf, startServer } from './api-load.mjs';
import { apiWriter, restoreBots, sqlWriter, startChanges } from './live-changes.mjs';
import { heapProbe } from './live-heap.mjs';
import { kib, machine, printTable, writeResult } from './report.mjs';

const [scale = '1', rounds = '4', writes = 'sql'] = process.argv.slice(2);
if (!['sql', 'api'].includes(writes)) {
  console.error('Usage: node bench/live.mjs [SCALE [ROUNDS [sql|api]]]');
  process.exit(2);
}
const dataDir = `.bench-data-${scale}`;
const port = 18_558;
const SUBSCRIBERS = Number(process.env.LIVE_SUBSCRIBERS ?? 500);
const RATE = Number(process.env.LIVE_RATE ?? 100);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 30);
const STREAMS_PER_SESSION = 5;
const BOTS = 100;
const TURN_SECONDS = 2;
const BUDGET = { delayP95Ms: 100, lost: 0, maxRise: 0.1 };
const only = new RegExp(process.env.LIVE_ENDPOINTS ?? '');
/** bench:api's scenarios that list: not ping, a detail or the dashboard's figures. */
const isList = (name) => !/^(ping|user detail|dashboard)/.test(name) && only.test(name);

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', scale, dataDir], {
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(1);

const { server, base } = await startServer({ dataDir, port });
const subscribers = fork(new URL('./live-subscribers.mjs', import.meta.url));
process.on('exit', () => {
  subscribers.kill();
  server.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

let asked = 0;
const answers = new Map();
subscribers.on('message', ({ id, result, error }) => {
  const answer = answers.get(id);
  answers.delete(id);
  if (error) answer.reject(new Error(error));
  else answer.resolve(result);
});
/** Runs a command of the subscribers' process and answers its result. */
const ask = (command, args = {}) =>
  new Promise((resolve, reject) => {
    asked += 1;
    answers.set(asked, { resolve, reject });
    subscribers.send({ id: asked, command, ...args });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's resident memory: the median of 5 readings, in bytes. */
async function serverRss() {
  const readings = [];
  for (let i = 0; i < 5; i++) {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    readings.push(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) * 1024);
    await sleep(200);
  }
  return readings.sort((a, b) => a - b)[2];
}

/** A process's CPU time so far (user and system), in seconds. */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const headers = await benchAdmin(base);
const tokens = [];
for (let i = 0; i < Math.ceil(SUBSCRIBERS / STREAMS_PER_SESSION); i++)
  tokens.push((await benchAdmin(base)).authorization.slice('Bearer '.length));
const url = `${base}/admin/events`;

const { APP_DATABASE } = await tsImport('../server/db/open.ts', import.meta.url);
const { runningConnection } = await tsImport('../server/db/embedded.ts', import.meta.url);
const pool = new pg.Pool({
  ...(process.env.DATABASE_URL
    ? { connectionString: process.env.DATABASE_URL }
    : runningConnection(dataDir, APP_DATABASE)),
  max: 4,
});
const write = writes === 'sql' ? sqlWriter(pool) : apiWriter({ base, headers });

const botList = await (await fetch(`${base}/admin/bots?page=1&limit=${BOTS}`, { headers })).json();
const original = new Map(botList.items.map((bot) => [bot.botId, bot.active]));
const state = new Map(original);
const bots = [...original.keys()];

/** Sets the niceness of the subscribers' process (back to 0 needs the right to; root has it). */
function readersPriority(niceness) {
  try {
    os.setPriority(subscribers.pid, niceness);
  } catch {}
}

/** Each stream gets every write, and how late (see bench/live-subscribers.mjs). */
async function delivered(into, run) {
  await ask('tally', { writes: run.writes, into });
  return ask('summary', { from: into });
}

/** Everything measured; the bots' flags are put back whatever happens. */
async function measure() {
  // The first stream opens the instance's LISTEN connection, which then stays open.
  await ask('open', { url, tokens, count: 1 });
  await ask('close');
  const memory = [];
  for (let i = 0; i < 3; i++) {
    await sleep(1500);
    const without = await serverRss();
    await ask('open', { url, tokens, count: SUBSCRIBERS });
    await sleep(1500);
    memory.push({ without, with: await serverRss() });
    if (i < 2) await ask('close');
  }

  console.log(`${SUBSCRIBERS} streams open; ${RATE} changes a second for ${SECONDS} s...`);
  const cpuBefore = [cpuOf(server.pid), cpuOf(subscribers.pid)];
  const changes = startChanges({ write, bots, state, rate: RATE });
  await sleep(SECONDS * 1000);
  const alone = await changes.stop();
  // The share of a core each used while the changes ran.
  const [serverCpuShare, readersCpuShare] = [server.pid, subscribers.pid].map(
    (pid, i) => (cpuOf(pid) - cpuBefore[i]) / alone.seconds,
  );
  // The last events' way to every stream.
  await ask('settle');
  const aloneDelivery = await delivered('alone', alone);
  await ask('close');

  const endpoints = Object.entries(scenarios(await someUserOf(base, headers))).filter(([name]) =>
    isList(name),
  );
  const times = new Map();
  const underLoad = { count: 0, seconds: 0, skipped: 0, failed: [], took: [] };
  // CPU seconds the server (both ways) and the readers used while the API was loaded, and for how long.
  const turnCpu = { without: 0, with: 0, readers: 0, secondsWithout: 0, secondsWith: 0 };
  // Each turn loads one endpoint while the changes run, with the streams open or without: the
  // difference is what the subscribers cost the API, the writes' own cost being in both.
  async function turn(name, path, streams) {
    if (streams) {
      // The last turn's changes have all been announced before these streams listen.
      await sleep(500);
      await ask('open', { url, tokens, count: SUBSCRIBERS });
      // The readers stand for browsers on other machines: here they yield the shared cores to
      // the server and the load (their delays are late by as much, reported but not budgeted),
      // and only keep what arrives, with its receipt time, to read it after the turn.
      readersPriority(19);
      await ask('defer', { on: true });
    }
    const changing = startChanges({ write, bots, state, rate: RATE });
    const [serverBefore, readersBefore, started] = [
      cpuOf(server.pid),
      cpuOf(subscribers.pid),
      performance.now(),
    ];
    const result = await load(`${base}${path}`, headers, TURN_SECONDS);
    const seconds = (performance.now() - started) / 1000;
    turnCpu[streams ? 'with' : 'without'] += cpuOf(server.pid) - serverBefore;
    turnCpu[streams ? 'secondsWith' : 'secondsWithout'] += seconds;
    if (streams) turnCpu.readers += cpuOf(subscribers.pid) - readersBefore;
    const written = await changing.stop();
    if (result.errors > 0) throw new Error(`${name}: ${result.errors} errors`);
    const key = `${name}\0${streams}`;
    times.set(key, [...(times.get(key) ?? []), ...result.times]);
    if (!streams) return;
    readersPriority(0);
    await ask('settle');
    await ask('defer', { on: false });
    await ask('tally', { writes: written.writes, into: 'underLoad' });
    await ask('close');
    underLoad.count += written.count;
    underLoad.seconds += written.seconds;
    underLoad.skipped += written.skipped;
    underLoad.failed.push(...written.failed);
    underLoad.took.push(...written.took);
  }
  for (let round = 0; round < Number(rounds); round++) {
    for (const [i, [name, path]] of endpoints.entries()) {
      for (const streams of (round + i) % 2 ? [true, false] : [false, true]) {
        await turn(name, path, streams);
      }
    }
    console.log(`round ${round + 1} of ${rounds} done`);
  }
  const underLoadDelivery = await ask('summary', { from: 'underLoad' });

  // Last, as the inspector it opens stays open: the heap after a full collection, both ways.
  let heap = null;
  const probe = await heapProbe(server.pid).catch(() => null);
  if (probe) {
    const without = await probe.usedAfterGc();
    await ask('open', { url, tokens, count: SUBSCRIBERS });
    await sleep(1000);
    heap = { without, with: await probe.usedAfterGc() };
    await ask('close');
    probe.close();
  }

  const p95Of = (name, on) =>
    at(
      times.get(`${name}\0${on}`).sort((a, b) => a - b),
      0.95,
    );
  const rows = endpoints
    .filter(([name]) => times.has(`${name}\0false`))
    .map(([name]) => {
      const without = p95Of(name, false);
      const withLive = p95Of(name, true);
      const served = (on) => times.get(`${name}\0${on}`).length / (Number(rounds) * TURN_SECONDS);
      return {
        name,
        without,
        with: withLive,
        rise: withLive / without - 1,
        // The load is a closed loop: what the streams take from the cores shows here first.
        servedPerSecond: { without: served(false), with: served(true) },
      };
    });
  return {
    memory,
    heap,
    alone,
    aloneDelivery,
    serverCpuShare,
    readersCpuShare,
    underLoad,
    underLoadDelivery,
    rows,
    turnCpu,
  };
}

let result;
try {
  result = await measure();
} finally {
  await restoreBots({ write, state, original }).catch((error) => {
    console.error(`The bots' active flags could not all be put back: ${error.message}`);
  });
  await pool.end();
}
const {
  memory,
  heap,
  alone,
  aloneDelivery,
  serverCpuShare,
  readersCpuShare,
  underLoad,
  underLoadDelivery,
  rows,
  turnCpu,
} = result;
/** The share of a core each used while the API was loaded (server without / with streams). */
const apiCpuShare = {
  serverWithout: turnCpu.without / turnCpu.secondsWithout,
  serverWith: turnCpu.with / turnCpu.secondsWith,
  readers: turnCpu.readers / turnCpu.secondsWith,
};

const diffs = memory.map((pair) => pair.with - pair.without).sort((a, b) => a - b);
const perSubscriber = diffs[1] / SUBSCRIBERS;
const heapPerSubscriber = heap && (heap.with - heap.without) / SUBSCRIBERS;
/** The p95 of how long the writes took (request to answer, or statement to commit). */
const writeP95 = (took) =>
  took.length
    ? at(
        [...took].sort((a, b) => a - b),
        0.95,
      )
    : null;
const rate = alone.count / alone.seconds;
const ms = (value) => (value === null ? '-' : `${value.toFixed(1)} ms`);

const missed = [];
if (aloneDelivery.p95 === null || aloneDelivery.p95 > BUDGET.delayP95Ms) missed.push('delay p95');
for (const [name, delivery] of [
  ['events lost', aloneDelivery],
  ['events lost under API load', underLoadDelivery],
]) {
  if (delivery.lost > BUDGET.lost || delivery.extra > 0 || delivery.cutOff > 0) missed.push(name);
}
if (rate < RATE * 0.95 || alone.failed.length + underLoad.failed.length > 0)
  missed.push('change rate');

printTable(
  ['live', 'alone', 'under API load', 'budget'],
  [
    ['changes', `${alone.count} (${rate.toFixed(1)}/s)`, underLoad.count, `${RATE}/s`],
    ['deliveries', aloneDelivery.delivered, underLoadDelivery.delivered, ''],
    ['delay p50', ms(aloneDelivery.p50), ms(underLoadDelivery.p50), ''],
    ['delay p95', ms(aloneDelivery.p95), ms(underLoadDelivery.p95), `<= ${BUDGET.delayP95Ms} ms`],
    ['delay p99', ms(aloneDelivery.p99), ms(underLoadDelivery.p99), ''],
    ['delay max', ms(aloneDelivery.max), ms(underLoadDelivery.max), ''],
    [`write (${writes}) p95`, ms(writeP95(alone.took)), ms(writeP95(underLoad.took)), ''],
    ['lost', aloneDelivery.lost, underLoadDelivery.lost, '0'],
    ['received twice', aloneDelivery.extra, underLoadDelivery.extra, '0'],
    ['streams cut off', aloneDelivery.cutOff, underLoadDelivery.cutOff, '0'],
    [
      'writes failed, skipped',
      `${alone.failed.length}, ${alone.skipped}`,
      `${underLoad.failed.length}, ${underLoad.skipped}`,
      '0, 0',
    ],
  ],
);
console.log(
  `\nserver RSS without streams / with ${SUBSCRIBERS}: ${memory.map((pair) => `${kib(pair.without)} / ${kib(pair.with)}`).join(', ')}`,
);
console.log(
  `memory per subscriber: ${kib(perSubscriber)} of RSS (median of 3), ${heap ? `${kib(heapPerSubscriber)} of heap after a full collection (${kib(heap.without)} / ${kib(heap.with)})` : 'heap not read (no inspector)'}`,
);
console.log(
  `CPU while the changes ran: server ${(serverCpuShare * 100).toFixed(0)}%, subscribers' process ${(readersCpuShare * 100).toFixed(0)}% of a core`,
);
console.log(
  `CPU while the API was loaded: server ${(apiCpuShare.serverWithout * 100).toFixed(0)}% without streams, ${(apiCpuShare.serverWith * 100).toFixed(0)}% with them; subscribers' process ${(apiCpuShare.readers * 100).toFixed(0)}% (niced)\n`,
);
printTable(
  [
    'endpoint',
    `p95 at ${RATE} changes/s`,
    `with ${SUBSCRIBERS} streams`,
    'change',
    'req/s change',
    '',
  ],
  rows.map((row) => {
    const over = row.rise > BUDGET.maxRise;
    if (over) missed.push(row.name);
    return [
      row.name,
      ms(row.without),
      ms(row.with),
      `${(row.rise * 100).toFixed(1)}%`,
      `${((row.servedPerSecond.with / row.servedPerSecond.without - 1) * 100).toFixed(1)}%`,
      over ? 'OVER BUDGET' : '',
    ];
  }),
);

const file = writeResult('live', {
  ...machine(),
  scale: Number(scale),
  subscribers: SUBSCRIBERS,
  sessions: tokens.length,
  changesPerSecond: RATE,
  seconds: SECONDS,
  bots: bots.length,
  writes:
    writes === 'sql'
      ? 'SQL: UPDATE bots + INSERT audit_log, one statement and transaction each, 4 connections'
      : 'API: PATCH /admin/bots/:botId {active}, on the instance under test',
  budgets: BUDGET,
  delivery: {
    ...aloneDelivery,
    changes: alone.count,
    ratePerSecond: rate,
    skipped: alone.skipped,
    failed: alone.failed,
    writeP95Ms: writeP95(alone.took),
    serverCpuShare,
    readersCpuShare,
  },
  deliveryUnderApiLoad: {
    ...underLoadDelivery,
    changes: underLoad.count,
    skipped: underLoad.skipped,
    failed: underLoad.failed,
    writeP95Ms: writeP95(underLoad.took),
  },
  memory: {
    rssReadings: memory,
    rssPerSubscriberBytes: perSubscriber,
    heapAfterGc: heap,
    heapPerSubscriberBytes: heapPerSubscriber,
  },
  api: { rounds: Number(rounds), secondsPerTurn: TURN_SECONDS, cpuShare: apiCpuShare, rows },
  missed,
});
console.log(
  `\n${SUBSCRIBERS} subscribers, ${RATE} changes/s (${writes}), scale ${scale}, ${rounds} rounds of ${TURN_SECONDS} s a turn: ${missed.length ? `over budget: ${missed.join(', ')}` : 'every budget met'} (${file})`,
);
process.exit(missed.length ? 1 : 0);
