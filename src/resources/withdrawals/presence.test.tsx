import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alsoViewing, PRESENCE_INTERVAL_MS, type Viewer } from '../../../contract/live';
import { callsTo, type FakeRoute, gated, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal } from './testing';

// The signed-in test admin (renderAdmin's me answer).
const ME: Viewer = { adminId: 'id-ADM-1', username: 'tester' };
const BOB: Viewer = { adminId: 'id-ADM-7', username: 'bob' };
const OLGA: Viewer = { adminId: 'id-ADM-9', username: 'olga' };

const PRESENCE = '/api/admin/presence';

const renderDetail = (
  viewers: Viewer[] | FakeRoute,
  entries = ['/withdrawals', '/withdrawals/w1'],
) =>
  renderAdmin({
    entries,
    routes: {
      'GET /api/admin/withdrawals/w1': reply(200, aWithdrawal({ _id: 'w1' })),
      'GET /api/admin/withdrawals': reply(200, { items: [], total: 0, page: 1, limit: 20 }),
      'GET /api/admin/audit': reply(200, { items: [], total: 0, page: 1, limit: 10 }),
      [`PUT ${PRESENCE}`]: typeof viewers === 'function' ? viewers : reply(200, { viewers }),
      [`DELETE ${PRESENCE}`]: reply(200, { ok: true }),
    },
  });

/** The requests wait on real timers: RTL's waitFor would poll with a faked setInterval. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 4000 });

/** The page asks again who is here once the tab's stream is up: wait for that to settle. */
const settled = async (requests: Parameters<typeof callsTo>[0]) => {
  await screen.findByRole('status', { name: 'Live updates' });
  await eventually(() =>
    expect(screen.getByRole('status', { name: 'Live updates' })).toHaveTextContent('Live'),
  );
  await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE).length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return callsTo(requests, 'PUT', PRESENCE).length;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Presence on a withdrawal', () => {
  it('announces the page at once and at every beat while it is open', async () => {
    // only the beat is faked: react-admin and the test's waits keep their timeouts
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { requests } = renderDetail([ME]);

    await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE).length).toBeGreaterThan(0));
    expect(callsTo(requests, 'PUT', PRESENCE)[0]?.body).toEqual({
      resource: 'withdrawals',
      id: 'w1',
    });
    await screen.findByText('paypal_10');
    const before = await settled(requests);

    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(before + 1));
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(before + 2));
    expect(callsTo(requests, 'DELETE', PRESENCE)).toHaveLength(0);
  });

  it('names every other admin viewing it, and not the signed-in one', async () => {
    renderDetail([OLGA, ME, BOB]);

    expect(await screen.findByText(alsoViewing('olga'))).toBeInTheDocument();
    expect(screen.getByText(alsoViewing('bob'))).toBeInTheDocument();
    expect(screen.getByText('olga is also viewing this withdrawal')).toBeInTheDocument();
    expect(screen.queryByText(alsoViewing('tester'))).not.toBeInTheDocument();
    // near the decision buttons
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('says nothing when the admin is alone on it', async () => {
    const { requests } = renderDetail([ME]);

    await screen.findByText('paypal_10');
    await settled(requests);
    expect(screen.queryByText(/is also viewing this withdrawal/)).not.toBeInTheDocument();
  });

  it('follows who views it as the stream tells: a line appears, then goes', async () => {
    const { liveStream } = renderDetail([ME]);
    await screen.findByText('paypal_10');
    await liveStream.connected();
    const change = (viewers: Viewer[]) =>
      liveStream.emit('presence', {
        topic: 'presence/withdrawals/w1',
        resource: 'withdrawals',
        id: 'w1',
        viewers,
      });

    change([BOB, ME]);
    expect(await screen.findByText(alsoViewing('bob'))).toBeInTheDocument();
    change([BOB, ME, OLGA]);
    expect(await screen.findByText(alsoViewing('olga'))).toBeInTheDocument();
    change([ME, OLGA]);
    await waitFor(() => expect(screen.queryByText(alsoViewing('bob'))).not.toBeInTheDocument());
    expect(screen.getByText(alsoViewing('olga'))).toBeInTheDocument();
    change([ME]);
    await waitFor(() =>
      expect(screen.queryByText(/is also viewing this withdrawal/)).not.toBeInTheDocument(),
    );
  });

  it('an answer read before an admin left does not bring them back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // the beat's announcement is answered only after bob's leave was heard on the stream
    let held: ReturnType<typeof gated> | undefined;
    const { requests, liveStream } = renderDetail((request) =>
      held ? held.route(request) : reply(200, { viewers: [ME, BOB] }),
    );
    expect(await screen.findByText(alsoViewing('bob'))).toBeInTheDocument();
    const arrivals = await settled(requests);
    await liveStream.connected();

    held = gated(reply(200, { viewers: [ME, BOB] }));
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(arrivals + 1));
    liveStream.emit('presence', {
      topic: 'presence/withdrawals/w1',
      resource: 'withdrawals',
      id: 'w1',
      viewers: [ME],
    });
    await waitFor(() => expect(screen.queryByText(alsoViewing('bob'))).not.toBeInTheDocument());
    const answered = held;
    held = undefined;
    answered.open();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(alsoViewing('bob'))).not.toBeInTheDocument();

    // the next beat, heard after nothing else, says who is there
    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    expect(await screen.findByText(alsoViewing('bob'))).toBeInTheDocument();
  });

  it('keeps a failed announcement silent and tries again at the next beat', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let failing = true;
    const { requests } = renderDetail(() =>
      failing
        ? reply(500, { error: 'Boom', code: 'internal' })
        : reply(200, { viewers: [ME, BOB] }),
    );

    await screen.findByText('paypal_10');
    await settled(requests);
    failing = false;
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PRESENCE_INTERVAL_MS));
    expect(await screen.findByText(alsoViewing('bob'))).toBeInTheDocument();
  });

  it('says it left when the admin leaves the page, and stops announcing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    const { requests } = renderDetail([ME, BOB]);
    await screen.findByText(alsoViewing('bob'));
    const arrivals = await settled(requests);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('No withdrawals found');
    await eventually(() => expect(callsTo(requests, 'DELETE', PRESENCE)).toHaveLength(1));
    const left = new URL(callsTo(requests, 'DELETE', PRESENCE)[0]?.url ?? '');
    expect(Object.fromEntries(left.searchParams)).toEqual({ resource: 'withdrawals', id: 'w1' });

    act(() => vi.advanceTimersByTime(2 * PRESENCE_INTERVAL_MS));
    expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(arrivals);
  });

  it('says it left again once the server is back, when the server was down as it left', async () => {
    const user = userEvent.setup();
    let down = false;
    const { requests, liveStream } = renderAdmin({
      entries: ['/withdrawals', '/withdrawals/w1'],
      routes: {
        'GET /api/admin/withdrawals/w1': reply(200, aWithdrawal({ _id: 'w1' })),
        'GET /api/admin/withdrawals': reply(200, { items: [], total: 0, page: 1, limit: 20 }),
        'GET /api/admin/audit': reply(200, { items: [], total: 0, page: 1, limit: 10 }),
        [`PUT ${PRESENCE}`]: reply(200, { viewers: [ME] }),
        [`DELETE ${PRESENCE}`]: () =>
          down ? Promise.reject(new TypeError('Failed to fetch')) : reply(200, { ok: true }),
      },
    });
    await screen.findByText('paypal_10');
    await settled(requests);

    down = true;
    liveStream.drop();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('No withdrawals found');
    await eventually(() => expect(callsTo(requests, 'DELETE', PRESENCE)).toHaveLength(1));

    down = false;
    // the stream comes back after its ~1 s retry: give a busy machine room
    await vi.waitFor(() => expect(callsTo(requests, 'DELETE', PRESENCE)).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(screen.getByRole('status', { name: 'Live updates' })).toHaveTextContent('Live');
    const left = new URL(callsTo(requests, 'DELETE', PRESENCE)[1]?.url ?? '');
    expect(Object.fromEntries(left.searchParams)).toEqual({ resource: 'withdrawals', id: 'w1' });
  });

  it('says it left as the tab goes away, and arrives again when the tab comes back', async () => {
    const { requests, fetchMock } = renderDetail([ME]);
    const arrivals = await settled(requests);

    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await eventually(() => expect(callsTo(requests, 'DELETE', PRESENCE)).toHaveLength(1));
    const init = fetchMock.mock.calls.find(([, options]) => options?.method === 'DELETE')?.[1];
    expect(init?.keepalive).toBe(true);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-test');

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await eventually(() => expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(arrivals + 1));
  });

  it('asks again who is here when its stream is back: arrivals meanwhile were not heard', async () => {
    let viewers = [ME];
    const { requests, liveStream } = renderDetail(() => reply(200, { viewers }));
    await screen.findByText('paypal_10');
    const arrivals = await settled(requests);

    liveStream.drop();
    await eventually(() =>
      expect(screen.getByRole('status', { name: 'Live updates' })).toHaveTextContent(
        'Reconnecting…',
      ),
    );
    viewers = [ME, BOB];
    expect(await screen.findByText(alsoViewing('bob'), {}, { timeout: 4000 })).toBeInTheDocument();
    expect(callsTo(requests, 'PUT', PRESENCE)).toHaveLength(arrivals + 1);
  });
});
