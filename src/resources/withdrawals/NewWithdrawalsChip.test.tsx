import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../contract/withdrawals';
import { BATCH_MS } from '../../live/changeBatch';
import { live } from '../../live/connection';
import { callsTo, type FakeLiveStream, type RecordedRequest, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal, listOf } from './testing';

const LIST = '/api/admin/withdrawals';

const older = aWithdrawal({ _id: 'w1' });
const newer = (id: string, username: string) =>
  aWithdrawal({
    _id: id,
    userId: `USR-${id}`,
    user: { username, email: `${username}@example.com`, status: 'active' },
  });
const bob = newer('w8', 'bob');
const carol = newer('w9', 'carol');

/** The list answers `pages[n]` to its n-th load (the last one from then on). */
const renderList = (pages: { items: Withdrawal[]; total?: number }[]) => {
  let loads = 0;
  const view = renderAdmin({
    entries: ['/withdrawals'],
    routes: {
      [`GET ${LIST}`]: () => {
        const { items, total } = pages[Math.min(loads, pages.length - 1)] ?? { items: [] };
        loads += 1;
        return reply(200, listOf(items, total ?? items.length));
      },
    },
  });
  return view;
};

const listLoads = (requests: RecordedRequest[]) => callsTo(requests, 'GET', LIST).length;

const created = (liveStream: FakeLiveStream, ...ids: string[]) =>
  liveStream.emit('resource', { topic: 'resource/withdrawals', type: 'created', ids });

const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

/** The list shown, its stream open. */
const listShown = async (liveStream: FakeLiveStream) => {
  await screen.findByText('alice');
  await liveStream.connected();
};

describe("The withdrawals list's 'N new' chip", () => {
  it('counts the withdrawals created since the rows were loaded, each once, without moving the rows', async () => {
    const { liveStream, requests } = renderList([{ items: [older] }]);
    await listShown(liveStream);
    expect(screen.queryByRole('button', { name: /new$/ })).not.toBeInTheDocument();

    created(liveStream, 'w8');
    expect(await screen.findByRole('button', { name: '1 new' })).toBeInTheDocument();
    created(liveStream, 'w8', 'w9');
    expect(await screen.findByRole('button', { name: '2 new' })).toBeInTheDocument();
    created(liveStream, 'w9');
    created(liveStream, 'w10');
    expect(await screen.findByRole('button', { name: '3 new' })).toBeInTheDocument();

    // held back: well after the live refresh handled the burst, the rows are those loaded first
    await new Promise((resolve) => setTimeout(resolve, 3 * BATCH_MS));
    expect(listLoads(requests)).toBe(1);
    expect(dataRows()).toHaveLength(1);
  });

  it('reloads the list when clicked, showing them, and goes away', async () => {
    const user = userEvent.setup();
    const { liveStream, requests } = renderList([
      { items: [older] },
      { items: [carol, bob, older] },
    ]);
    await listShown(liveStream);

    created(liveStream, 'w8', 'w9');
    await user.click(await screen.findByRole('button', { name: '2 new' }));

    expect(await screen.findByText('bob')).toBeInTheDocument();
    expect(screen.getByText('carol')).toBeInTheDocument();
    expect(listLoads(requests)).toBe(2);
    expect(screen.queryByRole('button', { name: /new$/ })).not.toBeInTheDocument();
  });

  it('reloads with the keyboard too (Enter)', async () => {
    const user = userEvent.setup();
    const { liveStream, requests } = renderList([{ items: [older] }, { items: [bob, older] }]);
    await listShown(liveStream);

    created(liveStream, 'w8');
    (await screen.findByRole('button', { name: '1 new' })).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('bob')).toBeInTheDocument();
    expect(listLoads(requests)).toBe(2);
    expect(screen.queryByRole('button', { name: '1 new' })).not.toBeInTheDocument();
  });

  it('goes away when another page is loaded', async () => {
    const user = userEvent.setup();
    const { liveStream } = renderList([
      { items: [older], total: 40 },
      { items: [carol], total: 41 },
    ]);
    await listShown(liveStream);

    created(liveStream, 'w8');
    await screen.findByRole('button', { name: '1 new' });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('carol')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1 new' })).not.toBeInTheDocument();
  });

  it('goes away when the list is loaded again after a change', async () => {
    const { liveStream } = renderList([{ items: [older] }, { items: [bob, older] }]);
    await listShown(liveStream);

    created(liveStream, 'w8');
    await screen.findByRole('button', { name: '1 new' });
    // a row shown changed elsewhere: the live refresh loads the list, new rows included
    liveStream.emit('resource', { topic: 'resource/withdrawals', type: 'updated', ids: ['w1'] });

    expect(await screen.findByText('bob')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '1 new' })).not.toBeInTheDocument(),
    );
  });

  it('does not count withdrawals a status filter other than pending would not show', async () => {
    const user = userEvent.setup();
    const approved = aWithdrawal({ _id: 'w1', status: 'approved' });
    const { liveStream, requests } = renderList([{ items: [older] }, { items: [approved] }]);
    await listShown(liveStream);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(listLoads(requests)).toBe(2));
    expect(await within(screen.getByRole('table')).findByText('approved')).toBeInTheDocument();

    // heard by the console (its subscribers are called in turn) before the chip is looked for
    let heard: () => void = () => {};
    const hearing = new Promise<void>((resolve) => (heard = resolve));
    const listener = () => heard();
    live.subscribe('resource/withdrawals', listener);
    created(liveStream, 'w8');
    await hearing;
    live.unsubscribe('resource/withdrawals', listener);
    await act(async () => {});

    expect(screen.queryByRole('button', { name: /new$/ })).not.toBeInTheDocument();
  });
});
