import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USE_MY_ACCOUNT } from '../../../contract/account';
import { ADMIN_PASSWORD_TEXTS as RULE } from '../../../contract/passwords';
import { reply } from '../../test/fakeFetch';
import { apiCalls, detailOf, makeUser, renderUsers } from './testing';

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

const ADMIN_ROLE = { enabled: true, roles: ['admin'], permissions: ['users:read'] };
const DETAIL = 'GET /api/admin/users/USR-7';
const POST = 'POST /api/admin/users/USR-7/password';

/** The change-password card of user USR-7 (an admin or not), its field and its button. */
const renderCard = async (routes: Parameters<typeof renderUsers>[1]) => {
  const rendered = renderUsers(['/users/USR-7/edit'], routes);
  const card = within(await screen.findByRole('region', { name: 'Change password' }));
  const field = await card.findByLabelText('New password');
  return { ...rendered, field, button: card.getByRole('button', { name: 'Change password' }) };
};
const passwordCalls = (requests: Parameters<typeof apiCalls>[0]) =>
  apiCalls(requests).filter((call) => call.includes('password'));

describe('User edit: password of another admin', () => {
  const admin = makeUser({ userId: 'USR-7', username: 'ops.lead', adminRole: ADMIN_ROLE });

  it('holds it to the admin length, with the same help before and after', async () => {
    const user = userEvent.setup();
    const { field, button, requests } = await renderCard({ [DETAIL]: detailOf(admin) });
    expect(field).toHaveAccessibleDescription(RULE.help);

    await user.type(field, 'seven-7');
    await user.click(button);
    expect(field).toHaveAccessibleDescription(`${RULE.tooShort} ${RULE.help}`);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(passwordCalls(requests)).toEqual([]);
  });

  it("shows the server's refusal on the field", async () => {
    const user = userEvent.setup();
    const { field, button } = await renderCard({
      [DETAIL]: detailOf(admin),
      [POST]: reply(400, {
        error: RULE.namesAccount,
        code: 'invalid_input',
        fields: { newPassword: RULE.namesAccount },
      }),
    });
    await user.type(field, 'ops.lead');
    await user.click(button);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(`${RULE.namesAccount} ${RULE.help}`),
    );
    expect(field).toHaveValue('ops.lead');
    expect(screen.queryByText('Password updated')).not.toBeInTheDocument();
  });
});

describe('User edit: password of a player', () => {
  it("keeps the spec's rule: 6 characters will do, fewer say 'Min 6 chars'", async () => {
    const user = userEvent.setup();
    const player = makeUser({ userId: 'USR-7' });
    const { field, button, requests } = await renderCard({
      [DETAIL]: detailOf(player),
      [POST]: reply(200, { ok: true }),
    });
    expect(field).toHaveAccessibleDescription('At least 6 characters');

    await user.type(field, '12345');
    await user.click(button);
    expect(field).toHaveAccessibleDescription('Min 6 chars At least 6 characters');
    expect(passwordCalls(requests)).toEqual([]);

    await user.type(field, '6');
    await user.click(button);
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(passwordCalls(requests)).toHaveLength(1);
  });
});
