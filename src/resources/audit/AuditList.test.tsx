import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, gated, listOf, type RecordedRequest, reply } from '../../test/fakeFetch';
import { renderAdmin, renderAdminHolding } from '../../test/renderAdmin';
import { anEntry, FACETS, summaryOf } from './testing';

const botEdit = anEntry({ _id: '11', at: '2025-03-01T10:02:03.000Z' });
const approval = anEntry({
  _id: '12',
  actor: 'bob',
  action: 'withdrawal.approve',
  entity: 'withdrawal',
  entityId: '7',
});
const userEdit = anEntry({
  _id: '13',
  action: 'user.update',
  entity: 'user',
  entityId: 'USR-1',
  entityName: 'carol',
});
const seeded = anEntry({
  _id: '14',
  actorId: null,
  actor: null,
  action: 'settings.update',
  entity: 'settings',
  entityId: 'referral',
  ip: null,
});
const ROWS = [botEdit, approval, userEdit, seeded].map(summaryOf);

const renderList = (list: FakeRoute | ReturnType<typeof reply>, entries = ['/audit']) =>
  renderAdmin({
    entries,
    routes: {
      'GET /api/admin/audit': list,
      'GET /api/admin/audit/facets': reply(200, FACETS),
    },
  });

const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/admin/audit');
const lastQuery = (requests: RecordedRequest[]) =>
  Object.fromEntries(new URL(listCalls(requests).at(-1)?.url ?? 'http://x').searchParams);

const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** The row of an action, by its code (shown on hover). */
const rowOf = (action: string) => {
  const row = dataRows().find((r) => within(r).queryByTitle(action));
  if (!row) throw new Error(`no row with ${action}`);
  return row;
};

describe('Audit log list', () => {
  it('asks for the newest entries, 20 a page; shows loading, then the rows', async () => {
    const { route, open } = gated(listOf(ROWS, 4));
    const { requests } = renderList(route);

    expect(await screen.findByText('Loading audit entries…')).toBeInTheDocument();
    // (the list asks once its access check has answered)
    await waitFor(() => expect(lastQuery(requests)).not.toEqual({}));
    expect(lastQuery(requests)).toEqual({ page: '1', limit: '20', sort: 'at:desc' });
    open();
    expect(await screen.findByRole('cell', { name: 'Approved' })).toBeInTheDocument();
    expect(dataRows()).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getByText('4 total · Page 1 of 1')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Record', 'IP', 'Actions']);
  });

  it('shows when to the second, who (system when nobody), and the IP', async () => {
    renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });

    const row = rowOf('withdrawal.approve');
    const when = new Date(approval.at).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'medium',
    });
    expect(within(row).getByText(when)).toBeInTheDocument();
    expect(within(row).getByText('bob')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
    const system = rowOf('settings.update');
    expect(within(system).getByText('system')).toBeInTheDocument();
    expect(within(system).getByText('-')).toBeInTheDocument();
  });

  it('links a record to its page where the console has one, else names it', async () => {
    renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });

    const link = (text: string) => within(rowOf(text)).getByRole('link', { name: /^(?!View)/ });
    expect(link('bot.update')).toHaveAttribute('href', '/bots/bot_b1/edit');
    expect(link('bot.update')).toHaveTextContent('bot bot_b1');
    expect(link('withdrawal.approve')).toHaveAttribute('href', '/withdrawals/7');
    expect(link('user.update')).toHaveAttribute('href', '/users/USR-1');
    expect(link('user.update')).toHaveTextContent('user carol');
    const settings = rowOf('settings.update');
    expect(within(settings).getByText('referral')).toBeInTheDocument();
    expect(
      within(settings)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['View']);
  });

  it("says each action in the timelines' words, its code on hover, and a user by username", async () => {
    const signIn = anEntry({
      _id: '23',
      action: 'auth.login',
      entity: 'user',
      entityId: 'USR-9',
      entityName: 'dave',
    });
    renderList(listOf([...ROWS, summaryOf(signIn)]));
    await screen.findByRole('cell', { name: 'Approved' });

    const table = within(screen.getByRole('table'));
    expect(table.queryByText('withdrawal.approve')).not.toBeInTheDocument();
    expect(screen.getByText('Approved')).toHaveAttribute('title', 'withdrawal.approve');
    expect(screen.getByText('Signed in')).toHaveAttribute('title', 'auth.login');
    expect(within(rowOf('auth.login')).getByRole('link', { name: 'user dave' })).toHaveAttribute(
      'href',
      '/users/USR-9',
    );
    expect(screen.getByText('dave')).toHaveAttribute('title', 'USR-9');
    expect(table.queryByText('USR-9')).not.toBeInTheDocument();
  });

  it('names a record without linking it for an admin who may not open its page', async () => {
    renderAdminHolding(['audit:read'], {
      entries: ['/audit'],
      routes: {
        'GET /api/admin/audit': listOf(ROWS),
        'GET /api/admin/audit/facets': reply(200, FACETS),
      },
    });
    await screen.findByRole('cell', { name: 'Approved' });
    expect(within(rowOf('user.update')).getByText('carol')).toBeInTheDocument();
    expect(
      within(rowOf('user.update'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['View']);
  });

  it('names a failed sign-in as not signed in, and links no deleted record', async () => {
    const failed = anEntry({
      _id: '21',
      actorId: null,
      actor: null,
      action: 'auth.login_failed',
      entity: 'session',
      entityId: null,
    });
    const deleted = anEntry({ _id: '22', action: 'bot.delete' });
    renderList(listOf([failed, deleted].map(summaryOf)));
    await screen.findByRole('cell', { name: 'Deleted' });

    expect(within(rowOf('auth.login_failed')).getByText('not signed in')).toBeInTheDocument();
    expect(
      within(rowOf('bot.delete'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['View']);
  });

  it('a text filter applied after its pause keeps a filter chosen during the pause', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });

    await user.type(screen.getByRole('textbox', { name: 'Who' }), 'bob');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Action' }),
      'withdrawal.approve',
    );
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ actor: 'bob', action: 'withdrawal.approve' }),
    );
    expect(screen.getByRole('textbox', { name: 'Who' })).toHaveValue('bob');
  });

  it('is read-only: each row opens its entry, and nothing creates, edits or deletes', async () => {
    renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });

    expect(
      within(rowOf('bot.update')).getByRole('link', { name: 'View entry 11' }),
    ).toHaveAttribute('href', '/audit/11/show');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    for (const name of [/create/i, /edit/i, /delete/i]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('filters by who, action, record type and record id', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });

    await user.type(screen.getByRole('textbox', { name: 'Who' }), ' Alice {Enter}');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ actor: 'Alice', page: '1' }));

    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All',
      'Updated (bot.update)',
      'Updated (settings.update)',
      'Approved (withdrawal.approve)',
    ]);
    await user.selectOptions(action, 'withdrawal.approve');
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ action: 'withdrawal.approve' }),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'withdrawal');
    await user.type(screen.getByRole('textbox', { name: 'Record id' }), '7{Enter}');
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({
        page: '1',
        limit: '20',
        sort: 'at:desc',
        actor: 'Alice',
        action: 'withdrawal.approve',
        entity: 'withdrawal',
        entityId: '7',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({ page: '1', limit: '20', sort: 'at:desc' }),
    );
    expect(screen.getByRole('textbox', { name: 'Who' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Who' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('');
  });

  it('sends From and To as instants, and refuses a To before From', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(listOf(ROWS));
    await screen.findByRole('cell', { name: 'Approved' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    await user.type(from, '2025-03-01T10:00');
    await waitFor(() =>
      expect(lastQuery(requests).from).toBe(new Date('2025-03-01T10:00').toISOString()),
    );
    const sent = listCalls(requests).length;
    await user.type(to, '2025-03-01T09:00');
    expect(await screen.findByText('Must not be before From')).toBeInTheDocument();
    expect(listCalls(requests)).toHaveLength(sent);

    await user.clear(to);
    await user.type(to, '2025-03-02T00:00');
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({
        from: new Date('2025-03-01T10:00').toISOString(),
        to: new Date('2025-03-02T00:00').toISOString(),
      }),
    );
    expect(screen.queryByText('Must not be before From')).not.toBeInTheDocument();
  });

  it('keeps a filter from the address in its select, even one the facets do not list', async () => {
    const filter = encodeURIComponent(JSON.stringify({ action: 'deck.copy' }));
    const { requests } = renderList(listOf([]), [`/audit?filter=${filter}`]);

    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
    expect(lastQuery(requests)).toMatchObject({ action: 'deck.copy' });
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('deck.copy');
  });

  it('says so when there are no entries at all', async () => {
    renderList(listOf([]));
    expect(await screen.findByText('No audit entries yet.')).toBeInTheDocument();
  });

  it('shows a failed load with the reason and Retry, which loads again', async () => {
    let fail = true;
    renderList(() =>
      fail ? reply(500, { error: 'Database unavailable', code: 'internal' }) : listOf(ROWS),
    );

    expect(await screen.findByText('Error loading audit log')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'Approved' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading audit log')).not.toBeInTheDocument();
  });
});
