import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Signal } from '../../../contract/withdrawal-signals';
import { gated, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { aWithdrawal, listOf } from './testing';

const shared: Signal = {
  code: 'shared_destination',
  level: 'high',
  title: 'Shared destination',
  detail: '2 other accounts withdrew to this destination; 1 of them disabled.',
  evidence: { resource: 'withdrawals', filter: { destination: 'pay@shared.example' } },
};
const young: Signal = {
  code: 'new_account',
  level: 'high',
  title: 'New account',
  detail: 'The account was 19 hours old when it asked.',
  evidence: { resource: 'users', filter: { ids: ['USR-1'] } },
};
const often: Signal = {
  code: 'velocity',
  level: 'warning',
  title: 'Frequent withdrawals',
  detail: '3 in the 24 hours before, 3 in the 7 days.',
  evidence: { resource: 'withdrawals', filter: { ids: ['7', '8', '9'] } },
};

const risky = aWithdrawal({ _id: 'w1', risk: { level: 'high', count: 3 } });
const calm = aWithdrawal({
  _id: 'w2',
  userId: 'USR-2',
  user: { username: 'bob', email: 'bob@example.com', status: 'active' },
  usdValue: 3,
});
const alsoRisky = aWithdrawal({
  _id: 'w3',
  userId: 'USR-3',
  user: { username: 'carol', email: 'carol@example.com', status: 'active' },
  usdValue: 4,
  risk: { level: 'high', count: 1 },
});

const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const rowOf = (text: string) => {
  const row = dataRows().find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('Risk signals on the withdrawal page', () => {
  it("lists each signal's level, title, detail and evidence link, above the decision buttons", async () => {
    renderAdmin({
      entries: ['/withdrawals/w1'],
      routes: {
        'GET /api/admin/withdrawals/w1': reply(200, risky),
        'GET /api/admin/withdrawals/w1/signals': reply(200, { signals: [shared, young, often] }),
      },
    });

    const card = await screen.findByRole('region', { name: 'Risk signals' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `HighShared destination${shared.detail} Show the withdrawals`,
      `HighNew account${young.detail} Show the players`,
      `WarningFrequent withdrawals${often.detail} Show the withdrawals`,
    ]);
    const links = within(card).getAllByRole('link');
    const filterOf = (link: HTMLElement) =>
      new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('filter');
    expect(
      links.map((link) => new URL(link.getAttribute('href') ?? '', 'http://x').pathname),
    ).toEqual(['/withdrawals', '/users', '/withdrawals']);
    expect(links.map((link) => JSON.parse(filterOf(link) ?? ''))).toEqual([
      { destination: 'pay@shared.example' },
      { ids: ['USR-1'] },
      { ids: ['7', '8', '9'] },
    ]);
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(card.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'No risk signals' when there are none", async () => {
    renderAdmin({
      entries: ['/withdrawals/w2'],
      routes: {
        'GET /api/admin/withdrawals/w2': reply(200, calm),
        'GET /api/admin/withdrawals/w2/signals': reply(200, { signals: [] }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Risk signals' });
    expect(await within(card).findByText('No risk signals')).toBeInTheDocument();
  });

  it('approving a withdrawal with high signals asks first, naming them', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/withdrawals/w1'],
      routes: {
        'GET /api/admin/withdrawals/w1': reply(200, risky),
        'GET /api/admin/withdrawals/w1/signals': reply(200, { signals: [shared, young, often] }),
        'PATCH /api/admin/withdrawals/w1/decision': reply(200, {
          ok: true,
          withdrawal: { ...risky, status: 'approved' },
        }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Confirm to approve this withdrawal?',
    });
    expect(
      await within(dialog).findByText(
        'This withdrawal has high risk signals: Shared destination, New account.',
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ action: 'approve' });
  });
});

describe('Risk in the queue', () => {
  it('shows each row its risk as a chip, the titles read only on hover', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/withdrawals'],
      routes: {
        'GET /api/admin/withdrawals': reply(200, listOf([risky, calm])),
        'GET /api/admin/withdrawals/w1/signals': reply(200, { signals: [shared, young, often] }),
      },
    });
    await screen.findByText('alice');
    const signalReads = () => requests.filter((r) => r.path.endsWith('/signals'));

    const chip = within(rowOf('alice')).getByLabelText('High risk, 3 signals');
    expect(chip).toHaveTextContent('High 3');
    expect(within(rowOf('bob')).getByLabelText('No risk signals')).toBeInTheDocument();
    expect(signalReads()).toHaveLength(0);

    await user.hover(chip);
    const tooltip = await screen.findByRole('tooltip');
    expect(await within(tooltip).findByText('High: Shared destination')).toBeInTheDocument();
    expect(within(tooltip).getByText('High: New account')).toBeInTheDocument();
    expect(within(tooltip).getByText('Warning: Frequent withdrawals')).toBeInTheDocument();
    expect(signalReads()).toHaveLength(1);
  });

  it("approving a row marked high from the queue waits for its signals' names before Confirm", async () => {
    const user = userEvent.setup();
    const signals = gated(reply(200, { signals: [shared, often] }));
    const { requests } = renderAdmin({
      entries: ['/withdrawals'],
      routes: {
        'GET /api/admin/withdrawals': reply(200, listOf([risky])),
        'GET /api/admin/withdrawals/w1/signals': signals.route,
      },
    });
    await screen.findByText('alice');

    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to approve this withdrawal?',
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking the risk signals…');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();

    signals.open();
    expect(
      await within(dialog).findByText('This withdrawal has high risk signals: Shared destination.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('the Risk filter narrows the list to high or warning', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/withdrawals'],
      routes: { 'GET /api/admin/withdrawals': reply(200, listOf([risky])) },
    });
    await screen.findByText('alice');
    const lastQuery = () =>
      new URL(
        requests.filter((r) => r.path.startsWith('/api/admin/withdrawals?')).at(-1)?.url ?? '',
      ).searchParams;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'High');
    await waitFor(() => expect(lastQuery().get('risk')).toBe('high'));
    expect(lastQuery().get('status')).toBe('pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'Warning');
    await waitFor(() => expect(lastQuery().get('risk')).toBe('warning'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'All');
    await waitFor(() => expect(lastQuery().has('risk')).toBe(false));
  });

  it("an evidence link's destination filter lists every status to it, shown as a chip that removes it", async () => {
    const user = userEvent.setup();
    const filter = encodeURIComponent(JSON.stringify({ destination: 'pay@shared.example' }));
    const { requests } = renderAdmin({
      entries: [`/withdrawals?filter=${filter}`],
      routes: { 'GET /api/admin/withdrawals': reply(200, listOf([risky])) },
    });
    await screen.findByText('alice');
    const lastQuery = () =>
      new URL(
        requests.filter((r) => r.path.startsWith('/api/admin/withdrawals?')).at(-1)?.url ?? '',
      ).searchParams;
    expect(lastQuery().get('destination')).toBe('pay@shared.example');
    expect(lastQuery().has('status')).toBe(false);

    const chip = screen.getByRole('button', { name: 'Destination: pay@shared.example' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastQuery().has('destination')).toBe(false));
  });

  it('bulk approve says how many selected rows carry a high signal and can leave them out', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdmin({
      entries: ['/withdrawals'],
      routes: {
        'GET /api/admin/withdrawals': reply(200, listOf([risky, calm, alsoRisky])),
        'PATCH /api/admin/withdrawals/bulk': reply(200, { ok: true, updated: 1, skipped: [] }),
      },
    });
    await screen.findByText('alice');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 withdrawals?' });
    expect(
      within(dialog).getByText('2 of these 3 withdrawals carry a high risk signal.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Leave them out' }));
    expect(screen.getByRole('dialog', { name: 'Approve 1 withdrawal?' })).toBe(dialog);
    expect(within(dialog).getByRole('list', { name: 'Withdrawals' })).toHaveTextContent(
      /^bob: \$3\.00$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('1 withdrawal approved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      ids: ['w2'],
      action: 'approve',
    });
  });
});
