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
export const test = base.extend<{ cspGuard: undefined }>({
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
});
