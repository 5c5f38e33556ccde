import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TWO_STEP_REQUIRED } from '../../../contract/two-step';
import { config } from '../../config';
import { reply } from '../../test/fakeFetch';
import { meHolding } from '../../test/renderAdmin';
import { MANAGED_BY_PROVIDER } from './ProfileSection';
import { accountCalls, pageReady, renderAccount, section } from './testing';

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('My account', () => {
  afterEach(() => {
    config.authMode = 'password';
  });

  it('opens for an admin holding no permission, titled, with the profile and every section', async () => {
    renderAccount();
    await pageReady();
    expect(fact('Username')).toBe('tester');
    expect(fact('Email')).toBe('tester@example.com');
    for (const name of ['Profile', 'Password', 'Two-step sign-in', 'Sessions']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(screen.queryByText(MANAGED_BY_PROVIDER)).not.toBeInTheDocument();
    expect(screen.queryByText(TWO_STEP_REQUIRED)).not.toBeInTheDocument();
    // reached from the user menu, not the sidebar
    expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My account · Rewards Admin'));
  });

  it('says when the profile cannot be loaded, and loads it again on Retry', async () => {
    let fail = true;
    renderAccount({
      'GET /api/auth/me': () =>
        fail ? reply(500, { error: 'Database unavailable' }) : reply(200, meHolding([])),
    });
    // (the sign-in check's own read of me failing is not a sign-out)
    const profile = within(await screen.findByRole('region', { name: 'Profile' }));
    const alert = await profile.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading your profile');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.setup().click(profile.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('tester@example.com')).toBeVisible();
  });

  it('behind a sign-on proxy: who the proxy signed in and that it manages two-step sign-in, nothing else', async () => {
    config.authMode = 'proxy';
    const { requests } = renderAccount();
    await pageReady();
    expect(fact('Username')).toBe('tester');
    expect(screen.getByText(MANAGED_BY_PROVIDER)).toBeVisible();
    for (const name of ['Password', 'Two-step sign-in', 'Sessions']) {
      expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(accountCalls(requests)).toEqual([]);
  });

  it('under REQUIRE_2FA says two-step sign-in must be set up first', async () => {
    renderAccount({
      'GET /api/admin/ping': reply(403, { error: TWO_STEP_REQUIRED, code: 'two_step_required' }),
      'GET /api/auth/me': reply(200, { ...meHolding([]), twoStepSetupRequired: true }),
    });
    await pageReady();
    expect(screen.getByText(TWO_STEP_REQUIRED)).toBeVisible();
    expect(
      section('Two-step sign-in').getByRole('button', { name: 'Set up two-step sign-in' }),
    ).toBeVisible();
  });
});
