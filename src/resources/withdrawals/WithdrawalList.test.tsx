import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeFetch';
import { apiCalls, type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal, listOf, pickReason } from './testing';

const pendingA = aWithdrawal({ _id: 'w1', usdValue: 12.5, userId: 'USR-1' });
const pendingB = aWithdrawal({
  _id: 'w2',
  userId: 'USR-2',
  user: { username: 'bob', email: 'bob@example.com', status: 'active' },
  usdValue: 3,
  destination: 'bob@paypal.example',
});
const approved = aWithdrawal({
  _id: 'w3',
  userId: 'USR-3',
  user: { username: 'carol', email: 'carol@example.com', status: 'active' },
  status: 'approved',
  usdValue: 7.1,
});

const renderList = (routes: RenderAdminOptions['routes'] = {}) =>
  renderAdmin({
    entries: ['/withdrawals'],
    routes,
  });

/** The data rows of the table (the header row excluded). */
const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const rowOf = (text: string) => {
  const row = dataRows().find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('Withdrawals list', () => {
  it('asks for pending withdrawals, newest first, 20 a page; shows loading, then the rows', async () => {
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const { requests } = renderList({
      'GET /api/admin/withdrawals': async () => {
        await gate;
        return reply(200, listOf([pendingA, pendingB], 2));
      },
    });

    expect(await screen.findByText('Loading withdrawals…')).toBeInTheDocument();
    const list = await waitFor(() => {
      const asked = requests.find((r) => r.path.startsWith('/api/admin/withdrawals'));
      expect(asked).toBeDefined();
      return asked;
    });
    const query = new URL(list?.url ?? '').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      limit: '20',
      sort: 'createdAt:desc',
      status: 'pending',
    });

    answer();
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.queryByText('Loading withdrawals…')).not.toBeInTheDocument();
    expect(dataRows()).toHaveLength(2);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawals' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getByText('2 total · Page 1 of 1')).toBeInTheDocument();
  });

  it('has the columns of the spec, the user on one line with the id and email on hover, and USD with 2 decimals', async () => {
    const user = userEvent.setup();
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([pendingA, approved])) });
    await screen.findByText('alice');

    const row = rowOf('alice');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'User',
      'Type',
      'Points',
      'USD',
      'Destination',
      'Risk',
      'Status',
      'Approvals',
      'Waiting',
      'Created',
      'Actions',
    ]);
    expect(within(row).queryByText('USR-1')).not.toBeInTheDocument();
    await user.hover(within(row).getByText('alice'));
    expect(
      await screen.findByRole('tooltip', { name: 'USR-1 · alice@example.com' }),
    ).toBeInTheDocument();
    expect(within(row).getByText('paypal_10')).toBeInTheDocument();
    expect(within(row).getByText('1,000')).toBeInTheDocument();
    expect(within(row).getByText('$12.50')).toBeInTheDocument();
    expect(within(row).getByText('alice@paypal.example')).toBeInTheDocument();
    expect(within(row).getByText('pending')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('$7.10')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/withdrawals/w1',
    );
  });

  it('offers Approve and Reject only on pending rows, and only pending rows can be checked', async () => {
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([pendingA, approved])) });
    await screen.findByText('alice');

    const pendingRow = rowOf('alice');
    const decidedRow = rowOf('carol');
    expect(within(pendingRow).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(pendingRow).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(decidedRow).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(decidedRow).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(decidedRow).getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(decidedRow).getByRole('checkbox')).toBeDisabled();
    expect(within(pendingRow).getByRole('checkbox')).toBeEnabled();
  });

  it("shows 'No withdrawals found' when the list is empty", async () => {
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([])) });
    expect(await screen.findByText('No withdrawals found')).toBeInTheDocument();
  });

  it("'All' drops the status param; another status sends it", async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA])),
    });
    await screen.findByText('alice');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => {
      const last = requests.filter((r) => r.path.startsWith('/api/admin/withdrawals')).at(-1);
      expect(new URL(last?.url ?? '').searchParams.has('status')).toBe(false);
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    await waitFor(() => {
      const last = requests.filter((r) => r.path.startsWith('/api/admin/withdrawals')).at(-1);
      expect(new URL(last?.url ?? '').searchParams.get('status')).toBe('rejected');
    });
  });

  it('single approve asks first and sends the decision with the admin note only after confirming', async () => {
    const user = userEvent.setup();
    let listed = listOf([pendingA, pendingB]);
    const { requests } = renderList({
      'GET /api/admin/withdrawals': () => reply(200, listed),
      'PATCH /api/admin/withdrawals/w1/decision': () => {
        listed = listOf([pendingB]);
        return reply(200, { ok: true, withdrawal: { ...pendingA, status: 'approved' } });
      },
    });
    await screen.findByText('alice');

    // the note lives in the dialog only: the page has no note box of its own
    expect(screen.queryByRole('textbox', { name: /Admin note/ })).not.toBeInTheDocument();
    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to approve this withdrawal?',
    });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    // Cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByRole('textbox', { name: 'Admin note' }), ' Paid out ');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/withdrawals/w1/decision');
    expect(patch?.body).toEqual({ action: 'approve', adminNote: 'Paid out' });
    // refreshed: the decided row leaves the pending list
    await waitFor(() => expect(screen.queryByText('alice')).not.toBeInTheDocument());
  });

  it('single reject asks for a reason, refusing without one; without a note it sends no adminNote', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA])),
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, {
        ok: true,
        withdrawal: { ...pendingA, status: 'rejected' },
      }),
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to reject this withdrawal?',
    });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(reason).toHaveAccessibleDescription('Choose a reason.');
    expect(reason).toHaveFocus();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await pickReason(user, dialog, 'Fraud suspected');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      action: 'reject',
      reasonCode: 'fraud_suspected',
    });
  });

  it("shows the server's message when a decision fails (e.g. decided meanwhile)", async () => {
    const user = userEvent.setup();
    renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA])),
      'PATCH /api/admin/withdrawals/w1/decision': reply(409, {
        error: 'already approved',
        code: 'conflict',
      }),
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );

    expect(await screen.findByText('already approved')).toBeInTheDocument();
  });

  it("bulk actions with nothing selected say 'Select at least one row.' and send nothing", async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA, pendingB])),
    });
    await screen.findByText('alice');

    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('Select at least one row.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('bulk reject: select all, confirm the count, send ids, action and note, then clear the selection', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA, approved, pendingB])),
      'PATCH /api/admin/withdrawals/bulk': reply(200, {
        ok: true,
        updated: 1,
        skipped: [{ id: 'w2', reason: 'already approved' }],
      }),
    });
    await screen.findByText('alice');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Reject 2 withdrawals?',
    });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    const note = within(dialog).getByRole('textbox', { name: 'Admin note' });
    expect(note).toHaveValue('');
    await user.type(note, 'fraud');
    await pickReason(user, dialog, 'Duplicate account');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('1 withdrawal rejected, 1 skipped (already approved)'),
    ).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/withdrawals/bulk');
    expect(patch?.body).toEqual({
      ids: ['w1', 'w2'],
      action: 'reject',
      adminNote: 'fraud',
      reasonCode: 'duplicate_account',
    });
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('bulk approve counts only the checked rows', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA, pendingB])),
      'PATCH /api/admin/withdrawals/bulk': reply(200, { ok: true, updated: 1, skipped: [] }),
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('bob')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve 1 withdrawal?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('1 withdrawal approved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      ids: ['w2'],
      action: 'approve',
    });
    expect(apiCalls(requests).filter((c) => c.startsWith('GET')).length).toBeGreaterThan(1);
  });

  it('a note goes with one bulk decision only: the confirmation names its rows, the next starts without it', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA, pendingB])),
      'PATCH /api/admin/withdrawals/bulk': reply(200, { ok: true, updated: 1, skipped: [] }),
    });
    await screen.findByText('alice');
    const patches = () => requests.filter((r) => r.method === 'PATCH').map((r) => r.body);

    await user.click(within(rowOf('bob')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve 1 withdrawal?',
    });
    expect(within(dialog).getByText('No admin note will be saved.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin note' }), 'Paid via PayPal');
    expect(
      within(dialog).getByText('The note "Paid via PayPal" will be saved on: bob (USR-2, $3.00).'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 withdrawal approved')).toBeInTheDocument();

    // The next decision, its note untouched: it carries none, and says so before.
    await user.click(within(rowOf('bob')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const next = await screen.findByRole('dialog', {
      name: 'Reject 1 withdrawal?',
    });
    expect(within(next).getByRole('textbox', { name: 'Admin note' })).toHaveValue('');
    expect(within(next).getByText('No admin note will be saved.')).toBeInTheDocument();
    await pickReason(user, next, 'Limit exceeded');
    await user.click(within(next).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()).toEqual([
      { ids: ['w2'], action: 'approve', adminNote: 'Paid via PayPal' },
      { ids: ['w2'], action: 'reject', reasonCode: 'limit_exceeded' },
    ]);
  });

  it('a single decision names its row with the note as typed; cancelled, the note is not kept', async () => {
    const user = userEvent.setup();
    const { requests } = renderList({
      'GET /api/admin/withdrawals': reply(200, listOf([pendingA, pendingB])),
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, {
        ok: true,
        withdrawal: { ...pendingA, status: 'approved' },
      }),
    });
    await screen.findByText('alice');
    const approve = async () => {
      await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
      return screen.findByRole('dialog', {
        name: 'Are you sure you want to approve this withdrawal?',
      });
    };

    const first = await approve();
    await user.type(within(first).getByRole('textbox', { name: 'Admin note' }), 'Wrong row');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const single = await approve();
    const note = within(single).getByRole('textbox', { name: 'Admin note' });
    expect(note).toHaveValue('');
    await user.type(note, 'Checked');
    expect(
      within(single).getByText('The note "Checked" will be saved on: alice (USR-1, $12.50).'),
    ).toBeInTheDocument();
    await user.click(within(single).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { action: 'approve', adminNote: 'Checked' },
    ]);
  });

  it("shows each player's account status beside the withdrawal", async () => {
    const disabled = aWithdrawal({
      _id: 'w4',
      userId: 'USR-4',
      user: { username: 'dave', email: 'dave@example.com', status: 'disabled' },
    });
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([pendingA, disabled])) });
    await screen.findByText('dave');
    expect(within(rowOf('dave')).getByText('Account: disabled')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('Account: active')).toBeInTheDocument();
  });

  it("disables Approve on a disabled player's row, saying why on hover; Reject stays", async () => {
    const user = userEvent.setup();
    const disabled = aWithdrawal({
      _id: 'w4',
      userId: 'USR-4',
      user: { username: 'dave', email: 'dave@example.com', status: 'disabled' },
    });
    renderList({ 'GET /api/admin/withdrawals': reply(200, listOf([pendingA, disabled])) });
    await screen.findByText('dave');
    const approve = within(rowOf('dave')).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(within(rowOf('dave')).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(rowOf('alice')).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await user.hover(approve.parentElement as HTMLElement);
    expect(
      await screen.findByRole('tooltip', {
        name: "This player's account is disabled: their withdrawal can be rejected, not approved.",
      }),
    ).toBeInTheDocument();
  });
});
