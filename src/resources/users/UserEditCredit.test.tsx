import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { creditRecorded, OWN_ACCOUNT } from '../../../contract/adjustments';
import type { User } from '../../../contract/users';
import { callsTo, reply } from '../../test/fakeFetch';
import { anAdjustment } from '../adjustments/testing';
import { pickReason } from '../withdrawals/testing';
import { detailOf, makeUser, renderUsers } from './testing';

const bea = makeUser({ userId: 'USR-5', username: 'bea', balance: 1000 });
const DETAIL = 'GET /api/admin/users/USR-5';
const PATCH_PATH = '/api/admin/users/USR-5';
const THRESHOLD = 10_000;
const QUESTION = 'Why credit 50,000 points?';

// (a referrer left blank goes as '': the API stores none either way)
const recorded = (user: User) =>
  reply(202, { ok: true, user, adjustment: anAdjustment({ userId: 'USR-5', delta: 50_000 }) });

const renderEdit = (patch = recorded(bea), threshold: number | null = THRESHOLD) =>
  renderUsers(['/users/USR-5/edit'], {
    [DETAIL]: detailOf(bea, undefined, threshold),
    [`PATCH ${PATCH_PATH}`]: patch,
  });

const setBalance = async (user: ReturnType<typeof userEvent.setup>, value: string) => {
  const balance = await screen.findByRole('spinbutton', { name: 'Balance' });
  await screen.findByDisplayValue('bea');
  await user.clear(balance);
  await user.type(balance, value);
  await user.click(screen.getByRole('button', { name: 'Save' }));
};

describe('User edit: a credit that needs a second admin', () => {
  it('asks for the reason first, then saves with it: the credit is recorded, the balance stays', async () => {
    const user = userEvent.setup();
    const { requests } = renderEdit();
    await setBalance(user, '51000');

    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    expect(callsTo(requests, 'PATCH', PATCH_PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      within(dialog).getByText('Reason is required for a credit that needs a second admin'),
    ).toBeVisible();

    await pickReason(user, dialog, 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Note is required when the reason is Other')).toBeVisible();
    expect(callsTo(requests, 'PATCH', PATCH_PATH)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Lost match refund');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(creditRecorded(50_000))).toBeInTheDocument();
    expect(creditRecorded(50_000)).toBe(
      'Credit of 50,000 points recorded. A second admin must approve it.',
    );
    expect(callsTo(requests, 'PATCH', PATCH_PATH)[0]?.body).toEqual({
      balance: 51000,
      referredBy: '',
      adjustmentReason: 'other',
      adjustmentNote: 'Lost match refund',
    });
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Balance' })).toHaveValue(1000),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Cancel in the dialog sends nothing and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { requests } = renderEdit();
    await setBalance(user, '51000');
    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'PATCH', PATCH_PATH)).toHaveLength(0);
    expect(screen.getByRole('spinbutton', { name: 'Balance' })).toHaveValue(51000);
  });

  it('a smaller credit, or with the threshold off, saves at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderEdit(reply(200, { ok: true, user: { ...bea, balance: 10_999 } }));
    await setBalance(user, '10999');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', PATCH_PATH)[0]?.body).toEqual({
      balance: 10999,
      referredBy: '',
    });
  });

  it('asks for the reason when the API wants one (the threshold went down meanwhile)', async () => {
    const user = userEvent.setup();
    const patch = (request: { body: unknown }) =>
      (request.body as { adjustmentReason?: string }).adjustmentReason
        ? recorded(bea)
        : reply(400, {
            error: 'Invalid body: adjustmentReason',
            code: 'invalid_input',
            fields: {
              adjustmentReason: 'Reason is required for a credit that needs a second admin',
            },
          });
    const { requests } = renderEdit(patch as never, null);
    await setBalance(user, '51000');

    const dialog = await screen.findByRole('dialog', { name: QUESTION });
    await pickReason(user, dialog, 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(creditRecorded(50_000))).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', PATCH_PATH).map((r) => r.body)).toEqual([
      { balance: 51000, referredBy: '' },
      { balance: 51000, referredBy: '', adjustmentReason: 'goodwill' },
    ]);
  });
});

describe("User edit: one's own account", () => {
  // renderAdmin signs in as ADM-1 (id-ADM-1)
  const me = makeUser({
    _id: 'id-ADM-1',
    userId: 'ADM-1',
    username: 'tester',
    balance: 700,
    adminRole: { enabled: true, roles: ['admin'], permissions: ['*'] },
  });
  const OWN = '/api/admin/users/ADM-1';

  it('shows balance, XP, status and referrer read-only, saying why, and saves the profile alone', async () => {
    const user = userEvent.setup();
    const { requests } = renderUsers(['/users/ADM-1/edit'], {
      'GET /api/admin/users/ADM-1': detailOf(me),
      [`PATCH ${OWN}`]: (request) =>
        reply(200, { ok: true, user: { ...me, ...(request.body as Partial<User>) } }),
    });
    expect(await screen.findByText(OWN_ACCOUNT)).toBeVisible();
    await screen.findByDisplayValue('tester');
    expect(screen.queryByRole('spinbutton', { name: 'Balance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: 'XP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Referred by' })).not.toBeInTheDocument();
    expect(screen.getByText('Balance', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '700',
    );

    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', OWN)[0]?.body).toEqual({ email: 'me@example.com' });
  });

  it("says the API's own_account refusal", async () => {
    const user = userEvent.setup();
    renderUsers(['/users/ADM-1/edit'], {
      'GET /api/admin/users/ADM-1': detailOf(me),
      [`PATCH ${OWN}`]: reply(403, { error: OWN_ACCOUNT, code: 'own_account' }),
    });
    const username = await screen.findByDisplayValue('tester');
    await user.type(username, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText(OWN_ACCOUNT)).toHaveLength(2));
  });
});
