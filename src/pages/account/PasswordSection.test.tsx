import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { getToken } from '../../storage';
import { callsTo, gated, reply } from '../../test/fakeFetch';
import { PASSWORD_CHANGED } from './PasswordSection';
import { PHONE, pageReady, renderAccount, section, THIS_DEVICE } from './testing';

const URL = '/api/auth/password';

const field = (name: string) => section('Password').getByLabelText(name, { selector: 'input' });
const changeButton = () =>
  section('Password').getByRole('button', { name: /^(Change password|Changing…)$/ });

/** Fills the three fields (those given) and sends the form. */
const change = async (
  user: ReturnType<typeof userEvent.setup>,
  values: { current?: string; next?: string; confirm?: string },
) => {
  if (values.current) await user.type(field('Current password'), values.current);
  if (values.next) await user.type(field('New password'), values.next);
  if (values.confirm) await user.type(field('Confirm new password'), values.confirm);
  await user.click(changeButton());
};

describe('My account: password', () => {
  it('changes the password, says the other sessions ended, clears the fields and reloads the sessions', async () => {
    const user = userEvent.setup();
    let sessions = [THIS_DEVICE, PHONE];
    const { route, open } = gated(() => {
      sessions = [THIS_DEVICE];
      return reply(200, { ok: true });
    });
    const { requests } = renderAccount({
      [`POST ${URL}`]: route,
      'GET /api/auth/sessions': () => reply(200, { data: sessions }),
    });
    await pageReady();
    expect(await section('Sessions').findByText('Safari 18 on iOS')).toBeVisible();

    await change(user, { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });
    expect(changeButton()).toHaveTextContent('Changing…');
    expect(changeButton()).toBeDisabled();
    open();

    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(callsTo(requests, 'POST', URL).map((r) => r.body)).toEqual([
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
    ]);
    expect(field('Current password')).toHaveValue('');
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
    expect(changeButton()).toHaveTextContent('Change password');
    await waitFor(() =>
      expect(section('Sessions').queryByText('Safari 18 on iOS')).not.toBeInTheDocument(),
    );
  });

  it("checks before sending: 'Min 6 chars', then 'Passwords do not match', focusing the field", async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount();
    await pageReady();

    await change(user, { current: 'old-secret', next: '12345', confirm: '12345' });
    expect(field('New password')).toHaveAccessibleDescription('Min 6 chars');
    expect(field('New password')).toHaveFocus();

    await user.type(field('New password'), '6');
    await user.click(changeButton());
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(field('Confirm new password')).toHaveFocus();
    expect(callsTo(requests, 'POST', URL)).toHaveLength(0);
  });

  it('shows and hides what is typed', async () => {
    const user = userEvent.setup();
    renderAccount();
    await pageReady();
    expect(field('New password')).toHaveAttribute('type', 'password');
    await user.click(section('Password').getByRole('button', { name: 'Show new password' }));
    expect(field('New password')).toHaveAttribute('type', 'text');
    await user.click(section('Password').getByRole('button', { name: 'Hide new password' }));
    expect(field('New password')).toHaveAttribute('type', 'password');
  });

  // A 401 with `wrong_password` refuses what was typed: the session stays (authProvider.checkError).
  it("puts 'Current password is incorrect' on its field, still signed in", async () => {
    const user = userEvent.setup();
    renderAccount({
      [`POST ${URL}`]: reply(401, {
        error: CURRENT_PASSWORD_INCORRECT,
        code: 'wrong_password',
        fields: { currentPassword: CURRENT_PASSWORD_INCORRECT },
      }),
    });
    await pageReady();
    await change(user, { current: 'not-it', next: 'new-secret', confirm: 'new-secret' });

    await waitFor(() =>
      expect(field('Current password')).toHaveAccessibleDescription(CURRENT_PASSWORD_INCORRECT),
    );
    expect(field('Current password')).toHaveFocus();
    expect(field('New password')).toHaveValue('new-secret');
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
    expect(getToken()).toBe('tok-test');
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  });

  it("shows the server's message for too many attempts, keeping what was typed", async () => {
    const user = userEvent.setup();
    const tooMany = 'Too many attempts. Try again in 60 seconds.';
    renderAccount({ [`POST ${URL}`]: reply(429, { error: tooMany, code: 'rate_limited' }) });
    await pageReady();
    await change(user, { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });

    expect(await section('Password').findByRole('alert')).toHaveTextContent(tooMany);
    expect(field('Current password')).toHaveValue('old-secret');
  });
});
