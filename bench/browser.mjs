// The Chromium every browser benchmark drives: the system one, with the e2e tests' flags.
import { chromium } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of playwright.config.ts: no sandbox as root, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchBrowser = () =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/**
 * Starts counting the page's requests; answers a function that resolves once none has been in
 * flight for `quietMs` (Playwright's 'networkidle' is 500 ms, but only around navigation).
 */
export function watchNetwork(page, quietMs = 500) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta) => () => {
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
