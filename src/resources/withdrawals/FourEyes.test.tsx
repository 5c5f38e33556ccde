import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FIRST_APPROVAL_RECORDED,
  OWN_WITHDRAWAL,
  SECOND_APPROVER_REQUIRED,
} from '../../../contract/withdrawals';
import { formatDateTime } from '../../format';
import { getToken } from '../../storage';
import { reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal, listOf, pickReason } from './testing';
import { bulkResultMessage } from './useDecisions';

// The signed-in test admin's user _id (renderAdmin's me answer).
const ME = 'id-ADM-1';
const APPROVED_AT = '2025-11-20T11:00:00.000Z';

const approvalBy = (adminId: string, username: string, note: string | null = null) => ({
  adminId,
  username,
  at: APPROVED_AT,
  note,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const big = aWithdrawal({
  _id: 'w1',
  usdValue: 500,
  approvalsRequired: 2,
  createdAt: minutesAgo(3 * 60 + 12.5),
});
const approvedByMe = aWithdrawal({
  _id: 'w2',
  userId: 'USR-2',
  user: { username: 'bob', email: 'bob@example.com', status: 'active' },
  usdValue: 800,
  approvalsRequired: 2,
  approvals: [approvalBy(ME, 'tester')],
  createdAt: minutesAgo(2 * 24 * 60 + 4 * 60 + 30),
});
const approvedByOther = aWithdrawal({
  _id: 'w3',
  userId: 'USR-3',
  user: { username: 'carol', email: 'carol@example.com', status: 'active' },
  usdValue: 900,
  approvalsRequired: 2,
  approvals: [approvalBy('id-ADM-9', 'olga', 'Checked the account')],
});
const decided = aWithdrawal({
  _id: 'w4',
  userId: 'USR-4',
  user: { username: 'dave', email: 'dave@example.com', status: 'active' },
  status: 'approved',
  approvals: [approvalBy('id-ADM-9', 'olga')],
});

const renderList = (routes: RenderAdminOptions['routes']) =>
  renderAdmin({ entries: ['/withdrawals'], routes });

const rowOf = (text: string) => {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  const row = rows.find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

/** The cell of `row` under the column headed `label`. */
const cellOf = (row: HTMLElement, label: string) => {
  const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
  const index = headers.findIndex((header) => header.textContent?.trim() === label);
  const cell = within(row).getAllByRole('cell')[index];
  if (!cell) throw new Error(`no ${label} cell`);
  return cell;
};

const lastListQuery = (requests: { method: string; url: string; path: string }[]) => {
  const last = requests
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/withdrawals?'))
    .at(-1);
  return new URL(last?.url ?? 'http://x/').searchParams;
};

describe('Withdrawals list: four-eyes', () => {
  it("filters on 'Awaiting second approval'", async () => {
    const user = userEvent.setup();
    const { requests } = renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([big])) });
    await screen.findByText('alice');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'Awaiting second approval',
    );
    await waitFor(() =>
      expect(lastListQuery(requests).get('status')).toBe('awaiting_second_approval'),
    );
  });

  it('shows approvals given of those required and how long each pending one has waited', async () => {
    renderList({
      'GET /api/admin/withdrawals': reply(
        200,
        listOf([big, approvedByMe, approvedByOther, decided]),
      ),
    });
    await screen.findByText('alice');

    expect(cellOf(rowOf('alice'), 'Approvals')).toHaveTextContent(/^0 of 2$/);
    expect(cellOf(rowOf('carol'), 'Approvals')).toHaveTextContent(/^1 of 2$/);
    expect(cellOf(rowOf('dave'), 'Approvals')).toHaveTextContent(/^1 of 1$/);
    expect(cellOf(rowOf('alice'), 'Waiting')).toHaveTextContent(/^3 h 12 min$/);
    expect(cellOf(rowOf('bob'), 'Waiting')).toHaveTextContent(/^2 d 4 h$/);
    // decided: no longer waiting
    expect(cellOf(rowOf('dave'), 'Waiting')).toHaveTextContent(/^-$/);
  });

  it('sorts by waiting, the oldest first on the first click', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([big])) });
    await screen.findByText('alice');

    const header = screen.getByRole('columnheader', { name: /Waiting/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastListQuery(requests).get('sort')).toBe('waiting:desc'));
  });

  it('a row this admin approved once needs another admin: Approve is disabled, saying why', async () => {
    const user = userEvent.setup();
    renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([approvedByMe, approvedByOther])),
    });
    await screen.findByText('bob');

    const mine = rowOf('bob');
    expect(cellOf(mine, 'Approvals')).toHaveTextContent('1 of 2Needs another admin');
    const approve = within(mine).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(within(mine).getByRole('button', { name: 'Reject' })).toBeEnabled();
    await user.hover(approve.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SECOND_APPROVER_REQUIRED);

    // another admin's first approval: this admin may give the second
    const theirs = rowOf('carol');
    expect(within(theirs).queryByText('Needs another admin')).not.toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it("a first approval says 'First approval recorded…' and the row then needs another admin", async () => {
    const user = userEvent.setup();
    const once = { ...big, approvals: [approvalBy(ME, 'tester')] };
    let listed = listOf([big]);
    const { requests } = renderList({
      'GET /api/admin/withdrawals': () => reply(200, listed),
      'PATCH /api/admin/withdrawals/w1/decision': () => {
        listed = listOf([once]);
        return reply(200, { ok: true, withdrawal: once });
      },
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
    const asking = await screen.findByRole('dialog', {
      name: 'Are you sure you want to approve this withdrawal?',
    });
    expect(
      within(asking).getByText(
        'This is its first of two approvals: it stays pending until another admin approves it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(asking).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(FIRST_APPROVAL_RECORDED)).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal approved')).not.toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ action: 'approve' });
    await waitFor(() =>
      expect(within(rowOf('alice')).getByRole('button', { name: 'Approve' })).toBeDisabled(),
    );
    expect(within(rowOf('alice')).getByText('Needs another admin')).toBeInTheDocument();
  });

  it.each([
    [409, 'second_approver_required', SECOND_APPROVER_REQUIRED],
    [403, 'own_withdrawal', OWN_WITHDRAWAL],
  ])(
    "a %i %s shows the server's words and keeps the admin signed in",
    async (status, code, error) => {
      const user = userEvent.setup();
      const { requests } = renderList({
        'GET /api/admin/withdrawals': reply(200, listOf([big])),
        'PATCH /api/admin/withdrawals/w1/decision': reply(status, { error, code }),
      });
      await screen.findByText('alice');

      await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
      );

      expect(await screen.findByText(error)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeInTheDocument();
      expect(requests.some((r) => r.path === '/api/auth/logout')).toBe(false);
      expect(getToken()).toBe('tok-test');
    },
  );

  it('reject with the reason Other and no note is refused in the dialog; with a note it is sent', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([big])),
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, {
        ok: true,
        withdrawal: { ...big, status: 'rejected', reasonCode: 'other' },
      }),
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to reject this withdrawal?',
    });
    expect(within(dialog).getByText('No admin note will be saved.')).toBeInTheDocument();
    await pickReason(user, dialog, 'Other');
    const note = within(dialog).getByRole('textbox', { name: 'Admin note' });
    expect(note).toBeRequired();
    // a note is required now: the dialog no longer says none will be saved
    expect(within(dialog).queryByText('No admin note will be saved.')).not.toBeInTheDocument();
    await user.type(note, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(note).toHaveAccessibleDescription('Add a note when the reason is Other.');
    expect(note).toHaveFocus();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.type(note, 'Card holder mismatch');
    // Enter in a one-line field would submit; the note is many lines: Confirm sends
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      action: 'reject',
      reasonCode: 'other',
      adminNote: 'Card holder mismatch',
    });
  });

  it('bulk reject with Other and no note is refused in the dialog and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([big])) });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reject 1 withdrawal?',
    });
    await pickReason(user, dialog, 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(within(dialog).getByText('Add a note when the reason is Other.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // opened again, it starts afresh
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('combobox', { name: 'Reason' })).toHaveTextContent(
      'Choose a reason',
    );
    expect(
      within(again).queryByText('Add a note when the reason is Other.'),
    ).not.toBeInTheDocument();
  });

  it('bulk approve asks "Approve 3 withdrawals?", listing user and amount, and which get only a first approval', async () => {
    const user = userEvent.setup();
    const small = aWithdrawal({
      _id: 'w5',
      userId: 'USR-5',
      user: { username: 'erin', email: 'erin@example.com', status: 'active' },
      usdValue: 12.5,
    });
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([big, approvedByOther, small])) });
    await screen.findByText('alice');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 withdrawals?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Withdrawals' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['alice: $500.00 (first of two approvals)', 'carol: $900.00', 'erin: $12.50']);
    expect(
      within(dialog).getByText(
        '1 of these 3 withdrawals get only their first of two approvals: they stay pending until another admin approves them.',
      ),
    ).toBeInTheDocument();
  });

  it('bulk reject lists the rows too, and marks none as a first approval', async () => {
    const user = userEvent.setup();
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([big, approvedByOther])) });
    await screen.findByText('alice');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 withdrawals?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Withdrawals' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['alice: $500.00', 'carol: $900.00']);
    expect(within(dialog).queryByText(/first of two/)).not.toBeInTheDocument();
  });

  it('the bulk summary counts those awaiting a second approval', async () => {
    const user = userEvent.setup();
    renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([big, approvedByOther])),
      'PATCH /api/admin/withdrawals/bulk': reply(200, {
        ok: true,
        updated: 2,
        awaitingSecondApproval: 3,
        skipped: [{ id: 'w9', reason: 'already approved' }],
      }),
    });
    await screen.findByText('alice');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve 2 withdrawals?' })).getByRole(
        'button',
        { name: 'Confirm' },
      ),
    );
    expect(
      await screen.findByText(
        '2 withdrawals approved, 3 awaiting a second approval, 1 skipped (already approved)',
      ),
    ).toBeInTheDocument();
  });
});

describe('bulkResultMessage', () => {
  it('says first approvals were recorded when nothing was approved outright', () => {
    expect(
      bulkResultMessage('approve', {
        ok: true,
        updated: 0,
        awaitingSecondApproval: 3,
        skipped: [],
      }),
    ).toBe('First approval recorded on 3 withdrawals');
    expect(
      bulkResultMessage('approve', {
        ok: true,
        updated: 0,
        awaitingSecondApproval: 1,
        skipped: [{ id: 'w1', reason: 'You cannot approve your own withdrawal.' }],
      }),
    ).toBe(
      'First approval recorded on 1 withdrawal, 1 skipped (You cannot approve your own withdrawal.)',
    );
  });
});

describe('Withdrawal detail: four-eyes', () => {
  const renderDetail = (id: string, routes: RenderAdminOptions['routes']) =>
    renderAdmin({ entries: [`/withdrawals/${id}`], routes });

  it("disables Approve on the admin's own withdrawal, saying why; Reject stays", async () => {
    const own = aWithdrawal({ _id: 'w7', userId: 'ADM-1' });
    renderDetail('w7', { 'GET /api/admin/withdrawals/w7': reply(200, own) });

    expect(await screen.findByText(OWN_WITHDRAWAL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it("disables Approve on a disabled player's withdrawal, saying why, before any confirmation", async () => {
    const user = userEvent.setup();
    const blocked = aWithdrawal({
      _id: 'w8',
      user: { username: 'alice', email: 'alice@example.com', status: 'disabled' },
    });
    renderDetail('w8', { 'GET /api/admin/withdrawals/w8': reply(200, blocked) });

    expect(
      await screen.findByText(
        "This player's account is disabled: their withdrawal can be rejected, not approved.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('disables Approve with the refusal the API answered on the withdrawal, shown in words', async () => {
    const refused = {
      ...approvedByOther,
      approvalRefusal: {
        code: 'approvers_not_independent',
        error:
          'carol set the password of tester on 3 Nov: another admin must give the second approval.',
      },
    };
    renderDetail('w3', { 'GET /api/admin/withdrawals/w3': reply(200, refused) });

    expect(
      await screen.findByText(
        'carol set the password of tester on 3 Nov: another admin must give the second approval.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('an approvalRefusal of null from the API leaves Approve enabled', async () => {
    renderDetail('w3', {
      'GET /api/admin/withdrawals/w3': reply(200, { ...approvedByOther, approvalRefusal: null }),
    });
    expect(await screen.findByText('Approvals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('lists the approvals: how many of how many, who, when and their note', async () => {
    renderDetail('w3', { 'GET /api/admin/withdrawals/w3': reply(200, approvedByOther) });

    const approvals = await screen.findByText('Approvals');
    const value = approvals.nextSibling as HTMLElement;
    expect(value).toHaveTextContent(/^1 of 2/);
    expect(within(value).getByRole('listitem')).toHaveTextContent(
      `olga, ${formatDateTime(APPROVED_AT)}Checked the account`,
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.queryByText(SECOND_APPROVER_REQUIRED)).not.toBeInTheDocument();
    // a reason only on a rejected withdrawal
    expect(screen.queryByText('Reason')).not.toBeInTheDocument();
  });

  it('shows the reason of a rejected withdrawal', async () => {
    const rejected = aWithdrawal({
      _id: 'w5',
      status: 'rejected',
      reasonCode: 'invalid_destination',
      decidedAt: APPROVED_AT,
      decidedBy: 'olga',
    });
    renderDetail('w5', { 'GET /api/admin/withdrawals/w5': reply(200, rejected) });

    const reason = await screen.findByText('Reason');
    expect(reason.nextSibling).toHaveTextContent('Invalid destination');
    // rejected before any approval: nothing to count
    expect(screen.getByText('Approvals').nextSibling).toHaveTextContent(/^-$/);
  });

  it('on a withdrawal this admin approved once, Approve is disabled and says why', async () => {
    renderDetail('w2', { 'GET /api/admin/withdrawals/w2': reply(200, approvedByMe) });

    expect(await screen.findByText(SECOND_APPROVER_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it("a first approval says 'First approval recorded…' and then Approve is disabled", async () => {
    const user = userEvent.setup();
    const once = { ...big, approvals: [approvalBy(ME, 'tester')] };
    renderDetail('w1', {
      'GET /api/admin/withdrawals/w1': reply(200, big),
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, { ok: true, withdrawal: once }),
    });

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Confirm to approve this withdrawal?' }),
      ).getByRole('button', { name: 'Confirm' }),
    );

    expect(await screen.findByText(FIRST_APPROVAL_RECORDED)).toBeInTheDocument();
    expect(await screen.findByText(SECOND_APPROVER_REQUIRED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByText('Approvals').nextSibling).toHaveTextContent(/^1 of 2/);
  });
});
