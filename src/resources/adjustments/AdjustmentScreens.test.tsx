import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CREDIT_SECOND_APPROVER } from '../../../contract/adjustments';
import { callsTo, listOf, reply } from '../../test/fakeFetch';
import { apiCalls, renderAdmin, renderAdminHolding } from '../../test/renderAdmin';
import { anAdjustment } from './testing';

const ONE = '/api/admin/adjustments/adj1';

const decided = (action: 'approve' | 'reject') =>
  reply(200, {
    ok: true,
    adjustment: anAdjustment({
      status: action === 'approve' ? 'approved' : 'rejected',
      decidedBy: 'tester',
      decidedAt: '2026-11-21T09:00:00.000Z',
      decisionNote: 'Checked the results',
    }),
  });

describe('Adjustments list', () => {
  it('lists the pending credits by default, newest first, with their reason and who asked', async () => {
    const { requests } = renderAdmin({
      entries: ['/adjustments'],
      routes: { 'GET /api/admin/adjustments': listOf([anAdjustment()]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Adjustments' })).toBeVisible();
    const row = (await screen.findByText('+50,000')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      '/users/USR-1',
    );
    expect(within(row).getByText('Contest prize')).toBeVisible();
    expect(within(row).getByText('Spring cup winner')).toBeVisible();
    expect(within(row).getByText('carol')).toBeVisible();
    expect(within(row).getByText('pending')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/adjustments/adj1',
    );
    expect(apiCalls(requests)).toContain(
      'GET /api/admin/adjustments?page=1&limit=20&sort=requestedAt%3Adesc&status=pending',
    );
  });

  it('filters by player and by status', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/adjustments'],
      routes: { 'GET /api/admin/adjustments': listOf([anAdjustment()]) },
    });
    await user.type(
      await screen.findByRole('searchbox', { name: 'Player (userId)' }),
      'USR-1{Enter}',
    );
    await waitFor(() => expect(apiCalls(requests).at(-1)).toMatch(/status=pending&userId=USR-1$/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(apiCalls(requests).at(-1)).toMatch(/desc&userId=USR-1$/));
  });

  it('a users reader sees the credits, and is told deciding needs adjustments:approve', async () => {
    renderAdminHolding(['users:read'], {
      entries: ['/adjustments'],
      routes: { 'GET /api/admin/adjustments': listOf([anAdjustment()]) },
    });
    expect(await screen.findByText('+50,000')).toBeVisible();
    expect(
      screen.getByText(/Read-only: approving and rejecting credits needs adjustments:approve/),
    ).toBeVisible();
  });
});

describe('Adjustment detail', () => {
  it('approves after confirming, with the note, then shows the credit approved', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/adjustments/adj1'],
      routes: {
        [`GET ${ONE}`]: reply(200, anAdjustment()),
        [`PATCH ${ONE}/decision`]: decided('approve'),
      },
    });
    expect(await screen.findByText('+50,000')).toBeVisible();
    expect(screen.getByText('Requested by').nextSibling).toHaveTextContent('carol');
    await user.type(
      screen.getByRole('textbox', { name: 'Decision note (optional)' }),
      'Checked the results',
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to approve this credit?',
    });
    expect(dialog).toHaveTextContent("50,000 points are added to alice's balance.");
    expect(callsTo(requests, 'PATCH', `${ONE}/decision`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Credit approved')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', `${ONE}/decision`)[0]?.body).toEqual({
      action: 'approve',
      note: 'Checked the results',
    });
    expect(await screen.findByText('This credit is already approved.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('rejects after confirming, without a note when none was typed', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/adjustments/adj1'],
      routes: {
        [`GET ${ONE}`]: reply(200, anAdjustment()),
        [`PATCH ${ONE}/decision`]: decided('reject'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to reject this credit?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Credit rejected')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', `${ONE}/decision`)[0]?.body).toEqual({ action: 'reject' });
  });

  it('disables Approve and says why when the API would refuse this admin; Reject stays', async () => {
    renderAdmin({
      entries: ['/adjustments/adj1'],
      routes: {
        [`GET ${ONE}`]: reply(
          200,
          anAdjustment({
            approvalRefusal: { code: 'second_approver_required', error: CREDIT_SECOND_APPROVER },
          }),
        ),
      },
    });
    expect(await screen.findByText(CREDIT_SECOND_APPROVER)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it("says the server's refusal when the decision fails, and reloads the credit", async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/adjustments/adj1'],
      routes: {
        [`GET ${ONE}`]: reply(200, anAdjustment()),
        [`PATCH ${ONE}/decision`]: reply(409, {
          error: 'already approved',
          code: 'already_decided',
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('already approved')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(requests, 'GET', ONE).length).toBeGreaterThan(1));
  });

  it('offers no decision to an admin without adjustments:approve', async () => {
    renderAdminHolding(['users:*', 'withdrawals:*'], {
      entries: ['/adjustments/adj1'],
      routes: { [`GET ${ONE}`]: reply(200, anAdjustment()) },
    });
    expect(await screen.findByText('+50,000')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
