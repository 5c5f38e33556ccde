import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeFetch';
import { apiCalls, gated, listOf, makeUser, renderUsers } from './testing';

const ann = makeUser();
const bob = makeUser({
  userId: 'USR-2',
  username: 'bob',
  email: 'bob@example.com',
  status: 'pending',
  balance: 0,
  xp: 5,
  adminRole: {
    enabled: true,
    roles: ['admin'],
    permissions: ['withdrawals:approve', 'users:edit'],
  },
});
const carl = makeUser({
  userId: 'USR-3',
  username: 'carl',
  email: 'carl@x.io',
  status: 'disabled',
});

const FIRST_PAGE = '/api/admin/users?page=1&limit=20&sort=createdAt%3Adesc';

const rowOf = async (username: string) => {
  const cell = await screen.findByRole('cell', { name: username });
  return cell.closest('tr') as HTMLElement;
};

describe('Users list', () => {
  it('shows progress while loading, then one row per user with every column', async () => {
    const { route, open } = gated(listOf([ann, bob], 2));
    const { requests } = renderUsers(['/users'], { 'GET /api/admin/users': route });

    expect(await screen.findByRole('progressbar', { name: 'Loading users' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    open();

    const row = await rowOf('ann');
    expect(within(row).getByRole('cell', { name: 'ann@example.com' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'USR-1' })).toBeInTheDocument();
    expect(within(row).getByText('active')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '1,250' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '340' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'user' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers).toEqual([
      'Username',
      'Email',
      'User ID',
      'Status',
      'Balance',
      'XP',
      'Role',
      'Two-step',
      'Created',
      'Actions',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Loading users' })).not.toBeInTheDocument(),
    );
    expect(apiCalls(requests)).toEqual([`GET ${FIRST_PAGE}`]);
    expect(screen.getByText('2 total · Page 1 of 1')).toBeInTheDocument();
  });

  it("shows the role as 'admin (n)' with the number of permissions, else 'user'", async () => {
    renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann, bob]) });
    expect(within(await rowOf('bob')).getByRole('cell', { name: 'admin (2)' })).toBeInTheDocument();
    expect(within(await rowOf('ann')).getByRole('cell', { name: 'user' })).toBeInTheDocument();
  });

  it('shows for each admin whether two-step sign-in is on, nothing for players', async () => {
    const dora = makeUser({
      userId: 'USR-4',
      username: 'dora',
      adminRole: { enabled: true, roles: ['admin'], permissions: ['*'] },
      twoStep: true,
    });
    renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann, bob, dora]) });
    const twoStepOf = async (username: string) => {
      const row = await rowOf(username);
      const column = screen
        .getAllByRole('columnheader')
        .findIndex((th) => th.textContent?.trim() === 'Two-step');
      return within(row).getAllByRole('cell')[column]?.textContent;
    };
    expect(await twoStepOf('dora')).toBe('On');
    expect(await twoStepOf('bob')).toBe('Off');
    expect(await twoStepOf('ann')).toBe('');
  });

  it('links View to /users/{userId} and Edit to /users/{userId}/edit', async () => {
    renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann]) });
    const row = await rowOf('ann');
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/users/USR-1');
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/users/USR-1/edit',
    );
  });

  it("says 'No users found' when nothing matches, keeping the search and filter", async () => {
    renderUsers(['/users'], { 'GET /api/admin/users': listOf([], 0) });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(
      screen.getByRole('searchbox', { name: 'Search username, email or userId' }),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });

  it('searches with q (trimmed), at once on Enter', async () => {
    const searchedAt: number[] = [];
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': (request) => {
        if (request.path.includes('q=')) searchedAt.push(performance.now());
        return listOf([ann]);
      },
    });
    await rowOf('ann');
    const search = screen.getByRole('searchbox', { name: 'Search username, email or userId' });

    const changedAt = performance.now();
    fireEvent.change(search, { target: { value: '  ann@ex ' } });
    fireEvent.keyDown(search, { key: 'Enter' });

    await waitFor(() =>
      expect(apiCalls(requests)).toContain(
        'GET /api/admin/users?page=1&limit=20&sort=createdAt%3Adesc&q=ann%40ex',
      ),
    );
    // typing alone searches 500 ms after the last change: Enter did not wait for that
    expect((searchedAt[0] ?? Number.POSITIVE_INFINITY) - changedAt).toBeLessThan(500);
  });

  it('searches after a pause in typing, without Enter', async () => {
    const { requests } = renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann]) });
    const user = userEvent.setup();
    await rowOf('ann');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search username, email or userId' }),
      'USR-1',
    );
    await waitFor(() => expect(apiCalls(requests)).toContain(`GET ${FIRST_PAGE}&q=USR-1`));
  });

  it("filters by status, and 'All' removes the filter", async () => {
    const { requests } = renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann]) });
    const user = userEvent.setup();
    await rowOf('ann');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pending', 'Active', 'Disabled']);

    await user.selectOptions(status, 'pending');
    await waitFor(() => expect(apiCalls(requests)).toContain(`GET ${FIRST_PAGE}&status=pending`));

    await user.selectOptions(status, 'All');
    await waitFor(() => expect(apiCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}`));
  });

  it('pages with Prev and Next, showing the total and the page number', async () => {
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': (request) =>
        request.path.includes('page=2') ? listOf([bob], 45, 2) : listOf([ann], 45, 1),
    });
    const user = userEvent.setup();
    await rowOf('ann');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('45 total · Page 1 of 3')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Prev' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));

    await rowOf('bob');
    expect(apiCalls(requests)).toContain(
      'GET /api/admin/users?page=2&limit=20&sort=createdAt%3Adesc',
    );
    expect(screen.getByText('45 total · Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled();
  });

  it("says '10,000+' when more users match than the API counts, and pages as far as that reaches", async () => {
    const pageOfMany = (items: unknown[], page: number) =>
      reply(200, { items, total: 10_000, totalIsLowerBound: true, page, limit: 20 });
    renderUsers(['/users?page=500'], {
      'GET /api/admin/users': (request) =>
        request.path.includes('page=500') ? pageOfMany([bob], 500) : pageOfMany([ann], 499),
    });
    const user = userEvent.setup();
    await rowOf('bob');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('10,000+ total · Page 500 of 500+')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Prev' }));

    await rowOf('ann');
    expect(within(pagination).getByText('10,000+ total · Page 499 of 500+')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("'Make admin' sends {makeAdmin: true}, says 'User is now admin' and reloads the list", async () => {
    let promoted = false;
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': () =>
        listOf([
          promoted
            ? { ...ann, adminRole: { enabled: true, roles: ['admin'], permissions: [] } }
            : ann,
        ]),
      'PATCH /api/admin/users/USR-1/role': () => {
        promoted = true;
        return reply(200, {
          ok: true,
          adminRole: { enabled: true, roles: ['admin'], permissions: [] },
        });
      },
    });
    const user = userEvent.setup();

    await user.click(within(await rowOf('ann')).getByRole('button', { name: 'Make admin' }));
    // asks first, saying what a new admin can do
    const dialog = await screen.findByRole('dialog', { name: 'Make ann an admin?' });
    expect(dialog).toHaveTextContent(
      'They start with no permissions: until you grant some under Admin permissions, they see only the dashboard.',
    );
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText('User is now admin')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/users/USR-1/role');
    expect(patch?.body).toEqual({ makeAdmin: true });
    const row = await rowOf('ann');
    expect(await within(row).findByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'admin (0)' })).toBeInTheDocument();
  });

  it("'Make admin' then Cancel changes nothing", async () => {
    const { requests } = renderUsers(['/users'], { 'GET /api/admin/users': listOf([ann]) });
    const user = userEvent.setup();
    await user.click(within(await rowOf('ann')).getByRole('button', { name: 'Make admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make ann an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    // the row's buttons and their dialog are not a click on the row
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it("a click on a row opens the user's page", async () => {
    renderUsers(['/users'], {
      'GET /api/admin/users': listOf([ann, bob], 2),
      'GET /api/admin/users/USR-2': reply(200, {
        user: bob,
        stats: { matchesCount: 0, wins: 0, losses: 0, draws: 0 },
        adminRole: bob.adminRole,
      }),
      'GET /api/admin/users/USR-2/matches': listOf([], 0, 1, 10),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('bob')).getByRole('cell', { name: 'bob@example.com' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
  });

  it("'Remove admin' sends {makeAdmin: false} and says 'Admin removed'", async () => {
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': listOf([bob]),
      'PATCH /api/admin/users/USR-2/role': reply(200, {
        ok: true,
        adminRole: { enabled: false, roles: [], permissions: [] },
      }),
    });
    const user = userEvent.setup();

    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Remove admin' }));

    expect(await screen.findByText('Admin removed')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ makeAdmin: false });
  });

  it("says 'Error updating admin role' when the role change fails", async () => {
    renderUsers(['/users'], {
      'GET /api/admin/users': listOf([bob]),
      'PATCH /api/admin/users/USR-2/role': reply(409, {
        error: 'You cannot remove your own admin role',
        code: 'self_demotion',
      }),
    });
    const user = userEvent.setup();

    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Remove admin' }));

    expect(await screen.findByText('Error updating admin role')).toBeInTheDocument();
    expect(screen.queryByText('Admin removed')).not.toBeInTheDocument();
  });

  it("asks 'Disable this user?' and only calls DELETE after Confirm", async () => {
    let disabled = false;
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': () => listOf([disabled ? { ...ann, status: 'disabled' } : ann, carl]),
      'DELETE /api/admin/users/USR-1': () => {
        disabled = true;
        return reply(200, { ok: true, user: { ...ann, status: 'disabled' } });
      },
    });
    const user = userEvent.setup();
    await rowOf('carl');

    await user.click(within(await rowOf('ann')).getByRole('button', { name: 'Disable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('ann')).getByRole('button', { name: 'Disable' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(apiCalls(requests)).toContain('DELETE /api/admin/users/USR-1'));
    expect(await screen.findByText('User disabled')).toBeInTheDocument();
    const row = await rowOf('ann');
    await waitFor(() => expect(within(row).getByText('disabled')).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it("offers 'Enable' on a disabled user's row: 'Enable this user?', then PATCH {status: 'active'}", async () => {
    let enabled = false;
    const { requests } = renderUsers(['/users'], {
      'GET /api/admin/users': () => listOf([ann, enabled ? { ...carl, status: 'active' } : carl]),
      'PATCH /api/admin/users/USR-3': () => {
        enabled = true;
        return reply(200, { ok: true, user: { ...carl, status: 'active' } });
      },
    });
    const user = userEvent.setup();
    const carlRow = await rowOf('carl');
    expect(within(carlRow).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(
      within(await rowOf('ann')).queryByRole('button', { name: 'Enable' }),
    ).not.toBeInTheDocument();

    await user.click(within(carlRow).getByRole('button', { name: 'Enable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enable this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(within(carlRow).getByRole('button', { name: 'Enable' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('User enabled')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/users/USR-3');
    expect(patch?.body).toEqual({ status: 'active' });
    const row = await rowOf('carl');
    await waitFor(() => expect(within(row).getByText('active')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeEnabled();
  });
});
