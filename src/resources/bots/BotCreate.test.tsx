import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, reply } from '../../test/fakeFetch';
import { apiCalls, listOf, makeBot, renderBots, summaryOf } from './testing';

const POST = 'POST /api/admin/bots';
const backToList = {
  'GET /api/admin/bots': listOf([makeBot()]),
  'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 1, busy: 0 }),
};

const renderCreate = (post: FakeRoute | ReturnType<typeof reply>) =>
  renderBots(['/bots/new'], { [POST]: post, ...backToList });

const form = async () => ({
  nickname: await screen.findByRole('textbox', { name: /^Nickname/ }),
  avatarUrl: screen.getByRole('textbox', { name: 'Avatar URL' }),
  active: screen.getByRole('switch', { name: 'Active' }),
  maxSessions: screen.getByRole('spinbutton', { name: 'Max sessions' }),
  skill: screen.getByRole('spinbutton', { name: 'Skill' }),
  allowedOffers: screen.getByRole('combobox', { name: 'Allowed offers' }),
});

const posted = (requests: { method: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.body);

describe('Bot create (/bots/new)', () => {
  it('starts from the new-bot defaults: active, 1 session, skill 50', async () => {
    renderCreate(reply(500));
    const fields = await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Create bot' })).toBeInTheDocument();
    expect(fields.nickname).toHaveValue('');
    expect(fields.avatarUrl).toHaveValue('');
    expect(fields.active).toBeChecked();
    expect(fields.maxSessions).toHaveValue(1);
    expect(fields.skill).toHaveValue(50);
    expect(fields.allowedOffers).toHaveValue('');
    expect(screen.getByRole('img', { name: 'No avatar for this bot' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/bots');
  });

  it("sends the normalised values, says 'Bot created' and goes back to /bots", async () => {
    const { requests } = renderCreate(reply(201, makeBot({ botId: 'BOT-NEW' })));
    const user = userEvent.setup();
    const fields = await form();

    await user.type(fields.nickname, '  NewBot  ');
    await user.type(fields.avatarUrl, '  https://cdn.example/new.png ');
    await user.click(fields.active);
    await user.clear(fields.maxSessions);
    await user.type(fields.maxSessions, '0');
    await user.clear(fields.skill);
    await user.type(fields.skill, '250');
    await user.type(fields.allowedOffers, ' solitaire, ,bingo ,, ');
    expect(screen.getByRole('img', { name: 'Avatar of NewBot' })).toHaveAttribute(
      'src',
      'https://cdn.example/new.png',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bot created')).toBeInTheDocument();
    expect(posted(requests)).toEqual([
      {
        nickname: 'NewBot',
        avatarUrl: 'https://cdn.example/new.png',
        active: false,
        maxSessions: 1,
        skill: 100,
        allowedOffers: ['solitaire', 'bingo'],
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'AceBot' })).toBeInTheDocument();
  });

  it('turns an emptied skill into 50 and sends no avatar for an empty URL', async () => {
    const { requests } = renderCreate(reply(201, makeBot({ botId: 'BOT-NEW' })));
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, 'Plain');
    await user.clear(fields.skill);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bot created')).toBeInTheDocument();
    expect(posted(requests)).toEqual([
      {
        nickname: 'Plain',
        avatarUrl: null,
        active: true,
        maxSessions: 1,
        skill: 50,
        allowedOffers: [],
      },
    ]);
  });

  it('requires a nickname that is not only spaces, and sends nothing', async () => {
    const { requests } = renderCreate(reply(201, makeBot()));
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(fields.nickname).toHaveAttribute('aria-invalid', 'true');
    expect(posted(requests)).toEqual([]);
  });

  it('keeps Save enabled on the untouched form: a click says what is missing, sends nothing', async () => {
    const { requests } = renderCreate(reply(201, makeBot()));
    const user = userEvent.setup();
    const fields = await form();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Nickname is required')).toBeInTheDocument();
    expect(fields.nickname).toHaveAttribute('aria-invalid', 'true');
    expect(posted(requests)).toEqual([]);
  });

  it('says under a number what it will be saved as, before saving', async () => {
    renderCreate(reply(201, makeBot()));
    const user = userEvent.setup();
    const fields = await form();
    expect(fields.maxSessions).toHaveAccessibleDescription('At least 1');
    expect(fields.skill).toHaveAccessibleDescription('1-100');

    await user.clear(fields.maxSessions);
    await user.type(fields.maxSessions, '0');
    expect(fields.maxSessions).toHaveAccessibleDescription('Saved as 1: at least 1');
    await user.clear(fields.skill);
    await user.type(fields.skill, '250');
    expect(fields.skill).toHaveAccessibleDescription('Saved as 100: at most 100');
    await user.clear(fields.skill);
    await user.type(fields.skill, '7.5');
    expect(fields.skill).toHaveAccessibleDescription('Saved as 7: whole numbers only');
    await user.clear(fields.skill);
    expect(fields.skill).toHaveAccessibleDescription('Saved as 50: left empty');
    await user.type(fields.skill, '70');
    expect(fields.skill).toHaveAccessibleDescription('1-100');
  });

  it("says 'Nickname already exists' on a 409, on the field too, and stays", async () => {
    renderCreate(
      reply(409, {
        error: 'Nickname already exists',
        code: 'duplicate',
        fields: { nickname: 'Nickname already exists' },
      }),
    );
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, 'AceBot');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fields.nickname).toHaveAccessibleDescription(/Nickname already exists/),
    );
    expect(fields.nickname).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Nickname already exists').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Create bot' })).toBeInTheDocument();
  });

  it('puts the API messages of a 400 on their fields', async () => {
    renderCreate(
      reply(400, {
        error: 'Invalid body: avatarUrl',
        code: 'invalid_input',
        fields: { avatarUrl: 'must be an http(s) URL' },
      }),
    );
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, 'Bot');
    // one the form lets through: the API has the last word
    await user.type(fields.avatarUrl, 'https://x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error saving bot')).toBeInTheDocument();
    await waitFor(() =>
      expect(fields.avatarUrl).toHaveAccessibleDescription('must be an http(s) URL'),
    );
  });

  it("says 'Error saving bot' when the save fails otherwise", async () => {
    const { requests } = renderCreate(reply(500, { error: 'boom', code: 'internal' }));
    const user = userEvent.setup();
    const fields = await form();
    await user.type(fields.nickname, 'Bot');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Error saving bot')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(fields.nickname).toHaveValue('Bot');
    // the one save, beside the offers' game names the form suggests
    expect(apiCalls(requests).filter((call) => !call.startsWith('GET /api/admin/offers'))).toEqual([
      'POST /api/admin/bots',
    ]);
  });
});
