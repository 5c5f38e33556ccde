import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeFetch';
import { apiCalls, gated, listOf, makeBot, renderBots, summaryOf } from './testing';

const ace = makeBot();
const zed = makeBot({
  botId: 'BOT-ZED',
  nickname: 'ZedBot',
  avatarUrl: null,
  active: false,
  currentSessions: 0,
  maxSessions: 1,
  skill: 50,
  allowedOffers: [],
  lastUsedAt: null,
});

const LIST = 'GET /api/admin/bots';
const SUMMARY = 'GET /api/admin/bots/summary';
const FIRST_PAGE = '/api/admin/bots?page=1&limit=20&sort=createdAt%3Adesc';
const summary = summaryOf({ total: 2, active: 1, busy: 1 });

const rowOf = async (nickname: string) => {
  const cell = await screen.findByRole('cell', { name: nickname });
  return cell.closest('tr') as HTMLElement;
};

const badges = () =>
  within(screen.getByRole('list', { name: 'Bot summary' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const listCalls = (requests: { method: string; path: string }[]) =>
  apiCalls(requests).filter((call) => call.startsWith(`GET ${FIRST_PAGE.split('?')[0]}?`));

describe('Bots list', () => {
  it('shows loading, then one row per bot with every column', async () => {
    const { route, open } = gated(listOf([ace, zed]));
    const { requests } = renderBots(['/bots'], { [LIST]: route, [SUMMARY]: summary });

    expect(await screen.findByText('Loading bots…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
    open();

    const row = await rowOf('AceBot');
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Avatar',
      'Nickname',
      'Bot ID',
      'Active',
      'Sessions',
      'Skill',
      'Allowed offers',
      'Last used',
      'Actions',
    ]);
    expect(within(row).getByRole('img', { name: 'Avatar of AceBot' })).toHaveAttribute(
      'src',
      'https://cdn.example/ace.png',
    );
    expect(within(row).getByRole('cell', { name: 'BOT-ACE' })).toBeInTheDocument();
    expect(within(row).getByText('yes')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '1/3' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '70' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'solitaire, bingo' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: /2026/ })).toBeInTheDocument();

    const other = await rowOf('ZedBot');
    expect(within(other).getByRole('img', { name: 'No avatar for ZedBot' })).toBeInTheDocument();
    expect(within(other).getByText('no')).toBeInTheDocument();
    expect(within(other).getByRole('cell', { name: '0/1' })).toBeInTheDocument();
    // no offers, never used
    expect(within(other).getAllByRole('cell', { name: '-' })).toHaveLength(2);

    expect(screen.queryByText('Loading bots…')).not.toBeInTheDocument();
    expect(listCalls(requests)).toEqual([`GET ${FIRST_PAGE}`]);
    expect(screen.getByText('2 total · Page 1 of 1')).toBeInTheDocument();
  });

  it('shows the placeholder when an avatar fails to load', async () => {
    renderBots(['/bots'], { [LIST]: listOf([ace]), [SUMMARY]: summary });
    const row = await rowOf('AceBot');
    fireEvent.error(within(row).getByRole('img', { name: 'Avatar of AceBot' }));
    expect(within(row).getByRole('img', { name: 'No avatar for AceBot' })).toBeInTheDocument();
    expect(within(row).queryByRole('img', { name: 'Avatar of AceBot' })).not.toBeInTheDocument();
  });

  it('links Edit to /bots/{botId}/edit and + Create bot to /bots/new, named per row', async () => {
    renderBots(['/bots'], { [LIST]: listOf([ace, zed]), [SUMMARY]: summary });
    const row = await rowOf('AceBot');
    expect(within(row).getByRole('link', { name: 'Edit AceBot' })).toHaveAttribute(
      'href',
      '/bots/BOT-ACE/edit',
    );
    expect(within(row).getByRole('button', { name: 'Delete AceBot' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit ZedBot' })).toHaveAttribute(
      'href',
      '/bots/BOT-ZED/edit',
    );
    expect(screen.getByRole('link', { name: '+ Create bot' })).toHaveAttribute('href', '/bots/new');
  });

  it('shows the Total, Active and Busy badges', async () => {
    renderBots(['/bots'], {
      [LIST]: listOf([ace]),
      [SUMMARY]: summaryOf({ total: 1200, active: 7, busy: 3 }),
    });
    await waitFor(() => expect(badges()).toEqual(['Total 1,200', 'Active 7', 'Busy 3']));
  });

  it("says 'No bots found' when nothing matches, keeping the search and filter", async () => {
    renderBots(['/bots'], { [LIST]: listOf([]), [SUMMARY]: summary });
    expect(await screen.findByText('No bots found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search nickname or botId' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Active' })).toBeVisible();
  });

  it("says 'Error loading bots' when the list fails, and Retry loads it", async () => {
    let fail = true;
    renderBots(['/bots'], {
      [LIST]: () => (fail ? reply(500, { error: 'boom', code: 'internal' }) : listOf([ace])),
      [SUMMARY]: summary,
    });
    expect(await screen.findByText('Error loading bots')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await rowOf('AceBot');
    expect(screen.queryByText('Error loading bots')).not.toBeInTheDocument();
  });

  it('searches with q and filters by active=true|false; All removes the filter', async () => {
    const { requests } = renderBots(['/bots'], { [LIST]: listOf([ace]), [SUMMARY]: summary });
    const user = userEvent.setup();
    await rowOf('AceBot');

    const search = screen.getByRole('searchbox', { name: 'Search nickname or botId' });
    await user.type(search, ' ace {Enter}');
    await waitFor(() => expect(listCalls(requests)).toContain(`GET ${FIRST_PAGE}&q=ace`));

    await user.clear(search);
    await user.keyboard('{Enter}');
    const active = screen.getByRole('combobox', { name: 'Active' });
    expect(
      within(active)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Inactive']);

    await user.selectOptions(active, 'Inactive');
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}&active=false`));
    await user.selectOptions(active, 'Active');
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}&active=true`));
    await user.selectOptions(active, 'All');
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}`));
  });

  it("bulk buttons with nothing selected say 'Select at least one row.' and send nothing", async () => {
    const { requests } = renderBots(['/bots'], { [LIST]: listOf([ace, zed]), [SUMMARY]: summary });
    const user = userEvent.setup();
    await rowOf('AceBot');

    await user.click(screen.getByRole('button', { name: 'Enable selected' }));
    expect(await screen.findByText('Select at least one row.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable selected' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('names each row checkbox after its bot; shift-click selects a range; Select all is mixed when some are', async () => {
    const mid = makeBot({ botId: 'BOT-MID', nickname: 'MidBot' });
    renderBots(['/bots'], { [LIST]: listOf([ace, mid, zed]), [SUMMARY]: summary });
    const user = userEvent.setup();
    const box = (name: string) => screen.getByRole('checkbox', { name });
    await screen.findByRole('cell', { name: 'MidBot' });

    await user.click(box('Select AceBot'));
    const all = box('Select all');
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.keyboard('{Shift>}');
    await user.click(box('Select ZedBot'));
    await user.keyboard('{/Shift}');
    expect(box('Select MidBot')).toBeChecked();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(all).toBeChecked();

    await user.click(all);
    expect(box('Select AceBot')).not.toBeChecked();
    expect(screen.queryByText(/^\d+ selected$/)).not.toBeInTheDocument();
  });

  it('a filter change unchecks the rows checked before it', async () => {
    renderBots(['/bots'], {
      [LIST]: (request) => {
        const active = new URL(request.url).searchParams.get('active');
        return listOf(active === 'false' ? [zed] : [ace, zed]);
      },
      [SUMMARY]: summary,
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('AceBot')).getByRole('checkbox'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Active' }), 'Inactive');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'AceBot' })).toBeNull());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Active' }), 'All');

    expect(within(await rowOf('AceBot')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
  });

  it('bulk disable confirms the count, sends the ids, sums up, unchecks and reloads the badges', async () => {
    let disabled = false;
    const { requests } = renderBots(['/bots'], {
      [LIST]: () => listOf(disabled ? [{ ...ace, active: false }, zed] : [ace, zed]),
      [SUMMARY]: () => summaryOf({ total: 2, active: disabled ? 0 : 1, busy: 1 }),
      'PATCH /api/admin/bots/bulk': () => {
        disabled = true;
        return reply(200, { ok: true, updated: 1, notFound: [] });
      },
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('AceBot')).getByRole('checkbox'));
    await user.click(within(await rowOf('ZedBot')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Disable selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set active=false for 2 bots?' });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('1 bot disabled, 1 already disabled')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/admin/bots/bulk');
    expect(patch?.body).toEqual({ ids: ['BOT-ACE', 'BOT-ZED'], active: false });
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
    await waitFor(() => expect(badges()).toEqual(['Total 2', 'Active 0', 'Busy 1']));
    expect(within(await rowOf('AceBot')).getByText('no')).toBeInTheDocument();
  });

  it('bulk enable of the checked row asks with its count', async () => {
    const { requests } = renderBots(['/bots'], {
      [LIST]: listOf([ace, zed]),
      [SUMMARY]: summary,
      'PATCH /api/admin/bots/bulk': reply(200, { ok: true, updated: 1, notFound: [] }),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('ZedBot')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Enable selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set active=true for 1 bots?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('1 bot enabled')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      ids: ['BOT-ZED'],
      active: true,
    });
  });

  it("asks 'Delete this bot?' and only calls DELETE after confirming", async () => {
    let deleted = false;
    const { requests } = renderBots(['/bots'], {
      [LIST]: () => listOf(deleted ? [zed] : [ace, zed]),
      [SUMMARY]: () => summaryOf({ total: deleted ? 1 : 2, active: deleted ? 0 : 1, busy: 0 }),
      'DELETE /api/admin/bots/BOT-ACE': () => {
        deleted = true;
        return reply(200, { ok: true });
      },
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete AceBot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this bot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete AceBot' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this bot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Bot deleted')).toBeInTheDocument();
    expect(apiCalls(requests)).toContain('DELETE /api/admin/bots/BOT-ACE');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'AceBot' })).toBeNull());
    await waitFor(() => expect(badges()).toEqual(['Total 1', 'Active 0', 'Busy 0']));
  });

  it("shows the server's message when a delete fails", async () => {
    renderBots(['/bots'], {
      [LIST]: listOf([ace]),
      [SUMMARY]: summary,
      'DELETE /api/admin/bots/BOT-ACE': reply(404, { error: 'Bot not found', code: 'not_found' }),
    });
    const user = userEvent.setup();
    await user.click(within(await rowOf('AceBot')).getByRole('button', { name: 'Delete AceBot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bot not found')).toBeInTheDocument();
  });
});
