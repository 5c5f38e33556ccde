import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSession } from '../../../contract/account';
import { formatDateTime } from '../../format';
import { callsTo, gated, reply } from '../../test/fakeFetch';
import { LAPTOP, PHONE, pageReady, renderAccount, section, THIS_DEVICE } from './testing';

const sessions = () => section('Sessions');
const rowOf = (text: string) => sessions().getByText(text).closest('tr') as HTMLElement;
const endOthers = () => sessions().getByRole('button', { name: 'Sign out everywhere else' });

/** The sessions as the server keeps them: ending removes them. */
const server = (initial: AccountSession[]) => {
  let open = initial;
  return {
    'GET /api/auth/sessions': () => reply(200, { data: open }),
    'DELETE /api/auth/sessions': () => {
      const ended = open.filter((s) => !s.current).length;
      open = open.filter((s) => s.current);
      return reply(200, { ok: true, ended });
    },
    'DELETE /api/auth/sessions/12': () => {
      open = open.filter((s) => s.id !== '12');
      return reply(200, { ok: true, ended: 1 });
    },
  };
};

describe('My account: sessions', () => {
  it('lists each session: browser, address, started, last seen, when it expires if idle, and This device', async () => {
    const { route, open } = gated(reply(200, { data: [THIS_DEVICE, PHONE, LAPTOP] }));
    renderAccount({ 'GET /api/auth/sessions': route });
    await pageReady();
    expect(sessions().getByRole('status')).toHaveTextContent('Loading sessions…');
    open();

    const table = await sessions().findByRole('table', { name: 'Your sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Browser', 'Address', 'Started', 'Last seen', 'Expires if idle', 'Actions']);
    const current = rowOf('Chrome 131 on Linux');
    expect(within(current).getByText('This device')).toBeVisible();
    expect(within(current).getByText('203.0.113.7')).toBeVisible();
    expect(within(current).getByText(formatDateTime(THIS_DEVICE.createdAt))).toBeVisible();
    expect(within(current).getByText(formatDateTime(THIS_DEVICE.lastSeenAt))).toBeVisible();
    expect(within(current).getByText(formatDateTime(THIS_DEVICE.expiresAt))).toBeVisible();
    expect(within(current).queryByRole('button', { name: /^End session/ })).not.toBeInTheDocument();

    const phone = rowOf('Safari 18 on iOS');
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();
    expect(
      within(phone).getByRole('button', { name: 'End session: Safari 18 on iOS, 198.51.100.4' }),
    ).toBeVisible();
    const laptop = rowOf('Unknown browser');
    expect(within(laptop).getByText('-')).toBeVisible();
    expect(endOthers()).toBeEnabled();
  });

  it('ends another session after asking, then lists the rest', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server([THIS_DEVICE, PHONE, LAPTOP]));
    await pageReady();
    await sessions().findByText('Safari 18 on iOS');

    await user.click(
      within(rowOf('Safari 18 on iOS')).getByRole('button', { name: /^End session/ }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'DELETE', '/api/auth/sessions/12')).toHaveLength(0);

    await user.click(
      within(rowOf('Safari 18 on iOS')).getByRole('button', { name: /^End session/ }),
    );
    dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    await waitFor(() => expect(sessions().queryByText('Safari 18 on iOS')).not.toBeInTheDocument());
    expect(sessions().getByText('Unknown browser')).toBeVisible();
    expect(callsTo(requests, 'DELETE', '/api/auth/sessions/12')).toHaveLength(1);
  });

  it('signs out everywhere else after asking, then only this device is left', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server([THIS_DEVICE, PHONE, LAPTOP]));
    await pageReady();
    await sessions().findByText('Safari 18 on iOS');

    await user.click(endOthers());
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText('Signed out of 2 other sessions')).toBeInTheDocument();
    await waitFor(() => expect(sessions().getAllByRole('row')).toHaveLength(2));
    expect(sessions().getByText('This device')).toBeVisible();
    expect(endOthers()).toBeDisabled();
    expect(callsTo(requests, 'DELETE', '/api/auth/sessions')).toHaveLength(1);
  });

  it('says when ending fails (the session ended already), and lists what is left', async () => {
    const user = userEvent.setup();
    let listed = [THIS_DEVICE, PHONE];
    renderAccount({
      'GET /api/auth/sessions': () => reply(200, { data: listed }),
      'DELETE /api/auth/sessions/12': () => {
        listed = [THIS_DEVICE];
        return reply(404, { error: 'No such session of yours is open', code: 'not_found' });
      },
    });
    await pageReady();
    await user.click(
      within(
        await sessions()
          .findByText('Safari 18 on iOS')
          .then((cell) => cell.closest('tr') as HTMLElement),
      ).getByRole('button', { name: /^End session/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    const alert = await screen.findByText('Error ending session');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('No such session of yours is open');
    await waitFor(() => expect(sessions().queryByText('Safari 18 on iOS')).not.toBeInTheDocument());
  });

  it('disables Sign out everywhere else when this is the only session', async () => {
    renderAccount({ 'GET /api/auth/sessions': reply(200, { data: [THIS_DEVICE] }) });
    await pageReady();
    await sessions().findByText('This device');
    expect(endOthers()).toBeDisabled();
  });

  it('says when there is no session to show', async () => {
    renderAccount({ 'GET /api/auth/sessions': reply(200, { data: [] }) });
    await pageReady();
    expect(await sessions().findByText('No sessions')).toBeVisible();
  });

  it('says when the sessions cannot be loaded, and loads them again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderAccount({
      'GET /api/auth/sessions': () =>
        fail ? reply(500, { error: 'Database unavailable' }) : reply(200, { data: [THIS_DEVICE] }),
    });
    await pageReady();
    const alert = await sessions().findByRole('alert');
    expect(alert).toHaveTextContent('Error loading sessions');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await sessions().findByText('This device')).toBeVisible();
  });
});
