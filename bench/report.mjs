// What every benchmark records beside its figures, and how it shows them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from './browser.mjs';

const RESULTS = path.resolve(import.meta.dirname, 'results');

/** The date and the machine the figures come from. */
export function machine() {
  // stderr ignored: Debian's wrapper script prints a harmless shell warning there
  const chromium = execFileSync(CHROMIUM, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  return {
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium,
  };
}

/** Writes bench/results/<name>.json and answers its path. */
export function writeResult(name, data) {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** Prints rows under a header as an aligned text table: the first column left, figures right. */
export function printTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
