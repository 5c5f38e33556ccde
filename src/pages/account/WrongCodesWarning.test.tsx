import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TwoStepWarning } from '../../../contract/two-step';
import { formatDateTime } from '../../format';
import { setStoredUser } from '../../storage';
import { callsTo, reply } from '../../test/fakeFetch';
import { meHolding, renderAdmin } from '../../test/renderAdmin';
import { pageReady, renderAccount, TWO_STEP_ON } from './testing';

const WARNING: TwoStepWarning = {
  firstAt: '2026-03-04T10:00:00.000Z',
  lastAt: '2026-03-04T10:05:00.000Z',
  ip: '198.51.100.23',
  wrongCodes: 7,
};

const TEXT = `7 wrong two-step codes were entered after your correct password, the latest on ${formatDateTime(WARNING.lastAt)} from 198.51.100.23. If it was not you, change your password.`;

/** The signed-in tester, with two-step sign-in on (or off), stored as signing in stores them. */
const me = (twoStep = true) => {
  const answer = meHolding(['*']);
  setStoredUser({ userId: answer.user.userId, username: answer.user.username, twoStep });
  return reply(200, { ...answer, user: { ...answer.user, twoStep } });
};

/** The warning as the server keeps it: until dismissed. */
const server = (warning: TwoStepWarning | null = WARNING) => {
  let now = warning;
  return {
    'GET /api/auth/me': me(),
    'GET /api/auth/2fa': reply(200, TWO_STEP_ON),
    'GET /api/auth/2fa/warning': () => reply(200, { warning: now }),
    'DELETE /api/auth/2fa/warning': () => {
      now = null;
      return reply(200, { ok: true });
    },
  };
};

const warningAlert = () =>
  screen.findByText('Someone may know your password').then((title) => {
    const alert = title.closest('[role="alert"]');
    if (!(alert instanceof HTMLElement)) throw new Error('the warning is no alert');
    return alert;
  });

describe('the warning about wrong two-step codes', () => {
  it('shows on My account with the time and address; Change password goes to the form', async () => {
    const user = userEvent.setup();
    renderAccount(server());
    await pageReady();
    const alert = await warningAlert();
    expect(alert).toHaveTextContent(TEXT);

    await user.click(within(alert).getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change password' });
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
  });

  it('is dismissed for good: asked of the server, gone from the page', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount(server());
    await pageReady();
    const alert = await warningAlert();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Someone may know your password')).not.toBeInTheDocument(),
    );
    expect(callsTo(requests, 'DELETE', '/api/auth/2fa/warning')).toHaveLength(1);
  });

  it('shows on the first page after signing in, and leads to My account’s password form', async () => {
    const user = userEvent.setup();
    renderAdmin({ entries: ['/'], routes: server() });
    const alert = await warningAlert();
    expect(alert).toHaveTextContent(TEXT);
    await user.click(within(alert).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveFocus());
    // Once, on My account: not a second time above the page.
    expect(screen.getAllByText('Someone may know your password')).toHaveLength(1);
  });

  it('shows nothing when there is no warning', async () => {
    const { requests } = renderAccount(server(null));
    await pageReady();
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/auth/2fa/warning')).toHaveLength(1));
    expect(screen.queryByText('Someone may know your password')).not.toBeInTheDocument();
  });

  it('is not asked for an admin without two-step sign-in (no code of theirs to guess)', async () => {
    const { requests } = renderAccount({ ...server(), 'GET /api/auth/me': me(false) });
    await pageReady();
    // The two-step section has loaded: the page has made its requests.
    expect(await screen.findByText('Two-step sign-in is on.')).toBeVisible();
    expect(callsTo(requests, 'GET', '/api/auth/2fa/warning')).toHaveLength(0);
    expect(screen.queryByText('Someone may know your password')).not.toBeInTheDocument();
  });
});
