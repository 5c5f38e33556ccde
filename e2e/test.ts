import { test as base, expect } from '@playwright/test';

export { expect };

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Playwright's `test`, with one guard every end-to-end test gets for free: the page must not
 * break the Content-Security-Policy. Each document reports its `securitypolicyviolation`
 * events to the test, across navigations, and a test that caused any fails at its end.
 */
export const test = base.extend<{ cspGuard: undefined; cpuThrottle: undefined }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: Violation[] = [];
      await page.exposeFunction('__reportCspViolation', (violation: Violation) => {
        violations.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (v: Violation) => void>)
            .__reportCspViolation;
          report?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
          });
        });
      });
      await use(undefined);
      // Reports travel asynchronously: let the last ones arrive.
      await page.evaluate(() => new Promise(requestAnimationFrame)).catch(() => {});
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // E2E_CPU_THROTTLE=3 runs each page's JavaScript as a CPU three times slower would: a check
  // that the suite's waits hold on a slower machine.
  cpuThrottle: [
    async ({ page }, use) => {
      const rate = Number(process.env.E2E_CPU_THROTTLE ?? 1);
      if (rate > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      }
      await use(undefined);
    },
    { auto: true },
  ],
});
