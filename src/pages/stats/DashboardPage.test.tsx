import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StatsRange, UsersOverTime } from '../../../contract/stats';
import { formatDateTime } from '../../format';
import { type RecordedRequest, reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin, renderAdminHolding } from '../../test/renderAdmin';

const week: UsersOverTime = {
  range: 'week',
  labels: [
    '2025-11-15',
    '2025-11-16',
    '2025-11-17',
    '2025-11-18',
    '2025-11-19',
    '2025-11-20',
    '2025-11-21',
  ],
  data: [3, 5, 0, 7, 2, 4, 6],
  totalInRange: 27,
};
const day: UsersOverTime = {
  range: 'day',
  labels: Array.from({ length: 24 }, (_, h) => `2025-11-21T${String(h).padStart(2, '0')}:00:00Z`),
  data: Array.from({ length: 24 }, () => 1),
  totalInRange: 24,
};
const byRange: Record<StatsRange, UsersOverTime> = {
  day,
  week,
  month: { ...week, range: 'month', totalInRange: 1234 },
};

const statsRoutes = {
  'GET /api/admin/stats/users': (request: RecordedRequest) => {
    const range = (new URL(request.url).searchParams.get('range') ?? 'week') as StatsRange;
    return reply(200, byRange[range]);
  },
  'GET /api/admin/stats/summary': reply(200, {
    pendingWithdrawals: 12,
    oldestPendingAt: null,
    totalUsers: 3456,
  }),
};

const renderDashboard = (routes: RenderAdminOptions['routes'] = statsRoutes) =>
  renderAdmin({ routes });

const statsCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith('/api/admin/stats/')).map((r) => r.path);

describe('Dashboard', () => {
  it('asks for the week by default and shows the total, the KPIs and the chart', async () => {
    const { requests } = renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const total = screen.getByRole('group', { name: 'Total in range' });
    await waitFor(() => expect(total).toHaveTextContent('27'));
    expect(statsCalls(requests)).toEqual(
      expect.arrayContaining(['/api/admin/stats/users?range=week', '/api/admin/stats/summary']),
    );
    expect(screen.getByRole('group', { name: 'Range' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');

    const pending = screen.getByRole('link', { name: /Pending withdrawals/ });
    await waitFor(() => expect(pending).toHaveTextContent('12'));
    expect(pending).toHaveAttribute('href', '/withdrawals');
    const users = screen.getByRole('link', { name: /Total users/ });
    expect(users).toHaveTextContent('3,456');
    expect(users).toHaveAttribute('href', '/users');

    // the lazily loaded chart module renders its container
    expect(await screen.findByRole('figure', { name: 'New users chart' })).toBeInTheDocument();
  });

  it('the KPI cards lead to their screens', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const pending = await screen.findByRole('link', { name: /Pending withdrawals/ });
    await waitFor(() => expect(pending).toHaveTextContent('12'));

    await user.click(pending);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdrawals' }),
    ).toBeInTheDocument();
  });

  it('switching to Day asks for range=day and shows its total', async () => {
    const user = userEvent.setup();
    const { requests } = renderDashboard();
    const total = await screen.findByRole('group', { name: 'Total in range' });
    await waitFor(() => expect(total).toHaveTextContent('27'));

    await user.click(screen.getByRole('button', { name: 'Day' }));

    await waitFor(() => expect(total).toHaveTextContent('24'));
    expect(statsCalls(requests)).toContain('/api/admin/stats/users?range=day');
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(total).toHaveTextContent('1,234'));
    expect(statsCalls(requests)).toContain('/api/admin/stats/users?range=month');
  });

  it('Refresh reloads both the chart data and the cards', async () => {
    const user = userEvent.setup();
    const { requests } = renderDashboard();
    const total = await screen.findByRole('group', { name: 'Total in range' });
    await waitFor(() => expect(total).toHaveTextContent('27'));
    const before = statsCalls(requests).length;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => {
      const after = statsCalls(requests).slice(before);
      expect(after).toEqual(
        expect.arrayContaining(['/api/admin/stats/users?range=week', '/api/admin/stats/summary']),
      );
    });
  });

  it('a failing stats call is only logged: no error text, the rest still shows', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDashboard({
      'GET /api/admin/stats/users': reply(500, { error: 'Database is down', code: 'internal' }),
      'GET /api/admin/stats/summary': reply(200, {
        pendingWithdrawals: 4,
        oldestPendingAt: null,
        totalUsers: 9,
      }),
    });

    const pending = await screen.findByRole('link', { name: /Pending withdrawals/ });
    await waitFor(() => expect(pending).toHaveTextContent('4'));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        'Dashboard: could not load new users over time',
        expect.objectContaining({ status: 500 }),
      ),
    );
    expect(screen.queryByText(/Database is down/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total in range' })).toHaveTextContent('-');
  });

  it('shows how long the oldest pending withdrawal has waited, the exact time in its title', async () => {
    const user = userEvent.setup();
    const oldestPendingAt = new Date(
      Date.now() - (2 * 24 * 60 + 4 * 60 + 30) * 60_000,
    ).toISOString();
    const { requests } = renderDashboard({
      ...statsRoutes,
      'GET /api/admin/stats/summary': reply(200, {
        pendingWithdrawals: 12,
        oldestPendingAt,
        totalUsers: 3456,
      }),
      'GET /api/admin/withdrawals': reply(200, { items: [], total: 0, page: 1, limit: 20 }),
    });

    const oldest = await screen.findByRole('link', { name: /Oldest pending/ });
    await waitFor(() => expect(oldest).toHaveTextContent('2 d 4 h'));
    expect(within(oldest).getByText('2 d 4 h')).toHaveAttribute(
      'title',
      `Requested ${formatDateTime(oldestPendingAt)}`,
    );
    // beside the pending count
    const cards = screen.getAllByRole('link', {
      name: /Pending withdrawals|Oldest pending|Total users/,
    });
    expect(cards.map((card) => card.querySelector('h2')?.textContent)).toEqual([
      'Pending withdrawals',
      'Oldest pending',
      'Total users',
    ]);

    // it leads to the pending withdrawals, the longest waiting first
    await user.click(oldest);
    await waitFor(() => {
      const list = requests.find((r) => r.path.startsWith('/api/admin/withdrawals?'));
      const query = new URL(list?.url ?? 'http://x/').searchParams;
      expect(query.get('sort')).toBe('waiting:desc');
      expect(query.get('status')).toBe('pending');
    });
  });

  it("says 'None' when no withdrawal is pending", async () => {
    renderDashboard();
    const oldest = await screen.findByRole('link', { name: /Oldest pending/ });
    await waitFor(() => expect(oldest).toHaveTextContent('None'));
    expect(within(oldest).getByText('None')).not.toHaveAttribute('title');
  });
});

describe('Dashboard, live', () => {
  it("a stats event updates the KPIs and the menu's pending count, from one summary request", async () => {
    let summary = { pendingWithdrawals: 12, oldestPendingAt: null, totalUsers: 3456 };
    const { requests, liveStream } = renderDashboard({
      ...statsRoutes,
      'GET /api/admin/stats/summary': () => reply(200, summary),
    });
    const pending = await screen.findByRole('link', { name: /Pending withdrawals/ });
    await waitFor(() => expect(pending).toHaveTextContent('12'));
    const menuLink = screen.getByRole('link', { name: 'Withdrawals' });
    expect(menuLink).toHaveAccessibleDescription('12 pending');
    expect(within(menuLink).getByText('12')).toBeInTheDocument();
    const summaries = () => statsCalls(requests).filter((p) => p === '/api/admin/stats/summary');
    expect(summaries()).toHaveLength(1);
    await liveStream.connected();
    // one 'Live' on the page, the top bar's: none repeated on each card
    await waitFor(() => expect(screen.getAllByText('Live')).toHaveLength(1));
    expect(within(screen.getByRole('banner')).getByText('Live')).toBeInTheDocument();

    summary = { pendingWithdrawals: 11, oldestPendingAt: null, totalUsers: 3457 };
    liveStream.emit('stats', { topic: 'stats', type: 'updated' });

    await waitFor(() => expect(pending).toHaveTextContent('11'));
    expect(screen.getByRole('link', { name: /Total users/ })).toHaveTextContent('3,457');
    expect(menuLink).toHaveAccessibleDescription('11 pending');
    expect(summaries()).toHaveLength(2);

    summary = { pendingWithdrawals: 0, oldestPendingAt: null, totalUsers: 3457 };
    liveStream.emit('stats', { topic: 'stats', type: 'updated' });
    await waitFor(() => expect(pending).toHaveTextContent('0'));
    expect(menuLink).not.toHaveAccessibleDescription();
  });

  it('an admin who may not read withdrawals sees no count in the menu', async () => {
    renderAdminHolding(['users:read'], { routes: statsRoutes });
    const total = await screen.findByRole('link', { name: /Total users/ });
    await waitFor(() => expect(total).toHaveTextContent('3,456'));
    expect(screen.queryByRole('link', { name: 'Withdrawals' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByText('12')).not.toBeInTheDocument();
  });
});
