import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Bot } from '../../../contract/bots';
import { type FakeRoute, type RecordedRequest, reply } from '../../test/fakeFetch';
import { apiCalls, listOf, makeBot, renderBots, summaryOf } from './testing';

const ace = makeBot();
const GET = 'GET /api/admin/bots/BOT-ACE';
const PATCH = 'PATCH /api/admin/bots/BOT-ACE';
const backToList = {
  'GET /api/admin/bots': listOf([ace]),
  'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 1, busy: 1 }),
};

const renderEdit = (routes: Record<string, FakeRoute | ReturnType<typeof reply>>) =>
  renderBots(['/bots/BOT-ACE/edit'], { ...backToList, ...routes });

const form = async () => {
  await screen.findByDisplayValue('AceBot');
  return {
    nickname: screen.getByRole('textbox', { name: /^Nickname/ }),
    avatarUrl: screen.getByRole('textbox', { name: 'Avatar URL' }),
    active: screen.getByRole('switch', { name: 'Active' }),
    maxSessions: screen.getByRole('spinbutton', { name: 'Max sessions' }),
    skill: screen.getByRole('spinbutton', { name: 'Skill' }),
    allowedOffers: screen.getByRole('combobox', { name: 'Allowed offers' }),
  };
};

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const patches = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PATCH');

describe('Bot edit (/bots/{botId}/edit)', () => {
  it('loads the bot into the form and shows the read-only facts', async () => {
    renderEdit({ [GET]: reply(200, ace) });
    const fields = await form();
    expect(await screen.findByRole('heading', { level: 1, name: 'AceBot' })).toBeInTheDocument();
    expect(fields.avatarUrl).toHaveValue('https://cdn.example/ace.png');
    expect(fields.active).toBeChecked();
    expect(fields.maxSessions).toHaveValue(3);
    expect(fields.skill).toHaveValue(70);
    expect(fields.allowedOffers).toHaveValue('solitaire, bingo');
    expect(fact('Bot ID')).toBe('BOT-ACE');
    expect(fact('Current sessions')).toBe('1');
    expect(fact('Last used')).toMatch(/2026/);
    expect(screen.queryByRole('textbox', { name: 'Bot ID' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avatar of AceBot' })).toBeInTheDocument();
  });

  it("PATCHes only the changed fields (normalised), says 'Bot updated' and goes back to /bots", async () => {
    const { requests } = renderEdit({
      [GET]: reply(200, ace),
      [PATCH]: (request) =>
        reply(200, {
          ...ace,
          ...(request.body as Partial<Bot>),
          updatedAt: '2026-02-01T00:00:00Z',
        }),
    });
    const user = userEvent.setup();
    const fields = await form();

    await user.clear(fields.skill);
    await user.type(fields.skill, '-4');
    await user.clear(fields.allowedOffers);
    await user.type(fields.allowedOffers, 'bingo, , keno');
    await user.click(fields.active);
    // the same nickname with spaces around it is no change
    await user.type(fields.nickname, '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bot updated')).toBeInTheDocument();
    const [patch] = patches(requests);
    expect(patch?.path).toBe('/api/admin/bots/BOT-ACE');
    expect(patch?.body).toEqual({ active: false, skill: 1, allowedOffers: ['bingo', 'keno'] });
    expect(patch?.headers['if-match']).toBe(ace.updatedAt);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
  });

  it('clearing the avatar URL sends null', async () => {
    const { requests } = renderEdit({
      [GET]: reply(200, ace),
      [PATCH]: reply(200, { ...ace, avatarUrl: null }),
    });
    const user = userEvent.setup();
    const fields = await form();
    await user.clear(fields.avatarUrl);
    expect(screen.getByRole('img', { name: 'No avatar for AceBot' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bot updated')).toBeInTheDocument();
    expect(patches(requests).map((r) => r.body)).toEqual([{ avatarUrl: null }]);
  });

  it("says 'Nickname already exists' on a 409 and stays on the form", async () => {
    renderEdit({
      [GET]: reply(200, ace),
      [PATCH]: reply(409, {
        error: 'Nickname already exists',
        code: 'duplicate',
        fields: { nickname: 'Nickname already exists' },
      }),
    });
    const user = userEvent.setup();
    const fields = await form();
    await user.clear(fields.nickname);
    await user.type(fields.nickname, 'ZedBot');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fields.nickname).toHaveAccessibleDescription(/Nickname already exists/),
    );
    expect(screen.getAllByText('Nickname already exists').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('Bot updated')).not.toBeInTheDocument();
    expect(fields.nickname).toHaveValue('ZedBot');
  });

  it("says 'Error saving bot' when the save fails", async () => {
    renderEdit({ [GET]: reply(200, ace), [PATCH]: reply(500, { error: 'boom', code: 'x' }) });
    const user = userEvent.setup();
    const fields = await form();
    await user.clear(fields.maxSessions);
    await user.type(fields.maxSessions, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error saving bot')).toBeInTheDocument();
    expect(fields.maxSessions).toHaveValue(5);
  });

  it("says 'Bot not found' on a 404 and goes back to /bots", async () => {
    const { requests } = renderEdit({
      [GET]: reply(404, { error: 'Bot not found', code: 'not_found' }),
    });
    expect(await screen.findByText('Bot not found')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'AceBot' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading bot')).not.toBeInTheDocument();
    expect(apiCalls(requests)[0]).toBe('GET /api/admin/bots/BOT-ACE');
  });

  it("says 'Error loading bot' when the load fails otherwise, and Retry loads it", async () => {
    let fail = true;
    renderEdit({
      [GET]: () => (fail ? reply(500, { error: 'boom', code: 'internal' }) : reply(200, ace)),
    });
    expect(await screen.findByText('Error loading bot')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Nickname/ })).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await form();
    expect(screen.queryByText('Error loading bot')).not.toBeInTheDocument();
  });

  it('Cancel goes back to the list without saving, once leaving the edits is confirmed', async () => {
    const { requests } = renderEdit({ [GET]: reply(200, ace) });
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, 'X');
    // the browser's own question (jsdom has none): the admin agrees to leave
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      await user.click(screen.getByRole('link', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
      expect(confirm).toHaveBeenCalledOnce();
    } finally {
      confirm.mockRestore();
    }
    expect(patches(requests)).toEqual([]);
  });
});
