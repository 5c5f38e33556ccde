import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aWithdrawal, listOf } from '../resources/withdrawals/testing';
import { getToken } from '../storage';
import { reply } from '../test/fakeFetch';
import { apiCalls, renderAdminHolding } from '../test/renderAdmin';

const nav = () => screen.getByRole('navigation', { name: 'Main menu' });

/** The menu's link names, in order, once the page shows. */
const menuLinks = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the menu, by what the admin may read', () => {
  it('a withdrawals reader sees the dashboard and withdrawals only: no Settings, no Audit log', async () => {
    renderAdminHolding(['withdrawals:read']);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(menuLinks()).toEqual(['Dashboard', 'Withdrawals']));
    expect(within(nav()).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    // the dashboard's figures lead only where the admin may go
    expect(screen.getByRole('link', { name: /Pending withdrawals/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Total users/ })).not.toBeInTheDocument();
    expect(screen.getByText('Total users')).toBeInTheDocument();
  });

  it('a settings reader gets the settings pages in the Settings group, and nothing else of it', async () => {
    const user = userEvent.setup();
    renderAdminHolding(['settings:read', 'audit:read']);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(await within(nav()).findByRole('button', { name: 'Settings' }));
    const group = within(screen.getByRole('list', { name: 'Settings' }));
    expect(group.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'App Info',
      'Daily Rewards',
      'Referral',
      'Withdrawal Types',
      'Payout Controls',
    ]);
    expect(menuLinks()).toEqual(expect.arrayContaining(['Dashboard', 'Audit log']));
    expect(menuLinks()).not.toContain('Users');
  });
});

describe('a page the admin may not read', () => {
  it('a resource says so, links to the dashboard, and asks the API nothing', async () => {
    const { requests } = renderAdminHolding(['withdrawals:read'], { entries: ['/bots'] });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(apiCalls(requests).filter((call) => call.includes('/bots'))).toEqual([]);
  });

  it('a form of a resource needs its write: /bots/new for a bots reader', async () => {
    renderAdminHolding(['bots:read'], { entries: ['/bots/new'] });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(
      screen.getByText('You need bots:write to open Bots. Ask an admin who holds users:admin.'),
    ).toBeInTheDocument();
  });

  it('the top bar names the page, and the text the permission it needs and who grants it', async () => {
    renderAdminHolding(['withdrawals:read'], { entries: ['/users'] });
    expect(
      await screen.findByText(
        'You need users:read to open Users. Ask an admin who holds users:admin.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Users: access denied');
    await waitFor(() => expect(document.title).toBe('Users: access denied · Rewards Admin'));
  });

  it('a custom page says the same', async () => {
    renderAdminHolding(['withdrawals:read'], { entries: ['/settings/referral'] });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You need settings:read to open Referral. Ask an admin who holds users:admin.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('buttons the admin may not use', () => {
  it('a settings reader sees the form read-only, Save disabled, its tooltip naming the permission', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdminHolding(['settings:read'], {
      entries: ['/settings/referral'],
      routes: {
        'GET /api/admin/settings/referral': reply(200, {
          maxReferralsPerUser: 10,
          pointsPerReferral: 100,
          updatedAt: null,
        }),
      },
    });
    const points = await screen.findByRole('spinbutton', { name: 'Points per referral' });
    expect(points).toHaveAttribute('readonly');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.hover(save.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Missing permission: settings:write',
    );
    await user.click(points);
    await user.keyboard('{Enter}');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('a withdrawals reader gets no Approve or Reject, per row or in bulk', async () => {
    renderAdminHolding(['withdrawals:read'], {
      entries: ['/withdrawals'],
      routes: { 'GET /api/admin/withdrawals': reply(200, listOf([aWithdrawal()])) },
    });
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject selected' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('a withdrawals reader is told once, above the list, why the queue is read-only', async () => {
    renderAdminHolding(['withdrawals:read'], {
      entries: ['/withdrawals'],
      routes: { 'GET /api/admin/withdrawals': reply(200, listOf([aWithdrawal()])) },
    });
    await screen.findByText('alice');
    const notes = screen.getAllByText(
      'Read-only: approving and rejecting withdrawals needs withdrawals:approve. Ask an admin who holds users:admin.',
    );
    expect(notes).toHaveLength(1);
    // above the list
    const table = screen.getByRole('table');
    expect(notes[0]?.compareDocumentPosition(table)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("a withdrawal's username is plain text to an admin who may not open users, a link to one who may", async () => {
    const detail = { 'GET /api/admin/withdrawals/w1': reply(200, aWithdrawal({ _id: 'w1' })) };
    const reader = renderAdminHolding(['withdrawals:read'], {
      entries: ['/withdrawals/w1'],
      routes: detail,
    });
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'alice' })).not.toBeInTheDocument();
    reader.unmount();

    renderAdminHolding(['withdrawals:read', 'users:read'], {
      entries: ['/withdrawals/w1'],
      routes: detail,
    });
    expect(await screen.findByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      '/users/USR-1',
    );
  });

  it('an approver gets them', async () => {
    renderAdminHolding(['withdrawals:approve'], {
      entries: ['/withdrawals'],
      routes: { 'GET /api/admin/withdrawals': reply(200, listOf([aWithdrawal()])) },
    });
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeInTheDocument();
    expect(screen.queryByText(/^Read-only:/)).not.toBeInTheDocument();
  });
});

describe('a 403 from the API', () => {
  it("shows the server's message and leaves the admin signed in", async () => {
    const user = userEvent.setup();
    renderAdminHolding(['*'], {
      entries: ['/withdrawals'],
      routes: {
        'GET /api/admin/withdrawals': reply(200, listOf([aWithdrawal()])),
        'PATCH /api/admin/withdrawals/w1/decision': reply(403, {
          error: 'Missing permission: withdrawals:approve',
          code: 'forbidden',
          permission: 'withdrawals:approve',
        }),
      },
    });
    const row = (await screen.findByText('alice')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Missing permission: withdrawals:approve')).toBeInTheDocument();
    expect(getToken()).toBe('tok-test');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
