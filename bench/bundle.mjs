// Console weight: the JavaScript and CSS a first visit downloads, as Chromium fetches it, against
// a bare react-admin app (bench/bare-admin) built in the same run, page for page: /login against
// the bare app's list, / signed in against the bare app's dashboard (both dashboards draw a lazily
// loaded @mui/x-charts line chart). Budget: each visit of the console at most 0.88x its bare
// counterpart, and the heavy libraries (charts, rich text, QR code) only with their page.
// Usage: node bench/bundle.mjs   (builds both; writes bench/results/bundle.json; exits 1 when a
// budget is missed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, watchNetwork } from './browser.mjs';
import { freePort, signedInState, startConsole, viteBuild } from './console.mjs';
import { kib, machine, printTable, writeResult } from './report.mjs';
import { serveStatic } from './static-server.mjs';

const BUDGET = 0.88;
const GZIP = 'node:zlib gzipSync, level 9, of each response body';
const CONSOLE_ASSETS = 'dist/console/assets';

/** Strings only found in the code of each heavy library (checked against the build below). */
const HEAVY = {
  charts: { marker: 'MuiChartsSurface', library: '@mui/x-charts' },
  richText: { marker: 'ProseMirror', library: 'ra-input-rich-text (tiptap, prosemirror)' },
  qrCode: { marker: 'too big to be stored in a QR Code', library: 'qrcode' },
};

/**
 * Loads `url` in a fresh context (an empty cache: a first visit) and records every same-origin
 * script and stylesheet until each locator `ready` answers is visible and the network has been
 * quiet.
 */
async function visit(browser, { url, ready, storageState }) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  const settled = watchNetwork(page);
  const { origin } = new URL(url);
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet'].includes(type) || !response.url().startsWith(origin)) return;
    pending.push(
      response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        type,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        heavy: Object.keys(HEAVY).filter((name) => body.includes(HEAVY[name].marker)),
      })),
    );
  });
  await page.goto(url);
  for (const locator of ready(page)) await locator.waitFor({ timeout: 30_000 });
  await settled();
  const files = await Promise.all(pending);
  await context.close();
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { url, files, bytes: sum('bytes'), gzip: sum('gzip') };
}

/** Which built chunks hold each heavy library: proves the markers find it at all. */
function heavyChunks() {
  const chunks = fs.readdirSync(CONSOLE_ASSETS).filter((name) => /\.(js|css)$/.test(name));
  return Object.fromEntries(
    Object.entries(HEAVY).map(([name, { marker }]) => [
      name,
      chunks.filter((chunk) =>
        fs.readFileSync(path.join(CONSOLE_ASSETS, chunk), 'utf8').includes(marker),
      ),
    ]),
  );
}

/** Both dashboards' chart, once drawn. */
const chartOf = (page) =>
  page.getByRole('figure', { name: 'New users chart' }).locator('svg').first();

const labels = {
  bareList: 'bare react-admin #/posts (list)',
  bareDashboard: 'bare react-admin / (dashboard)',
  login: 'console /login',
  dashboard: 'console / (signed in)',
};

/** Each console visit and the bare app's page it is weighed against. */
const COUNTERPART = { login: 'bareList', dashboard: 'bareDashboard' };

const bareOut = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-admin-'));
viteBuild(['bench/bare-admin', '--base', '/', '--outDir', bareOut, '--emptyOutDir']);
viteBuild();
const chunks = heavyChunks();
for (const [name, found] of Object.entries(chunks))
  if (found.length === 0) throw new Error(`no built chunk holds ${HEAVY[name].library}`);

const bare = await serveStatic(bareOut, await freePort());
const app = await startConsole();
const browser = await launchBrowser();
let visits;
try {
  visits = {
    bareList: await visit(browser, {
      url: `${bare.origin}/#/posts`,
      ready: (page) => [page.getByText('No data to display')],
    }),
    bareDashboard: await visit(browser, {
      url: `${bare.origin}/`,
      ready: (page) => [chartOf(page)],
    }),
    login: await visit(browser, {
      url: `${app.origin}/login`,
      ready: (page) => [page.getByRole('button', { name: 'Sign in' })],
    }),
    dashboard: await visit(browser, {
      url: `${app.origin}/`,
      ready: (page) => [page.getByText(`Hi, ${app.session.username}`), chartOf(page)],
      storageState: signedInState(app.origin, app.session),
    }),
  };
} finally {
  await browser.close();
  await app.stop();
  await bare.close();
  fs.rmSync(bareOut, { recursive: true, force: true });
}

const fetched = (visit, name) => visit.files.some((file) => file.heavy.includes(name));
const ratio = (name) => visits[name].gzip / visits[COUNTERPART[name] ?? name].gzip;
const checks = [
  ...Object.entries(COUNTERPART).map(([name, bare]) => ({
    check: `${labels[name]}: at most ${BUDGET}x ${labels[bare]}`,
    ratio: ratio(name),
    ok: ratio(name) <= BUDGET,
  })),
  // like with like: the chart is fetched by both dashboards and by neither list nor login
  { check: 'bare list: no charts', ok: !fetched(visits.bareList, 'charts') },
  { check: 'bare dashboard: charts', ok: fetched(visits.bareDashboard, 'charts') },
  { check: 'login: no charts', ok: !fetched(visits.login, 'charts') },
  { check: 'dashboard: charts', ok: fetched(visits.dashboard, 'charts') },
  { check: 'login: no rich text', ok: !fetched(visits.login, 'richText') },
  { check: 'dashboard: no rich text', ok: !fetched(visits.dashboard, 'richText') },
  { check: 'login: no QR code', ok: !fetched(visits.login, 'qrCode') },
  { check: 'dashboard: no QR code', ok: !fetched(visits.dashboard, 'qrCode') },
];

printTable(
  ['first visit', 'files', 'JS+CSS', 'gzip', 'x bare', 'charts', 'rich text'],
  Object.entries(visits).map(([name, v]) => [
    labels[name],
    v.files.length,
    kib(v.bytes),
    kib(v.gzip),
    ratio(name).toFixed(3),
    fetched(v, 'charts') ? 'fetched' : '-',
    fetched(v, 'richText') ? 'fetched' : '-',
  ]),
);
console.log(
  `\ngzip: ${GZIP}; budget: /login <= ${BUDGET}x the bare list, / <= ${BUDGET}x the bare dashboard.`,
);
for (const { check, ok } of checks) console.log(`${ok ? 'ok    ' : 'MISSED'}  ${check}`);

const file = writeResult('bundle', {
  ...machine(),
  gzip: GZIP,
  budget: { ratioToBare: BUDGET, bareCounterpart: COUNTERPART, heavyOnlyWithTheirPage: true },
  heavyLibraries: Object.fromEntries(
    Object.entries(HEAVY).map(([name, heavy]) => [name, { ...heavy, chunks: chunks[name] }]),
  ),
  visits,
  checks,
});
console.log(`\nwritten ${file}`);
process.exit(checks.every((c) => c.ok) ? 0 : 1);
