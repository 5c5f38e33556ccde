import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOT_AN_ADMIN, SESSION_ENDED } from '../authProvider';
import { makeBot } from '../resources/bots/testing';
import { getToken } from '../storage';
import { callsTo, type FakeResponse, listOf, networkError, reply } from '../test/fakeFetch';
import { renderAdmin } from '../test/renderAdmin';

const PING = '/api/admin/ping';
const bots = [makeBot({ botId: 'BOT-ACE', nickname: 'AceBot' })];

/** The bots list, with an admin ping whose answer the test changes as the server would. */
const renderBots = () => {
  let ping: FakeResponse | typeof networkError = reply(200, { ok: true });
  const view = renderAdmin({
    entries: ['/bots'],
    routes: {
      [`GET ${PING}`]: () => {
        if (ping === networkError) throw new TypeError('Failed to fetch');
        return ping;
      },
      'GET /api/admin/bots': () => listOf(bots),
      'POST /api/auth/logout': reply(401, { error: 'Session expired or revoked' }),
    },
  });
  return {
    ...view,
    answerPing: (answer: FakeResponse | typeof networkError) => {
      ping = answer;
    },
  };
};

const indicator = () => screen.getByRole('status', { name: 'Live updates' });
/** The list's first render loads its screen lazily: slow on a busy machine. */
const listShown = () => screen.findByRole('cell', { name: 'AceBot' }, { timeout: 15_000 });

describe('a session ended elsewhere (SessionCheck)', () => {
  it('closes the live stream, and the console goes to the sign-in page saying so, without a click', async () => {
    const { liveStream, answerPing, requests } = renderBots();
    await listShown();
    await liveStream.connected();
    await waitFor(() => expect(indicator()).toHaveTextContent('Live'));
    const pings = callsTo(requests, 'GET', PING).length;

    // Ended from another browser: the server closes the stream and refuses it from then on.
    answerPing(reply(401, { error: 'Session expired or revoked', code: 'unauthorized' }));
    liveStream.refuseWith(401);
    liveStream.drop();

    expect(await screen.findByText(SESSION_ENDED, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(callsTo(requests, 'GET', PING).length).toBeGreaterThan(pings);
    // the note alone: not the server's error as a toast besides
    expect(screen.queryByText('Session expired or revoked')).not.toBeInTheDocument();
  });

  it('an admin no longer an admin goes to the sign-in page, which says why', async () => {
    const { liveStream, answerPing } = renderBots();
    await listShown();
    await liveStream.connected();

    answerPing(reply(403, { error: 'Admins only', code: 'forbidden' }));
    liveStream.refuseWith(403);
    liveStream.drop();

    expect(await screen.findByText(NOT_AN_ADMIN, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('a stream lost to the network only reconnects: the admin stays on the page, signed in', async () => {
    const { liveStream, answerPing } = renderBots();
    await listShown();
    await liveStream.connected();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select AceBot' }));

    answerPing(networkError);
    liveStream.refuseWith(503);
    liveStream.drop();
    await waitFor(() => expect(indicator()).toHaveTextContent('Reconnecting…'));
    // back to the tab while the server is away: react-admin checks the session again
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    await waitFor(() => expect(liveStream.attempts).toBeGreaterThan(2), { timeout: 6_000 });

    expect(getToken()).toBe('tok-test');
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select AceBot' })).toBeChecked();

    answerPing(reply(200, { ok: true }));
    liveStream.refuseWith(null);
    await waitFor(() => expect(indicator()).toHaveTextContent('Live'), { timeout: 6_000 });
    expect(screen.getByRole('checkbox', { name: 'Select AceBot' })).toBeChecked();
  });
});
