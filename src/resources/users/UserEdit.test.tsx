import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contract/users';
import { reply } from '../../test/fakeFetch';
import { apiCalls, detailOf, listOf, makeUser, renderUsers } from './testing';

const eve = makeUser({
  userId: 'USR-9',
  username: 'eve',
  email: 'eve@example.com',
  status: 'pending',
  balance: 100,
  xp: 20,
  referredBy: 'USR-1',
  adminRole: { enabled: true, roles: ['admin'], permissions: ['users:edit'] },
});
const DETAIL = 'GET /api/admin/users/USR-9';
const PATCH = 'PATCH /api/admin/users/USR-9';

const form = async () => {
  await screen.findByDisplayValue('eve');
  return {
    username: screen.getByRole('textbox', { name: 'Username' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    balance: screen.getByRole('spinbutton', { name: 'Balance' }),
    xp: screen.getByRole('spinbutton', { name: 'XP' }),
    status: screen.getByRole('combobox', { name: 'Status' }),
    referredBy: screen.getByRole('textbox', { name: 'Referred by' }),
  };
};

describe('User edit', () => {
  it('loads the editable fields and shows the admin facts read-only', async () => {
    renderUsers(['/users/USR-9/edit'], { [DETAIL]: detailOf(eve) });
    const fields = await form();
    expect(await screen.findByRole('heading', { level: 1, name: 'eve' })).toBeInTheDocument();
    expect(fields.email).toHaveValue('eve@example.com');
    expect(fields.balance).toHaveValue(100);
    expect(fields.xp).toHaveValue(20);
    expect(fields.status).toHaveTextContent('Pending');
    expect(fields.referredBy).toHaveValue('USR-1');
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Admin enabled')).toBe('yes');
    expect(fact('Roles')).toBe('admin');
    expect(screen.queryByRole('textbox', { name: 'Admin enabled' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke users:edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  it('shows every bad field at once under its input, in words, and sends nothing', async () => {
    const { requests } = renderUsers(['/users/USR-9/edit'], { [DETAIL]: detailOf(eve) });
    const user = userEvent.setup();
    const fields = await form();
    expect(fields.balance.closest('form')).toHaveAttribute('novalidate');

    await user.clear(fields.balance);
    await user.type(fields.balance, '-5');
    await user.clear(fields.xp);
    await user.type(fields.xp, '1.5');
    await user.clear(fields.email);
    await user.type(fields.email, 'not-an-email');
    await user.clear(fields.username);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fields.balance).toHaveAccessibleDescription('Balance must be 0 or more'),
    );
    expect(fields.xp).toHaveAccessibleDescription('XP must be a whole number');
    expect(fields.email).toHaveAccessibleDescription('Email must be an email address');
    expect(fields.username).toHaveAccessibleDescription('Username is required');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("saves only the editable fields, balance and XP as numbers (invalid = 0), referredBy '' when blank", async () => {
    let saved: User = eve;
    const { requests } = renderUsers(['/users/USR-9/edit'], {
      [DETAIL]: () => detailOf(saved),
      [PATCH]: (request) => {
        saved = { ...saved, ...(request.body as Partial<User>) };
        return reply(200, { ok: true, user: saved });
      },
    });
    const user = userEvent.setup();
    const fields = await form();

    await user.clear(fields.username);
    await user.type(fields.username, 'eve2');
    await user.clear(fields.balance);
    await user.clear(fields.xp);
    await user.type(fields.xp, '75');
    await user.click(fields.status);
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.clear(fields.referredBy);
    await user.type(fields.referredBy, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/users/USR-9');
    expect(patch?.body).toEqual({
      username: 'eve2',
      balance: 0,
      xp: 75,
      status: 'active',
      referredBy: '',
    });
    // stays on the edit page with the saved values
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('eve2');
    expect(screen.getByRole('spinbutton', { name: 'Balance' })).toHaveValue(0);
  });

  it('shows the 409 message on the field and as a notification, and saves nothing else', async () => {
    renderUsers(['/users/USR-9/edit'], {
      [DETAIL]: detailOf(eve),
      [PATCH]: reply(409, {
        error: 'Username already taken',
        code: 'duplicate',
        fields: { username: 'Username already taken' },
      }),
    });
    const user = userEvent.setup();
    const fields = await form();

    await user.clear(fields.username);
    await user.type(fields.username, 'ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fields.username).toHaveAccessibleDescription(/Username already taken/),
    );
    expect(fields.username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Username already taken').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();

    await user.type(fields.username, 'x');
    await waitFor(() => expect(fields.username).toHaveAttribute('aria-invalid', 'false'));
  });

  it('Cancel goes back to the previous page', async () => {
    renderUsers(['/users', '/users/USR-9/edit'], {
      [DETAIL]: detailOf(eve),
      'GET /api/admin/users': listOf([eve]),
    });
    const user = userEvent.setup();
    await form();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'eve' })).toBeInTheDocument();
  });

  it('Cancel on an edit page opened directly goes to the detail page', async () => {
    renderUsers(['/users/USR-9/edit'], {
      [DETAIL]: detailOf(eve),
      'GET /api/admin/users/USR-9/matches': listOf([], 0, 1, 10),
    });
    const user = userEvent.setup();
    await form();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('link', { name: 'Edit user' })).toBeInTheDocument();
  });

  it("says 'Min 6 chars' and sends nothing for a player's short password", async () => {
    const player = { ...eve, adminRole: { enabled: false, roles: [], permissions: [] } };
    const { requests } = renderUsers(['/users/USR-9/edit'], { [DETAIL]: detailOf(player) });
    const user = userEvent.setup();
    await form();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAttribute('type', 'password');

    await user.type(password, '12345');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Min 6 chars')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls(requests).filter((call) => call.includes('password'))).toEqual([]);
  });

  it("changes the password: 'Password updated' and the field clears", async () => {
    const { requests } = renderUsers(['/users/USR-9/edit'], {
      [DETAIL]: detailOf(eve),
      'POST /api/admin/users/USR-9/password': reply(200, { ok: true }),
    });
    const user = userEvent.setup();
    await form();
    const password = screen.getByLabelText('New password');

    await user.type(password, 's3cret-pass{Enter}');

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(password).toHaveValue('');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/admin/users/USR-9/password');
    expect(post?.body).toEqual({ newPassword: 's3cret-pass' });
  });

  it('keeps unsaved edits when the admin role changes on the same page', async () => {
    let current = eve;
    renderUsers(['/users/USR-9/edit'], {
      [DETAIL]: () => detailOf(current),
      'PATCH /api/admin/users/USR-9/role': () => {
        current = { ...current, adminRole: { enabled: false, roles: [], permissions: [] } };
        return reply(200, { ok: true, adminRole: current.adminRole });
      },
    });
    const user = userEvent.setup();
    const fields = await form();
    await user.clear(fields.email);
    await user.type(fields.email, 'new@example.com');

    await user.click(screen.getByRole('button', { name: 'Remove admin' }));

    expect(await screen.findByText('Admin removed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Make admin' })).toBeInTheDocument();
    const facts = screen
      .getByText('Admin enabled', { selector: 'dt' })
      .closest('dl') as HTMLElement;
    await waitFor(() => expect(within(facts).getByText('no')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new@example.com');
  });
});
