import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';

// axe-core's check of the page as it stands: no serious or critical violation of WCAG 2.0/2.1 A
// and AA. The full result, lesser impacts included, is attached to the test.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

type AxeNode = AxeResults['violations'][number]['nodes'][number];

/** Where, and axe's first reason for it there (e.g. the contrast ratio and both colours). */
const describeNode = (node: AxeNode) => {
  const reason = [...node.any, ...node.all, ...node.none][0]?.message;
  return `${node.target.join(' ')}${reason ? ` (${reason})` : ''}`;
};

/** One entry per violation: the rule, how bad, the help text, and where (the first few). */
const describe = (violations: AxeResults['violations']) =>
  violations.map((v) => {
    const shown = v.nodes.slice(0, 5).map(describeNode);
    const more = v.nodes.length > shown.length ? ` (+${v.nodes.length - shown.length} more)` : '';
    return `${v.id} [${v.impact}] ${v.help} — at: ${shown.join(' | ')}${more}`;
  });

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await test.info().attach('axe-violations.json', {
    body: JSON.stringify(describe(results.violations), null, 2),
    contentType: 'application/json',
  });
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''));
  expect(describe(blocking), 'serious or critical accessibility violations').toEqual([]);
}
