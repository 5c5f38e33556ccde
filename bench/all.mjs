// Every benchmark, one after the other: the scale data (seeded once), the API at scale, the
// console's weight and Lighthouse. Each prints its table and writes bench/results/*.json; this
// ends with one line per benchmark and exits 1 when any missed a budget or failed.
// Usage: node bench/all.mjs [SCALE]   (DATABASE_URL, when set, is the API bench's database)
import { spawnSync } from 'node:child_process';

const scale = process.argv[2] ?? '1';
const BENCHES = [
  ['API at scale (seeds .bench-data-SCALE or DATABASE_URL first)', ['bench/api.mjs', scale]],
  ['live updates at scale (500 streams, 100 changes a second)', ['bench/live.mjs', scale]],
  ['console weight', ['bench/bundle.mjs']],
  ['Lighthouse', ['bench/lighthouse.mjs']],
];

const outcomes = [];
for (const [name, args] of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  outcomes.push({ name, status, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== benchmarks ===');
for (const { name, status, seconds } of outcomes) {
  const verdict = status === 0 ? 'ok' : 'MISSED A BUDGET OR FAILED';
  console.log(`${verdict.padEnd(26)} ${name} (${seconds.toFixed(0)} s)`);
}
process.exit(outcomes.every((outcome) => outcome.status === 0) ? 0 : 1);
