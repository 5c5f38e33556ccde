import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeType } from '../../contract/live';
import type { Endpoints } from '../endpoints';
import { useEditingRecord, useHoldNewRecords } from './holds';
import { refreshAfterGap, refreshResource, refreshStats } from './refresh';

const LIST: QueryKey = ['withdrawals', 'getList', { pagination: { page: 2, perPage: 20 } }];
const ONE = (id: string): QueryKey => ['withdrawals', 'getOne', { id }];
const HISTORY = (entityId: string): QueryKey => [
  'audit',
  'getList',
  { filter: { entity: 'withdrawal', entityId } },
];
const OTHER: QueryKey = ['bots', 'getList', {}];
const SETTINGS: QueryKey = ['settings', 'referral'];

const clientWith = (keys: QueryKey[]) => {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { loaded: true });
  return queryClient;
};
const invalidated = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated === true;
const changes = (type: ChangeType, ...ids: string[]) => ({
  types: new Set([type]),
  ids: new Set(ids),
});

describe('what a change reloads (refreshResource)', () => {
  it("reloads the resource's lists, the changed records and their history, nothing else", () => {
    const queryClient = clientWith([
      LIST,
      ONE('12'),
      ONE('13'),
      HISTORY('12'),
      HISTORY('13'),
      OTHER,
    ]);
    refreshResource(queryClient, 'withdrawals', changes('updated', '12'));
    expect(invalidated(queryClient, LIST)).toBe(true);
    expect(invalidated(queryClient, ONE('12'))).toBe(true);
    expect(invalidated(queryClient, HISTORY('12'))).toBe(true);
    expect(invalidated(queryClient, ONE('13'))).toBe(false);
    expect(invalidated(queryClient, HISTORY('13'))).toBe(false);
    expect(invalidated(queryClient, OTHER)).toBe(false);
  });

  it("a credit decided or requested elsewhere reloads the menu's count of pending credits", () => {
    const pending: QueryKey = [
      'adjustments',
      'getList',
      { filter: { status: 'pending' }, meta: { unpaged: true, query: { limit: 1 } } },
    ];
    for (const type of ['updated', 'created'] as const) {
      const queryClient = new QueryClient();
      queryClient.setQueryData(pending, { data: [{ id: '3' }], total: 2 });
      queryClient.setQueryData(OTHER, { loaded: true });
      refreshResource(queryClient, 'adjustments', changes(type, '7'));
      expect(invalidated(queryClient, pending)).toBe(true);
      expect(invalidated(queryClient, OTHER)).toBe(false);
    }
  });

  it('reloads on an edit only the lists that show the record or filter (it may enter or leave them)', () => {
    const page = (ids: string[]) => ({ data: ids.map((id) => ({ id })), total: 40 });
    const showing = ['users', 'getList', { pagination: { page: 1, perPage: 20 }, filter: {} }];
    const elsewhere = ['users', 'getList', { pagination: { page: 2, perPage: 20 }, filter: {} }];
    const searched = [
      'users',
      'getList',
      { pagination: { page: 1, perPage: 20 }, filter: { q: 'ann' } },
    ];
    const queryClient = new QueryClient();
    queryClient.setQueryData(showing, page(['u1', 'u2']));
    queryClient.setQueryData(elsewhere, page(['u3', 'u4']));
    queryClient.setQueryData(searched, page(['u5']));

    refreshResource(queryClient, 'users', changes('updated', 'u2'));
    expect(invalidated(queryClient, showing)).toBe(true);
    expect(invalidated(queryClient, elsewhere)).toBe(false);
    expect(invalidated(queryClient, searched)).toBe(true);

    refreshResource(queryClient, 'users', changes('created', 'u9'));
    expect(invalidated(queryClient, elsewhere)).toBe(true);
  });

  it('leaves a record open in an edit form alone', () => {
    const queryClient = clientWith([ONE('12')]);
    const form = renderHook(() => useEditingRecord('withdrawals', '12'));
    refreshResource(queryClient, 'withdrawals', changes('updated', '12'));
    expect(invalidated(queryClient, ONE('12'))).toBe(false);

    form.unmount();
    refreshResource(queryClient, 'withdrawals', changes('updated', '12'));
    expect(invalidated(queryClient, ONE('12'))).toBe(true);
  });

  it('does not reload the lists on new records while a list holds them behind its chip', () => {
    const queryClient = clientWith([LIST]);
    const chip = renderHook(() => useHoldNewRecords('withdrawals'));
    refreshResource(queryClient, 'withdrawals', changes('created', '14'));
    expect(invalidated(queryClient, LIST)).toBe(false);
    // a change of a shown row still reloads them
    refreshResource(queryClient, 'withdrawals', changes('updated', '12'));
    expect(invalidated(queryClient, LIST)).toBe(true);

    chip.unmount();
    const again = clientWith([LIST]);
    refreshResource(again, 'withdrawals', changes('created', '14'));
    expect(invalidated(again, LIST)).toBe(true);
  });
});

describe('what the endpoint table routes (live topics and summaries)', () => {
  it("a bot's change reloads the bots' summary, which summarises them", () => {
    const summary: QueryKey = ['bot-summary', 'getOne', { id: 'bot-summary' }];
    const queryClient = clientWith([summary, ONE('12')]);
    refreshResource(queryClient, 'bots', changes('updated', 'BOT-1'));
    expect(invalidated(queryClient, summary)).toBe(true);
    expect(invalidated(queryClient, ONE('12'))).toBe(false);
  });

  it("a deck's change (topic decks) reloads the day lists and that day, not one being edited", () => {
    const days: QueryKey = [
      'unity-decks',
      'getList',
      { filter: { from: '2026-01-01', to: '2026-01-14' }, meta: { unpaged: true } },
    ];
    const day = (dateKey: string): QueryKey => ['unity-decks', 'getOne', { id: dateKey }];
    const queryClient = clientWith([days, day('2026-01-03'), day('2026-01-04')]);
    refreshResource(queryClient, 'decks', changes('updated', '2026-01-03'));
    expect(invalidated(queryClient, days)).toBe(true);
    expect(invalidated(queryClient, day('2026-01-03'))).toBe(true);
    expect(invalidated(queryClient, day('2026-01-04'))).toBe(false);

    const edits = clientWith([day('2026-01-04')]);
    renderHook(() => useEditingRecord('unity-decks', '2026-01-04'));
    refreshResource(edits, 'decks', changes('updated', '2026-01-04'));
    expect(invalidated(edits, day('2026-01-04'))).toBe(false);
  });

  it("a stats event reloads the dashboard's figures, nothing else", () => {
    const summary: QueryKey = ['stats-summary', 'getOne', { id: 'stats-summary' }];
    const chart: QueryKey = ['users-over-time', 'getOne', { id: 'week' }];
    const queryClient = clientWith([summary, chart, LIST]);
    refreshStats(queryClient);
    expect(invalidated(queryClient, summary)).toBe(true);
    expect(invalidated(queryClient, chart)).toBe(true);
    expect(invalidated(queryClient, LIST)).toBe(false);
  });

  it("routes by the table it is given: a line's topic and what it summarises", () => {
    const table: Endpoints = {
      reviews: { live: { topic: 'feedback' } },
      'review-stars': { singleton: true, live: { summarises: ['feedback'] } },
    };
    const reviews: QueryKey = ['reviews', 'getList', {}];
    const stars: QueryKey = ['review-stars', 'getOne', { id: 'review-stars' }];
    const queryClient = clientWith([reviews, stars, OTHER]);
    refreshResource(queryClient, 'feedback', changes('created', 'r1'), table);
    expect(invalidated(queryClient, reviews)).toBe(true);
    expect(invalidated(queryClient, stars)).toBe(true);
    expect(invalidated(queryClient, OTHER)).toBe(false);
  });
});

describe('after a gap (refreshAfterGap)', () => {
  it('reloads everything but the records in edit forms and the settings forms', () => {
    const queryClient = clientWith([LIST, ONE('12'), ONE('13'), OTHER, SETTINGS]);
    renderHook(() => useEditingRecord('withdrawals', '13'));
    refreshAfterGap(queryClient);
    expect(invalidated(queryClient, LIST)).toBe(true);
    expect(invalidated(queryClient, ONE('12'))).toBe(true);
    expect(invalidated(queryClient, OTHER)).toBe(true);
    expect(invalidated(queryClient, ONE('13'))).toBe(false);
    expect(invalidated(queryClient, SETTINGS)).toBe(false);
  });
});
