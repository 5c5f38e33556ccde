import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '../../../contract/permissions';
import type { User } from '../../../contract/users';
import { reply } from '../../test/fakeFetch';
import { renderAdminHolding } from '../../test/renderAdmin';
import { detailOf, listOf, makeUser } from './testing';

const finance = makeUser({
  userId: 'USR-9',
  username: 'fran',
  adminRole: {
    enabled: true,
    roles: ['admin'],
    permissions: ['withdrawals:approve'],
    groupPermissions: [{ name: 'withdrawals:read', group: 'finance' }],
  },
});

const routesFor = (user: User, extra = {}) => ({
  'GET /api/admin/users/USR-9': detailOf(user),
  'GET /api/admin/users/USR-9/matches': listOf([], 0, 1, 10),
  'GET /api/admin/permissions': reply(200, PERMISSION_CATALOGUE),
  ...extra,
});

const chipList = () => screen.findByRole('list', { name: 'Permissions' });

describe('the permissions card', () => {
  it('shows what each permission allows on hover, and the SSO group ones apart, not revocable', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdminHolding(['*'], {
      entries: ['/users/USR-9'],
      routes: routesFor(finance),
    });
    const chips = await chipList();
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['withdrawals:approve', 'withdrawals:read (SSO group finance)']);
    expect(screen.getByRole('button', { name: 'Revoke withdrawals:approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /withdrawals:read/ })).not.toBeInTheDocument();

    await user.hover(screen.getByRole('button', { name: 'Revoke withdrawals:approve' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Approve and reject withdrawals, one at a time or in bulk',
    );
    await user.unhover(screen.getByRole('button', { name: 'Revoke withdrawals:approve' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(within(chips).getByText('withdrawals:read (SSO group finance)'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('See withdrawals and export them');

    // clicking an SSO chip asks nothing
    await user.click(within(chips).getByText('withdrawals:read (SSO group finance)'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the catalogue is read once for the page
    expect(requests.filter((r) => r.path === '/api/admin/permissions')).toHaveLength(1);
  });

  it('offers the catalogue, each name with its description, and grants the one picked', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdminHolding(['*'], {
      entries: ['/users/USR-9'],
      routes: routesFor(finance, {
        'PATCH /api/admin/users/USR-9/permissions': reply(200, {
          ok: true,
          adminRole: finance.adminRole,
        }),
      }),
    });
    const input = await screen.findByRole('combobox', { name: 'Permission' });
    await user.type(input, 'bots:');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'bots:*Everything in bots',
      'bots:readSee bots',
      'bots:writeCreate, edit and delete bots',
    ]);
    await user.click(options[2] as HTMLElement);
    expect(input).toHaveValue('bots:write');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Permission granted')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ grant: ['bots:write'] });
  });

  it("refuses a name not in the catalogue on the field: 'Pick a permission from the list'", async () => {
    const user = userEvent.setup();
    const { requests } = renderAdminHolding(['*'], {
      entries: ['/users/USR-9'],
      routes: routesFor(finance),
    });
    const input = await screen.findByRole('combobox', { name: 'Permission' });
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/admin/permissions')).toBe(true),
    );
    await user.type(input, 'bots:fly');
    await user.click(screen.getByRole('button', { name: 'Grant' }));

    expect(input).toHaveAccessibleDescription('Pick a permission from the list');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/valid:/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    // typing again clears it
    await user.type(input, '{Backspace}');
    expect(input).toHaveAccessibleDescription('One permission at a time, from the list');
  });

  it("shows the server's refusal when the catalogue could not be read", async () => {
    const user = userEvent.setup();
    renderAdminHolding(['*'], {
      entries: ['/users/USR-9'],
      routes: routesFor(finance, {
        'GET /api/admin/permissions': reply(500, { error: 'boom', code: 'internal' }),
        'PATCH /api/admin/users/USR-9/permissions': reply(400, {
          error: 'Unknown permission: bots:fly (valid: *, bots:read, bots:write)',
          code: 'invalid_input',
        }),
      }),
    });
    await user.type(await screen.findByRole('combobox', { name: 'Permission' }), 'bots:fly');
    await user.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('Error granting permission')).toBeInTheDocument();
  });

  it('without users:admin: chips not revocable, Grant and Remove admin disabled, saying why', async () => {
    const user = userEvent.setup();
    renderAdminHolding(['users:write'], {
      entries: ['/users/USR-9'],
      routes: routesFor(finance),
    });
    const chips = await chipList();
    expect(within(chips).getByText('withdrawals:approve')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Revoke withdrawals:approve' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Permission' })).toBeDisabled();
    const grant = screen.getByRole('button', { name: 'Grant' });
    expect(grant).toBeDisabled();
    await user.hover(grant.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Missing permission: users:admin');
    expect(screen.getByRole('button', { name: 'Remove admin' })).toBeDisabled();
    // users:write still edits and disables
    expect(screen.getByRole('link', { name: 'Edit user' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('a users reader gets neither Edit user nor Disable', async () => {
    renderAdminHolding(['users:read'], { entries: ['/users/USR-9'], routes: routesFor(finance) });
    await chipList();
    expect(screen.queryByRole('link', { name: 'Edit user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });
});
