import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USE_MY_ACCOUNT } from '../../../contract/account';
import { detailOf, makeUser, renderUsers } from './testing';

describe('User edit: password of one’s own account', () => {
  it('sends the signed-in admin to My account instead of a form', async () => {
    // the signed-in test admin (see meHolding)
    const me = makeUser({
      userId: 'ADM-1',
      username: 'tester',
      adminRole: { enabled: true, roles: ['admin'], permissions: ['*'] },
    });
    renderUsers(['/users/ADM-1/edit'], { 'GET /api/admin/users/ADM-1': detailOf(me) });
    const card = within(await screen.findByRole('region', { name: 'Change password' }));
    expect(card.getByText(/to change your own password/)).toHaveTextContent(USE_MY_ACCOUNT);
    expect(card.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(card.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });
});
