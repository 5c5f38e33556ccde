// Browser: Lighthouse (desktop preset) on /login and on / signed in, each in a fresh Chromium
// (an empty cache: a first visit). Records the performance and accessibility scores and the main
// timings, the median of RUNS runs. No budget: exits 1 only on errors.
// Usage: node bench/lighthouse.mjs   (builds the console; writes bench/results/lighthouse.json)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.mjs';
import { startConsole, viteBuild } from './console.mjs';
import { machine, printTable, writeResult } from './report.mjs';

const RUNS = 3;
const TIMINGS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
  tti: 'interactive',
};

/** One Lighthouse run in its own Chromium; `prepare` may set up the browser first. */
async function audit(url, prepare) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await prepare?.(page);
    const flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(prepare),
    };
    const { lhr } = await lighthouse(url, flags, desktopConfig, page);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const score = (name) => Math.round((lhr.categories[name].score ?? 0) * 100);
    const timings = Object.entries(TIMINGS).map(([key, id]) => {
      const value = lhr.audits[id].numericValue;
      return [key, key === 'cls' ? Number(value.toFixed(3)) : Math.round(value)];
    });
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      ...Object.fromEntries(timings),
      finalUrl: lhr.finalDisplayedUrl,
      lighthouse: lhr.lighthouseVersion,
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** The median of each figure over the runs (the runs are kept too). */
function median(runs) {
  const keys = ['performance', 'accessibility', ...Object.keys(TIMINGS)];
  const middle = (key) => runs.map((run) => run[key]).sort((a, b) => a - b)[runs.length >> 1];
  return Object.fromEntries(keys.map((key) => [key, middle(key)]));
}

/**
 * Stores the session the way the console does after sign-in, from a same-origin page that is
 * not the console (the health check), so no console asset is cached before the audit.
 */
const signedIn =
  ({ origin, session }) =>
  async (page) => {
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token: session.token, user: session.user },
    );
  };

viteBuild();
const app = await startConsole();
const pages = {
  '/login': { url: `${app.origin}/login` },
  '/ (signed in)': { url: `${app.origin}/`, prepare: signedIn(app) },
};
const results = {};
try {
  for (const [name, { url, prepare }] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url, prepare));
    // a redirect (e.g. / to /login when the session is refused) would audit another page
    if (runs.some((run) => new URL(run.finalUrl).pathname !== new URL(url).pathname))
      throw new Error(`${name}: the audit ended on another page`);
    results[name] = { median: median(runs), runs };
  }
} finally {
  await app.stop();
}

printTable(
  ['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'TTI ms'],
  Object.entries(results).map(([name, { median: m }]) => [
    name,
    m.performance,
    m.accessibility,
    m.fcp,
    m.lcp,
    m.tbt,
    m.cls,
    m.speedIndex,
    m.tti,
  ]),
);
const { formFactor, throttling, throttlingMethod = 'simulate' } = desktopConfig.settings;
const setting = `Lighthouse desktop preset: ${formFactor}, ${throttlingMethod} throttling ${JSON.stringify(throttling)}`;
console.log(`\nmedian of ${RUNS} runs each; ${setting}`);
const file = writeResult('lighthouse', {
  ...machine(),
  lighthouse: Object.values(results)[0].runs[0].lighthouse,
  settings: { preset: 'desktop', formFactor, throttlingMethod, throttling, runs: RUNS },
  pages: results,
});
console.log(`written ${file}`);
