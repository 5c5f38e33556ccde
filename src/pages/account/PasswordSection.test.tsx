import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { ADMIN_PASSWORD_TEXTS as RULE } from '../../../contract/passwords';
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

  it('keeps one help text, the same when the field is in error', async () => {
    const user = userEvent.setup();
    renderAccount();
    await pageReady();
    expect(field('New password')).toHaveAccessibleDescription(RULE.help);

    await change(user, { current: 'old-secret', next: 'seven-7', confirm: 'seven-7' });
    expect(field('New password')).toHaveAccessibleDescription(`${RULE.tooShort} ${RULE.help}`);
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('New password'), 'x');
    expect(field('New password')).toHaveAccessibleDescription(RULE.help);
  });

  it('shows every bad field at once, sending nothing, and focuses the first', async () => {
    const user = userEvent.setup();
    const { requests } = renderAccount();
    await pageReady();

    await change(user, { next: 'seven-7', confirm: 'seven-8' });
    expect(field('Current password')).toHaveAccessibleDescription('Enter your current password');
    expect(field('New password')).toHaveAccessibleDescription(`${RULE.tooShort} ${RULE.help}`);
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(field('Current password')).toHaveFocus();

    await user.type(field('Current password'), 'old-secret');
    await user.click(field('New password'));
    await user.paste('x'.repeat(250));
    await user.click(changeButton());
    expect(field('New password')).toHaveAccessibleDescription(`${RULE.tooLong} ${RULE.help}`);
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(field('New password')).toHaveFocus();
    expect(callsTo(requests, 'POST', URL)).toHaveLength(0);
  });

  it("puts the server's refusal of the new password on its field", async () => {
    const user = userEvent.setup();
    renderAccount({
      [`POST ${URL}`]: reply(400, {
        error: RULE.tooCommon,
        code: 'invalid_input',
        fields: { newPassword: RULE.tooCommon },
      }),
    });
    await pageReady();
    await change(user, { current: 'old-secret', next: 'Password1', confirm: 'Password1' });

    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(`${RULE.tooCommon} ${RULE.help}`),
    );
    expect(field('New password')).toHaveFocus();
    expect(field('New password')).toHaveValue('Password1');
    expect(section('Password').queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_CHANGED)).not.toBeInTheDocument();
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
