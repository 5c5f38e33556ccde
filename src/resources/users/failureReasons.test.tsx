import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../dataProvider';
import { setToken } from '../../storage';
import { installFakeFetch, reply } from '../../test/fakeFetch';
import { AdminToggleButton } from './AdminToggleButton';
import { PermissionsCard } from './PermissionsCard';

vi.setConfig({ testTimeout: 20_000 });

const admin = { id: 'USR-1', adminRole: { enabled: true, roles: ['admin'], permissions: ['x'] } };

const renderWith = (ui: ReactNode, routes: Parameters<typeof installFakeFetch>[0]) => {
  setToken('tok-test');
  installFakeFetch(routes);
  return render(
    <AdminContext dataProvider={dataProvider}>
      {ui}
      <Notification />
    </AdminContext>,
  );
};

describe("the users' role and permission changes", () => {
  it("show the server's reason under the spec's message when the role change fails", async () => {
    renderWith(<AdminToggleButton record={admin} />, {
      'PATCH /api/admin/users/USR-1/role': reply(409, {
        error: 'You cannot remove your own admin role',
        code: 'self_demotion',
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove admin' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error updating admin role')).toBeVisible();
    expect(alert).toHaveTextContent('You cannot remove your own admin role');
  });

  it("show the server's reason when a grant fails", async () => {
    renderWith(<PermissionsCard record={admin} />, {
      'PATCH /api/admin/users/USR-1/permissions': reply(400, {
        error: 'Permission 1 must be at most 100 characters',
        code: 'invalid_input',
      }),
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Permission' }));
    await userEvent.paste('reports:read');
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error granting permission')).toBeVisible();
    expect(alert).toHaveTextContent('Permission 1 must be at most 100 characters');
  });
});
