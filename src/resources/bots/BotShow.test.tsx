import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectHistoryOf, oneUpdateOf } from '../../components/timeline/testing';
import { reply } from '../../test/fakeFetch';
import { listOf, makeBot, renderBots, summaryOf } from './testing';

const ace = makeBot({ active: false, currentSessions: 2, maxSessions: 4, skill: 85 });
const api = {
  'GET /api/admin/bots': listOf([ace]),
  'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 0, busy: 1 }),
  'GET /api/admin/bots/BOT-ACE': reply(200, ace),
};

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Bot show (/bots/{botId}/show)', () => {
  it('shows the bot from a deep link: avatar, nickname, skill, active and its figures', async () => {
    renderBots(['/bots/BOT-ACE/show'], api);
    expect(await screen.findByRole('heading', { level: 1, name: 'AceBot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'AceBot' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avatar of AceBot' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(fact('Bot ID')).toBe('BOT-ACE');
    expect(fact('Skill')).toBe('85');
    expect(fact('Active')).toBe('no');
    expect(fact('Sessions')).toBe('2/4');
    expect(fact('Allowed offers')).toBe('solitaire, bingo');
    expect(fact('Created')).toMatch(/2026/);
    expect(fact('Updated')).toMatch(/2026/);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('opens from the list by the nickname, and its Edit button opens the edit form', async () => {
    renderBots(['/bots'], api);
    const user = userEvent.setup();
    const row = (await screen.findByRole('cell', { name: 'AceBot' })).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('link', { name: 'AceBot' }));
    expect(await screen.findByText('Bot ID', { selector: 'dt' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByDisplayValue('AceBot')).toHaveAccessibleName(/^Nickname/);
  });

  it("says 'Error loading bot' with Retry when the bot does not load", async () => {
    renderBots(['/bots/BOT-ACE/show'], {
      ...api,
      'GET /api/admin/bots/BOT-ACE': reply(500, { error: 'Down', code: 'internal' }),
    });
    expect(await screen.findByText('Error loading bot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows the bot's history, asked for by its botId", async () => {
    const { requests } = renderBots(['/bots/BOT-ACE/show'], {
      ...api,
      ...oneUpdateOf('bot', 'BOT-ACE'),
    });
    await expectHistoryOf(requests, 'bot', 'BOT-ACE');
  });
});
