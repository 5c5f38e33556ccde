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
/**
 * Directives a page that shows hostile markup may be refused: the browser checks inline
 * handlers, image addresses and <base> as soon as markup is parsed, even inertly (DOMParser, which the
 * sanitiser and the rich-text editor use), and refuses them. Only tests of such markup expect it.
 */
const REFUSED_WHEN_PARSING_HOSTILE_MARKUP = new Set(['script-src-attr', 'img-src', 'base-uri']);

export const test = base.extend<{ cspGuard: undefined; hostileMarkup: boolean }>({
  hostileMarkup: [false, { option: true }],
  cspGuard: [
    async ({ page, hostileMarkup }, use) => {
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
      const unexpected = hostileMarkup
        ? violations.filter(({ directive }) => !REFUSED_WHEN_PARSING_HOSTILE_MARKUP.has(directive))
        : violations;
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
