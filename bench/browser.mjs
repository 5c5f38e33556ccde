// The Chromium every browser benchmark drives: the system one, with the e2e tests' flags.
import { chromium } from '@playwright/test';
import chromiumSettings from '../e2e/chromium.json' with { type: 'json' };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? chromiumSettings.executablePath;

/** The end-to-end tests' flags: no sandbox as root, nothing fetched in the background. */
export const CHROMIUM_ARGS = chromiumSettings.args;

export const launchBrowser = () =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/**
 * Starts counting the page's requests; answers a function that resolves once none has been in
 * flight for `quietMs` (Playwright's 'networkidle' is 500 ms, but only around navigation).
 */
export function watchNetwork(page, quietMs = 500) {
  let inFlight = 0;
  let lastChange = Date.now();
  // The live event stream stays open as long as the page: it never settles, so it is not waited for.
  const change = (delta) => (request) => {
    if (request.url().includes('/api/admin/events')) return;
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return async () => {
    while (inFlight > 0 || Date.now() - lastChange < quietMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
}
