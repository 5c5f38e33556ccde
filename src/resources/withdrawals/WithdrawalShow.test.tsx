import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  findHistory,
  historyEntry,
  historyItems,
  historyOf,
  lastHistoryQuery,
} from '../../components/timeline/testing';
import { type FakeRoute, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal, listOf, pickReason } from './testing';

const pending = aWithdrawal({
  _id: 'w1',
  usdValue: 10,
  rateUsdPerPoint: 0.01,
  fixedUsdAmount: null,
});
const approved = aWithdrawal({
  _id: 'w2',
  status: 'approved',
  fixedUsdAmount: 5,
  adminNote: 'Paid',
  decidedAt: '2025-11-21T09:00:00.000Z',
  decidedBy: 'admin',
});

const renderDetail = (
  entries: string[],
  routes: Record<string, FakeRoute | ReturnType<typeof reply>>,
) => renderAdmin({ entries, routes });

describe('Withdrawal detail', () => {
  it('shows every field, the title, and Approve / Reject while pending', async () => {
    renderDetail(['/withdrawals/w1'], { 'GET /api/admin/withdrawals/w1': reply(200, pending) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawal w1' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('paypal_10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/users/USR-1');
    expect(screen.getByText('USR-1')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('1,000')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText('0.01')).toBeInTheDocument();
    expect(screen.getByText('Fixed USD amount').nextSibling).toHaveTextContent('-');
    expect(screen.getByText('alice@paypal.example')).toBeInTheDocument();
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Moderation note' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByText(/This withdrawal is already/)).not.toBeInTheDocument();
  });

  it("shows the player's account status beside the withdrawal", async () => {
    const ofDisabled = aWithdrawal({
      _id: 'w3',
      user: { username: 'alice', email: 'alice@example.com', status: 'disabled' },
    });
    renderDetail(['/withdrawals/w3'], { 'GET /api/admin/withdrawals/w3': reply(200, ofDisabled) });

    expect(await screen.findByText('Account: disabled')).toBeInTheDocument();
  });

  it("shows 'This withdrawal is already approved.' and no actions once decided", async () => {
    renderDetail(['/withdrawals/w2'], { 'GET /api/admin/withdrawals/w2': reply(200, approved) });

    expect(await screen.findByText('This withdrawal is already approved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.getByText('$5.00')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Decided by').nextSibling).toHaveTextContent('admin');
  });

  it('rejects with the moderation note after confirming, then shows the status the decision answered', async () => {
    const user = userEvent.setup();
    const rejected = { ...pending, status: 'rejected', adminNote: 'Duplicate' };
    const { requests } = renderDetail(['/withdrawals/w1'], {
      // a second load would still say pending: what shows must come from the decision's answer
      'GET /api/admin/withdrawals/w1': reply(200, pending),
      'PATCH /api/admin/withdrawals/w1/decision': reply(200, { ok: true, withdrawal: rejected }),
    });

    await user.type(await screen.findByRole('textbox', { name: 'Moderation note' }), 'Duplicate');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm to reject this withdrawal?',
    });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    // the moderation note is where the dialog's starts
    expect(within(dialog).getByRole('textbox', { name: 'Admin note' })).toHaveValue('Duplicate');
    await pickReason(user, dialog, 'Duplicate account');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      action: 'reject',
      adminNote: 'Duplicate',
      reasonCode: 'duplicate_account',
    });
    expect(await screen.findByText('This withdrawal is already rejected.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/admin/withdrawals/w1')).toHaveLength(1);
  });

  it('Back returns to the previous page', async () => {
    const user = userEvent.setup();
    renderDetail(['/withdrawals/w2', '/withdrawals/w1'], {
      'GET /api/admin/withdrawals/w1': reply(200, pending),
      'GET /api/admin/withdrawals/w2': reply(200, approved),
    });
    await screen.findByRole('heading', { level: 1, name: 'Withdrawal w1' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawal w2' }),
    ).toBeInTheDocument();
  });

  it('Back goes to the list when the page was opened directly', async () => {
    const user = userEvent.setup();
    renderDetail(['/withdrawals/w1'], {
      'GET /api/admin/withdrawals/w1': reply(200, pending),
      'GET /api/admin/withdrawals': reply(200, listOf([pending])),
    });
    await screen.findByText('paypal_10');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawals' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
  });
  it("says 'Withdrawal not found' for an unknown id, not react-admin's wording, and goes back to the list", async () => {
    renderDetail(['/withdrawals/9999999'], {
      'GET /api/admin/withdrawals/9999999': reply(404, {
        error: 'Withdrawal not found',
        code: 'not_found',
      }),
      'GET /api/admin/withdrawals': reply(200, listOf([pending])),
    });

    expect(await screen.findByText('Withdrawal not found')).toBeInTheDocument();
    expect(screen.queryByText('Element does not exist')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawals' }),
    ).toBeInTheDocument();
  });

  it('shows its history: each approval and decision, and the request itself last', async () => {
    const approvedTwice = aWithdrawal({ _id: 'w1', status: 'approved' });
    const { requests } = renderDetail(['/withdrawals/w1'], {
      'GET /api/admin/withdrawals/w1': reply(200, approvedTwice),
      'GET /api/admin/audit': historyOf([
        historyEntry({
          _id: '2',
          actor: 'bob',
          action: 'withdrawal.approve',
          entity: 'withdrawal',
          entityId: 'w1',
          before: { status: 'pending' },
          after: { status: 'approved', adminNote: null, approvals: 2, approvalsRequired: 2 },
        }),
        historyEntry({
          _id: '1',
          actor: 'carol',
          action: 'withdrawal.approval',
          entity: 'withdrawal',
          entityId: 'w1',
          before: { approvals: 0 },
          after: { approvals: 1, approvalsRequired: 2, adminNote: 'checked' },
        }),
      ]),
    });
    const card = await findHistory();
    expect(await within(card).findByText('Approved')).toBeInTheDocument();
    const items = historyItems(card).map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^Approved.*bob/);
    expect(items[1]).toMatch(/^First approval \(1 of 2\).*carol/);
    expect(items[2]).toMatch(/^Requested by alice/);
    expect(lastHistoryQuery(requests)).toMatchObject({ entity: 'withdrawal', entityId: 'w1' });
  });
});
