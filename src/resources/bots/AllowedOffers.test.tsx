import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '../../../contract/lists';
import type { Offer } from '../../../contract/offers';
import { reply } from '../../test/fakeFetch';
import { renderAdminHolding } from '../../test/renderAdmin';
import { apiCalls, listOf, makeBot, renderBots, summaryOf } from './testing';

const offer = (name: string, gameName: string): Offer => ({
  _id: `offer-${name}`,
  categoryId: 'cat-1',
  name,
  gameName,
  price: 0,
  rewardType: 'points',
  rewardAmount: 10,
  isActive: true,
  sortOrder: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const OFFERS = listOf([
  offer('Daily bubbles', 'Bubble Shooter'),
  offer('Bubbles again', 'Bubble Shooter'),
  offer('Patience', 'Solitaire'),
]);

const routes = {
  'GET /api/admin/offers': OFFERS,
  'POST /api/admin/bots': reply(201, makeBot({ botId: 'BOT-NEW' })),
  'GET /api/admin/bots': listOf([makeBot()]),
  'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 1, busy: 0 }),
};

const offersInput = () =>
  screen.findByRole('combobox', { name: 'Allowed offers' }, { timeout: 4000 });

/** The form, once the offers' games are in its hint. */
const withGames = async (hint = /e\.g\. Bubble Shooter/) => {
  await screen.findByText(hint, {}, { timeout: 4000 });
  return offersInput();
};

describe("A bot's allowed offers", () => {
  it('gives an example from the games the offers have', async () => {
    renderBots(['/bots/new'], routes);
    await withGames();
    expect(
      screen.getByText('Game names, comma-separated, e.g. Bubble Shooter, Solitaire'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/solitaire, bingo/)).not.toBeInTheDocument();
  });

  it('warns before saving of each name no offer has, and still saves what was typed', async () => {
    const { requests } = renderBots(['/bots/new'], routes);
    const user = userEvent.setup();
    const input = await withGames();
    await user.type(screen.getByRole('textbox', { name: /^Nickname/ }), 'Typo');
    await user.type(input, 'nosuchgame, solitaire, Solitaire');

    expect(
      screen.getByText(
        'No offer has the games "nosuchgame", "solitaire" (did you mean "Solitaire"?). Games: Bubble Shooter, Solitaire',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bot created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      allowedOffers: ['nosuchgame', 'solitaire', 'Solitaire'],
    });
  });

  it('names one unknown game in the words of the issue', async () => {
    renderBots(['/bots/new'], routes);
    const user = userEvent.setup();
    await user.type(await withGames(), 'Solitaire, nosuchgame');
    expect(
      screen.getByText('No offer has the game "nosuchgame". Games: Bubble Shooter, Solitaire'),
    ).toBeInTheDocument();
  });

  it('suggests the games for the name being typed; a pick completes it', async () => {
    renderBots(['/bots/new'], routes);
    const user = userEvent.setup();
    const input = await withGames();

    await user.type(input, 'sol');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Solitaire']);
    await user.click(within(listbox).getByRole('option', { name: 'Solitaire' }));
    expect(input).toHaveValue('Solitaire, ');

    await user.type(input, 'b');
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bubble Shooter']);
    expect(screen.queryByText(/No offer has/)).not.toBeInTheDocument();
  });

  it('reads the games of every page of offers, one page after the other', async () => {
    const page = (n: number) =>
      Array.from({ length: PAGE_LIMIT_MAX }, (_, i) => offer(`p${n}-${i}`, `Game ${n}`));
    const { requests } = renderBots(['/bots/new'], {
      ...routes,
      'GET /api/admin/offers': (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return listOf(n === 3 ? [offer('Last', 'Zuma')] : page(n), 2 * PAGE_LIMIT_MAX + 1, n, 100);
      },
    });
    const user = userEvent.setup();
    await user.type(await withGames(/e\.g\. Game 1, Game 2/), 'nosuchgame');
    expect(
      screen.getByText('No offer has the game "nosuchgame". Games: Game 1, Game 2, Zuma'),
    ).toBeInTheDocument();
    const pages = requests
      .filter((r) => r.url.includes('/api/admin/offers'))
      .map((r) => new URL(r.url).searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
  });

  it('neither suggests nor warns for an admin who cannot see the offers', async () => {
    const { requests } = renderAdminHolding(['bots:read', 'bots:write'], {
      entries: ['/bots/new'],
      routes,
    });
    const user = userEvent.setup();
    await user.type(await offersInput(), 'nosuchgame');
    expect(
      screen.getByText('Game names as the offers spell them, comma-separated'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No offer has/)).not.toBeInTheDocument();
    expect(apiCalls(requests).some((call) => call.includes('/api/admin/offers'))).toBe(false);
  });
});
