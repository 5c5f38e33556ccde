// A change against the code before it, side by side: this checkout's server and the one of
// another checkout (the commit before, with its node_modules and its own copy of the same
// .bench-data-SCALE, made by `npm run bench:seed` there and copied here) run at once, and each
// endpoint of bench:api is loaded on one then the other, ROUNDS times, the order swapped each
// round, so both meet the same machine at the same moments. A p95 is over every response of
// every round. Exits 1 when one rises by more than 5%. An endpoint the code before refuses (what
// the change adds) is timed on this side only and marked new.
// Usage: node bench/api-compare.mjs BEFORE_DIR [ROUNDS] [SCALE] [ONLY]  (ONLY: a pattern of the
// endpoints' names to time, ping always among them, to time again those that moved)
// Writes bench/results/api-compare.json.
import path from 'node:path';
import {
  at,
  benchAdmin,
  load,
  scenarios,
  someCreditedOf,
  someUserOf,
  startServer,
} from './api-load.mjs';
import { machine, printTable, writeResult } from './report.mjs';

const [beforeDir, rounds = '6', scale = '1', only] = process.argv.slice(2);
if (!beforeDir) {
  console.error('Usage: node bench/api-compare.mjs BEFORE_DIR [ROUNDS] [SCALE] [ONLY]');
  process.exit(2);
}
const MAX_RISE = 0.05;
// Short turns, many rounds: the machine's drift over minutes (its other work, its caches) falls on
// both sides alike.
const SECONDS = 2;

const sides = [
  { name: 'before', cwd: path.resolve(beforeDir), port: 18_556 },
  { name: 'after', cwd: process.cwd(), port: 18_557 },
];
process.on('exit', () => {
  for (const side of sides) side.server?.kill('SIGTERM');
});
// Interrupted, the servers still stop (through 'exit').
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
for (const side of sides) {
  const dataDir = path.join(side.cwd, `.bench-data-${scale}`);
  Object.assign(side, await startServer({ cwd: side.cwd, dataDir, port: side.port }));
  side.headers = await benchAdmin(side.base);
}

const endpoints = Object.fromEntries(
  Object.entries(
    scenarios(
      await someUserOf(sides[1].base, sides[1].headers),
      await someCreditedOf(sides[1].base, sides[1].headers),
    ),
  ).filter(([name]) => !only || name === 'ping' || new RegExp(only).test(name)),
);
// What the change adds, the code before refuses (a new filter, a new sort): timed after only.
const added = new Set();
for (const [name, url] of Object.entries(endpoints)) {
  const res = await fetch(`${sides[0].base}${url}`, { headers: sides[0].headers });
  if (!res.ok) added.add(name);
}
const times = new Map();
for (let round = 0; round < Number(rounds); round++) {
  const order = round % 2 ? [...sides].reverse() : sides;
  for (const [name, url] of Object.entries(endpoints)) {
    for (const side of order) {
      if (side.name === 'before' && added.has(name)) continue;
      const result = await load(`${side.base}${url}`, side.headers, SECONDS);
      if (result.errors > 0) throw new Error(`${side.name} ${name}: ${result.errors} errors`);
      const key = `${name}\0${side.name}`;
      times.set(key, [...(times.get(key) ?? []), ...result.times]);
    }
  }
  console.log(`round ${round + 1} of ${rounds} done`);
}

const p95Of = (name, side) => {
  const found = times.get(`${name}\0${side}`);
  return found
    ? at(
        [...found].sort((a, b) => a - b),
        0.95,
      )
    : null;
};
const rows = Object.keys(endpoints).map((name) => {
  const before = p95Of(name, 'before');
  const after = p95Of(name, 'after');
  return { name, before, after, rise: before === null ? null : after / before - 1 };
});
printTable(
  ['endpoint', 'p95 before ms', 'p95 after ms', 'change'],
  rows.map((row) => [
    row.name,
    row.before?.toFixed(1) ?? '-',
    row.after.toFixed(1),
    row.rise === null ? 'new' : `${(row.rise * 100).toFixed(1)}%`,
  ]),
);
const risen = rows.filter((row) => row.rise !== null && row.rise > MAX_RISE);
const file = writeResult('api-compare', {
  ...machine(),
  scale: Number(scale),
  rounds: Number(rounds),
  ...(only && { only }),
  secondsPerRound: SECONDS,
  maxRise: MAX_RISE,
  rows,
});
console.log(`\n${rows.length} endpoints, ${rounds} rounds of ${SECONDS} s each side (${file})`);
if (risen.length > 0) {
  console.log(`p95 rose more than 5%: ${risen.map((row) => row.name).join(', ')}`);
  process.exit(1);
}
console.log('No p95 rose more than 5%.');
