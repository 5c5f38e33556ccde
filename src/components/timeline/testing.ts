import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AuditEntry } from '../../../contract/audit';
import { anEntry } from '../../resources/audit/testing';
import { listOf, type RecordedRequest } from '../../test/fakeFetch';

/** Test helpers of the record timeline (not shipped: only tests import this file). */

/** A row of a record's history: an audit entry with its before and after. */
export const historyEntry = (overrides: Partial<AuditEntry> = {}) => anEntry(overrides);

/** A page of history as the audit list answers it (10 a page). */
export const historyOf = (entries: AuditEntry[], total = entries.length, page = 1) =>
  listOf(entries, total, page, 10);

export const historyCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/admin/audit');

/** The query of the last history request. */
export const lastHistoryQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(new URL(historyCalls(requests).at(-1)?.url ?? 'http://x').searchParams);

/** The History card, once it is shown. */
export const findHistory = async () => {
  const heading = await screen.findByRole('heading', { level: 2, name: 'History' });
  return heading.closest('section') as HTMLElement;
};

/** The History card's entries, each as its text. */
export const historyItems = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'History entries' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.tagName === 'OL');

/** The audit route answering one entry on a record: its update 'Skill: 50 → 70'. */
export const oneUpdateOf = (entity: string, entityId: string) => ({
  'GET /api/admin/audit': historyOf([
    historyEntry({ action: `${entity}.update`, entity, entityId }),
  ]),
});

/** The History card shows the one update, asked for the record as the audit log names it. */
export const expectHistoryOf = async (
  requests: RecordedRequest[],
  entity: string,
  entityId: string,
) => {
  const card = await findHistory();
  expect(await within(card).findByText('Skill: 50 → 70')).toBeInTheDocument();
  expect(within(card).getByText('Updated')).toBeInTheDocument();
  expect(lastHistoryQuery(requests)).toMatchObject({ entity, entityId, page: '1', limit: '10' });
};
