import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contract/users';
import { expectHistoryOf, oneUpdateOf } from '../../components/timeline/testing';
import { reply } from '../../test/fakeFetch';
import { anAdjustment } from '../adjustments/testing';
import { apiCalls, detailOf, listOf, makeUser, renderUsers } from './testing';

const admin = makeUser({
  userId: 'USR-7',
  username: 'dora',
  email: 'dora@example.com',
  referredBy: null,
  referralCode: 'DORA77',
  adminRole: {
    enabled: true,
    roles: ['admin'],
    permissions: ['withdrawals:approve', 'users:edit'],
  },
});

const noMatches = { 'GET /api/admin/users/USR-7/matches': listOf([], 0, 1, 10) };

/** The value next to a label of the profile's description list. */
const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** A detail route whose user changes as the permission calls change it. */
const liveDetail = (initial: User) => {
  let user = initial;
  return {
    detail: () => detailOf(user),
    permissions: (request: { body: unknown }) => {
      const { grant = [], revoke = [] } = request.body as { grant?: string[]; revoke?: string[] };
      const permissions = [
        ...user.adminRole.permissions.filter((p) => !revoke.includes(p)),
        ...grant.map((p) => p.trim()).filter((p) => p && !user.adminRole.permissions.includes(p)),
      ];
      user = { ...user, adminRole: { ...user.adminRole, permissions } };
      return reply(200, { ok: true, adminRole: user.adminRole });
    },
  };
};

describe('User detail', () => {
  it("shows the profile ('-' for no referrer), the admin facts, the stats and the username as title", async () => {
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': detailOf(admin, {
        matchesCount: 12,
        wins: 7,
        losses: 4,
        draws: 1,
      }),
      ...noMatches,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'dora' })).toBeInTheDocument();
    await screen.findByText('Username', { selector: 'dt' });
    expect(fact('Username')).toBe('dora');
    expect(fact('Email')).toBe('dora@example.com');
    expect(fact('User ID')).toBe('USR-7');
    expect(fact('Status')).toBe('active');
    expect(fact('Balance')).toBe('1,250');
    expect(fact('XP')).toBe('340');
    expect(fact('Referred by')).toBe('-');
    expect(fact('Referral code')).toBe('DORA77');
    expect(fact('Created')).not.toBe('-');
    expect(fact('Updated')).not.toBe('-');
    expect(fact('Admin enabled')).toBe('yes');
    expect(fact('Roles')).toBe('admin');

    const stat = (name: string) => within(screen.getByRole('region', { name })).getByText(/\d/);
    expect(stat('Matches')).toHaveTextContent('12');
    expect(stat('Wins')).toHaveTextContent('7');
    expect(stat('Losses')).toHaveTextContent('4');
    expect(stat('Draws')).toHaveTextContent('1');

    expect(screen.getByRole('link', { name: 'Edit user' })).toHaveAttribute(
      'href',
      '/users/USR-7/edit',
    );
    expect(screen.getByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
    expect(apiCalls(requests)).toContain('GET /api/admin/users/USR-7');
  });

  it("lists the player's credits awaiting a second approval, each linking to its decision", async () => {
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': detailOf(admin),
      'GET /api/admin/adjustments': listOf([
        anAdjustment({ _id: 'adj9', userId: 'USR-7', delta: 120_000, reason: 'goodwill' }),
      ]),
      ...noMatches,
    });
    const card = await screen.findByRole('region', { name: 'Credits awaiting a second approval' });
    expect(within(card).getByRole('link', { name: '+120,000 points' })).toHaveAttribute(
      'href',
      '/adjustments/adj9',
    );
    expect(card).toHaveTextContent(/Goodwill · requested by carol/);
    expect(apiCalls(requests)).toContain(
      'GET /api/admin/adjustments?page=1&limit=20&sort=requestedAt%3Adesc&userId=USR-7&status=pending',
    );
  });

  it('shows no credits card while none is pending', async () => {
    renderUsers(['/users/USR-7'], { 'GET /api/admin/users/USR-7': detailOf(admin), ...noMatches });
    expect(await screen.findByText('Admin enabled', { selector: 'dt' })).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Credits awaiting a second approval' }),
    ).not.toBeInTheDocument();
  });

  it("shows 'no' and '-' for a user who is not an admin, and the referrer when there is one", async () => {
    const plain = makeUser({ userId: 'USR-7', username: 'dora', referredBy: 'USR-1' });
    renderUsers(['/users/USR-7'], { 'GET /api/admin/users/USR-7': detailOf(plain), ...noMatches });
    await screen.findByText('Admin enabled', { selector: 'dt' });
    expect(fact('Admin enabled')).toBe('no');
    expect(fact('Roles')).toBe('-');
    expect(fact('Referred by')).toBe('USR-1');
    expect(screen.getByRole('button', { name: 'Make admin' })).toBeInTheDocument();
    expect(screen.getByText('No permissions')).toBeInTheDocument();
  });

  it("asks 'Revoke {permission}?' when its chip is clicked, then revokes it and says so", async () => {
    const live = liveDetail(admin);
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': live.detail,
      'PATCH /api/admin/users/USR-7/permissions': live.permissions,
      ...noMatches,
    });
    const user = userEvent.setup();
    const chips = await screen.findByRole('list', { name: 'Permissions' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['withdrawals:approve', 'users:edit']);

    await user.click(screen.getByRole('button', { name: 'Revoke withdrawals:approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke withdrawals:approve?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('button', { name: 'Revoke withdrawals:approve' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke withdrawals:approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke withdrawals:approve?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Permission revoked')).toBeInTheDocument();
    // (while the dialog closes, the page behind it is hidden from the queries below)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke withdrawals:approve' }),
      ).not.toBeInTheDocument(),
    );
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/users/USR-7/permissions');
    expect(patch?.body).toEqual({ revoke: ['withdrawals:approve'] });
    expect(screen.getByRole('button', { name: 'Revoke users:edit' })).toBeInTheDocument();
  });

  it("says 'Error revoking permission' when a revoke fails", async () => {
    renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': detailOf(admin),
      'PATCH /api/admin/users/USR-7/permissions': reply(403, {
        error: 'Forbidden',
        code: 'forbidden',
      }),
      ...noMatches,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke users:edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke users:edit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Error revoking permission')).toBeInTheDocument();
    expect(screen.queryByText('Permission revoked')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke users:edit' })).toBeInTheDocument();
  });

  it("grants a trimmed permission ('Permission granted'), ignores an empty one, and clears the input", async () => {
    const live = liveDetail(admin);
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': live.detail,
      'PATCH /api/admin/users/USR-7/permissions': live.permissions,
      ...noMatches,
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Permission' });
    expect(input).toHaveAttribute('placeholder', 'e.g. withdrawals:approve');

    await user.click(screen.getByRole('button', { name: 'Grant' }));
    await user.type(input, '   {Enter}');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.clear(input);
    await user.type(input, '  bots:write  ');
    await user.click(screen.getByRole('button', { name: 'Grant' }));

    expect(await screen.findByText('Permission granted')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke bots:write' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { grant: ['bots:write'] },
    ]);
    expect(input).toHaveValue('');
  });

  it("says 'Error granting permission' when a grant fails, keeping what was typed", async () => {
    renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': detailOf(admin),
      'PATCH /api/admin/users/USR-7/permissions': reply(400, { error: 'Bad', code: 'invalid' }),
      ...noMatches,
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Permission' });
    await user.type(input, 'bots:read{Enter}');
    expect(await screen.findByText('Error granting permission')).toBeInTheDocument();
    expect(input).toHaveValue('bots:read');
  });

  it('toggles the admin role from the detail page and shows the new state', async () => {
    let user = makeUser({ userId: 'USR-7', username: 'dora' });
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': () => detailOf(user),
      'PATCH /api/admin/users/USR-7/role': () => {
        user = { ...user, adminRole: { enabled: true, roles: ['admin'], permissions: [] } };
        return reply(200, { ok: true, adminRole: user.adminRole });
      },
      ...noMatches,
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Make admin' }));
    await ui.click(
      within(await screen.findByRole('dialog', { name: 'Make dora an admin?' })).getByRole(
        'button',
        { name: 'Make admin' },
      ),
    );
    expect(await screen.findByText('User is now admin')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
    expect(fact('Admin enabled')).toBe('yes');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ makeAdmin: true });
  });

  it("disables ('Disable this user?') and enables ('Enable this user?') from the profile", async () => {
    let user = makeUser({ userId: 'USR-7', username: 'dora' });
    const setStatus = (status: User['status']) => {
      user = { ...user, status, updatedAt: new Date().toISOString() };
      return reply(200, { ok: true, user });
    };
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': () => detailOf(user),
      'DELETE /api/admin/users/USR-7': () => setStatus('disabled'),
      'PATCH /api/admin/users/USR-7': () => setStatus('active'),
      ...noMatches,
    });
    const ui = userEvent.setup();
    const profile = await screen.findByRole('region', { name: 'Profile' });

    await ui.click(within(profile).getByRole('button', { name: 'Disable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable this user?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User disabled')).toBeInTheDocument();
    await waitFor(() => expect(fact('Status')).toBe('disabled'));

    await ui.click(await within(profile).findByRole('button', { name: 'Enable' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable this user?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User enabled')).toBeInTheDocument();
    await waitFor(() => expect(fact('Status')).toBe('active'));
    // Once the dialog has closed, the page is back in the accessibility tree.
    expect(await within(profile).findByRole('button', { name: 'Disable' })).toBeEnabled();

    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'active' });
  });

  it("sends react-admin's /users/{id}/show to the detail page", async () => {
    renderUsers(['/users/USR-7/show'], {
      'GET /api/admin/users/USR-7': detailOf(admin),
      ...noMatches,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'dora' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit user' })).toBeInTheDocument();
  });

  it("shows the user's history, asked for by its userId", async () => {
    const { requests } = renderUsers(['/users/USR-7'], {
      'GET /api/admin/users/USR-7': detailOf(admin),
      ...noMatches,
      ...oneUpdateOf('user', 'USR-7'),
    });
    await expectHistoryOf(requests, 'user', 'USR-7');
  });
});
