// Bundle budget: the JavaScript a first visit downloads (gzip), ours against a bare react-admin app.
// Usage: node bench/bundle.mjs   (builds both; exits 1 when over budget)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 0.9;
const vite = path.resolve('node_modules/.bin/vite');

function build(args) {
  const result = spawnSync(vite, ['build', '--logLevel', 'error', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Gzip bytes of the entry script and every module it preloads: what the first visit fetches. */
function firstVisitJs(outDir) {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  let bytes = 0;
  for (const file of new Set(files))
    bytes += gzipSync(fs.readFileSync(path.join(outDir, file))).length;
  return { bytes, files: files.length };
}

const baseOut = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-admin-'));
build(['bench/bare-admin', '--base', './', '--outDir', baseOut, '--emptyOutDir']);
build([]);

const baseline = firstVisitJs(baseOut);
const ours = firstVisitJs('dist/console');
fs.rmSync(baseOut, { recursive: true, force: true });

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ratio = ours.bytes / baseline.bytes;
console.log(`bare react-admin: ${kib(baseline.bytes)} gzip (${baseline.files} files)`);
console.log(`console:          ${kib(ours.bytes)} gzip (${ours.files} files)`);
console.log(
  `ratio ${ratio.toFixed(3)} (budget ${BUDGET}): ${ratio <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
process.exit(ratio <= BUDGET ? 0 : 1);
