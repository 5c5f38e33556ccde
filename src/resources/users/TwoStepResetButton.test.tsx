import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../contract/users';
import { callsTo, reply } from '../../test/fakeFetch';
import { meHolding } from '../../test/renderAdmin';
import { detailOf, listOf, makeUser, renderUsers } from './testing';
import { MESSAGES } from './user';

const ADMIN_ROLE = { enabled: true, roles: ['admin'], permissions: ['users:read'] };
const dora = makeUser({ userId: 'USR-7', username: 'dora', adminRole: ADMIN_ROLE, twoStep: true });
const RESET = '/api/admin/users/USR-7/two-step';

/** dora's detail page, over a server where the reset turns her two-step sign-in off. */
const renderDetail = (user: User, routes: Parameters<typeof renderUsers>[1] = {}) => {
  let shown = user;
  return renderUsers([`/users/${user.userId}`], {
    [`GET /api/admin/users/${user.userId}`]: () => detailOf(shown),
    [`GET /api/admin/users/${user.userId}/matches`]: listOf([], 0, 1, 10),
    [`DELETE /api/admin/users/${user.userId}/two-step`]: () => {
      shown = { ...shown, twoStep: false };
      return reply(200, { ok: true, user: shown });
    },
    ...routes,
  });
};

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const resetButton = () => screen.queryByRole('button', { name: 'Reset two-step sign-in' });

describe('User detail: two-step sign-in', () => {
  it("says an admin's two-step sign-in is on, and resets it after asking", async () => {
    const user = userEvent.setup();
    const { requests } = renderDetail(dora);
    await screen.findByText('Two-step sign-in', { selector: 'dt' });
    expect(fact('Two-step sign-in')).toBe('On');

    await user.click(resetButton() as HTMLElement);
    let dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTwoStepReset });
    expect(dialog).toHaveTextContent(
      'Their two-step sign-in is turned off and their sessions end. They sign in with their password and can set it up again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'DELETE', RESET)).toHaveLength(0);

    await user.click(resetButton() as HTMLElement);
    dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTwoStepReset });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('Two-step sign-in reset')).toBeInTheDocument();
    await waitFor(() => expect(fact('Two-step sign-in')).toBe('Off'));
    expect(resetButton()).not.toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', RESET)).toHaveLength(1);
  });

  it('says when the reset is refused', async () => {
    const user = userEvent.setup();
    renderDetail(dora, {
      [`DELETE ${RESET}`]: reply(403, { error: 'Forbidden', code: 'forbidden' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTwoStepReset });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(MESSAGES.twoStepResetError)).toBeInTheDocument();
    expect(fact('Two-step sign-in')).toBe('On');
  });

  it('offers no reset without users:admin', async () => {
    renderDetail(dora, {
      'GET /api/auth/me': reply(200, meHolding(['users:read', 'users:write'])),
    });
    await screen.findByText('Two-step sign-in', { selector: 'dt' });
    expect(fact('Two-step sign-in')).toBe('On');
    expect(resetButton()).not.toBeInTheDocument();
  });

  it("offers no reset of one's own (My account turns it off)", async () => {
    renderDetail({ ...dora, _id: 'id-ADM-1', userId: 'ADM-1' });
    await screen.findByText('Two-step sign-in', { selector: 'dt' });
    expect(screen.getByRole('button', { name: 'Remove admin' })).toBeInTheDocument();
    expect(resetButton()).not.toBeInTheDocument();
  });

  it('offers no reset while it is off', async () => {
    renderDetail({ ...dora, twoStep: false });
    await screen.findByText('Two-step sign-in', { selector: 'dt' });
    expect(fact('Two-step sign-in')).toBe('Off');
    expect(resetButton()).not.toBeInTheDocument();
  });

  it('says nothing of two-step sign-in for a player', async () => {
    renderDetail(makeUser({ userId: 'USR-7', username: 'dora' }));
    await screen.findByText('Admin enabled', { selector: 'dt' });
    expect(screen.queryByText('Two-step sign-in', { selector: 'dt' })).not.toBeInTheDocument();
    expect(resetButton()).not.toBeInTheDocument();
  });
});
