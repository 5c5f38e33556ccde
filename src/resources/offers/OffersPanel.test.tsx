import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, dailyDuel, gamesApi, renderGames } from '../../pages/games/testing';
import { reply } from '../../test/fakeFetch';

const offersPanel = () => screen.getByRole('region', { name: /^Offers/ });
/** The Card Games offers on screen (the first category is selected on load). */
const loaded = async () => {
  const panel = await screen.findByRole('region', { name: 'Offers in Card Games' });
  await within(panel).findByText('Daily Duel');
  return within(panel);
};
const offerRow = (name: string) => {
  const item = within(screen.getByRole('table', { name: 'Offers' }))
    .getByText(name)
    .closest('tr');
  if (!item) throw new Error(`No row for ${name}`);
  return item;
};
/** The rows' names, top to bottom (each row's Edit is named after it). */
const offerNames = () =>
  within(screen.getByRole('table', { name: 'Offers' }))
    .getAllByRole('button', { name: /^Edit / })
    .map((button) => button.getAttribute('aria-label')?.replace(/^Edit /, ''));
const offerForm = () => within(offersPanel()).getByRole('form');
const field = (name: string | RegExp, role = 'textbox') =>
  within(offerForm()).getByRole(role, { name });

describe('Offers of the selected category', () => {
  it("shows name, game, reward ('pts' or 'xp'), price in dollars and status per row", async () => {
    renderGames(gamesApi().routes);
    await loaded();

    const duel = offerRow('Daily Duel');
    expect(duel).toHaveTextContent('Solitaire');
    expect(duel).toHaveTextContent('50 pts');
    expect(duel).toHaveTextContent('$1.00');
    expect(duel).toHaveTextContent('Active');
    const rush = offerRow('XP Rush');
    expect(rush).toHaveTextContent('Blackjack');
    expect(rush).toHaveTextContent('20 xp');
    expect(rush).toHaveTextContent('$2.50');
  });

  it('creates an offer in the selected category with the defaults as numbers', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();
    expect(field('Price', 'spinbutton')).toHaveValue(0);
    expect(field('Reward type', 'combobox')).toHaveValue('points');
    expect(field('Status', 'combobox')).toHaveValue('true');

    await user.type(field(/Offer name/), 'Weekend Cup');
    await user.type(field(/Game name/), 'Poker');
    await user.click(within(offerForm()).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Offer created')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/admin/offers')[0]?.body).toEqual({
      categoryId: 'c1',
      name: 'Weekend Cup',
      gameName: 'Poker',
      price: 0,
      rewardType: 'points',
      rewardAmount: 0,
      isActive: true,
      sortOrder: 0,
    });
    expect(await within(offersPanel()).findByText('Weekend Cup')).toBeInTheDocument();
    expect(field(/Offer name/)).toHaveValue('');
  });

  it('coerces price, reward and sort order, whose inputs have min 0', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();
    for (const name of ['Price', 'Reward amount', 'Sort order']) {
      expect(field(name, 'spinbutton')).toHaveAttribute('min', '0');
    }

    await user.type(field(/Offer name/), 'Night Owl');
    await user.type(field(/Game name/), 'Chess');
    await user.clear(field('Price', 'spinbutton'));
    await user.type(field('Price', 'spinbutton'), '-3');
    await user.selectOptions(field('Reward type', 'combobox'), 'XP');
    await user.clear(field('Reward amount', 'spinbutton'));
    await user.type(field('Reward amount', 'spinbutton'), '20');
    await user.clear(field('Sort order', 'spinbutton'));
    await user.selectOptions(field('Status', 'combobox'), 'Inactive');
    await user.click(within(offerForm()).getByRole('button', { name: 'Create' }));

    await screen.findByText('Offer created');
    expect(callsTo(requests, 'POST', '/api/admin/offers')[0]?.body).toMatchObject({
      price: 0,
      rewardType: 'xp',
      rewardAmount: 20,
      sortOrder: 0,
      isActive: false,
    });
    const created = offerRow('Night Owl');
    expect(created).toHaveTextContent('20 xp');
    expect(created).toHaveTextContent('$0.00');
    expect(created).toHaveTextContent('Inactive');
  });

  it('requires offer name and game name before sending', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();

    await user.click(within(offerForm()).getByRole('button', { name: 'Create' }));

    expect(field(/Offer name/)).toHaveAccessibleDescription('Offer name is required');
    expect(field(/Game name/)).toHaveAccessibleDescription('Game name is required');
    expect(callsTo(requests, 'POST', '/api/admin/offers')).toHaveLength(0);
  });

  it('edits an offer: loads it, PATCHes the changes, then the form resets', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Edit XP Rush' }));
    const form = within(screen.getByRole('form', { name: 'Edit offer' }));
    expect(form.getByRole('textbox', { name: /Offer name/ })).toHaveValue('XP Rush');
    expect(form.getByRole('spinbutton', { name: 'Price' })).toHaveValue(2.5);
    expect(form.getByRole('combobox', { name: 'Reward type' })).toHaveValue('xp');
    await user.clear(form.getByRole('spinbutton', { name: 'Price' }));
    await user.type(form.getByRole('spinbutton', { name: 'Price' }), '3');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Offer updated')).toBeInTheDocument();
    const [patch] = callsTo(requests, 'PATCH', '/api/admin/offers/o2');
    expect(patch?.body).toEqual({ price: 3 });
    await waitFor(() => expect(offerRow('XP Rush')).toHaveTextContent('$3.00'));
    expect(screen.getByRole('form', { name: 'New offer' })).toBeInTheDocument();
    expect(field(/Offer name/)).toHaveValue('');
  });

  it('an edit that moves an offer reloads the list in the new order', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();
    expect(offerNames()).toEqual(['Daily Duel', 'XP Rush']);
    const loads = callsTo(requests, 'GET', '/api/admin/offers').length;

    await user.click(screen.getByRole('button', { name: 'Edit Daily Duel' }));
    const form = within(screen.getByRole('form', { name: 'Edit offer' }));
    await user.clear(form.getByRole('spinbutton', { name: 'Sort order' }));
    await user.type(form.getByRole('spinbutton', { name: 'Sort order' }), '5');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Offer updated')).toBeInTheDocument();
    await waitFor(() => expect(offerNames()).toEqual(['XP Rush', 'Daily Duel']));
    expect(callsTo(requests, 'GET', '/api/admin/offers')).toHaveLength(loads + 1);
  });

  it("deletes an offer after 'Delete this offer?'", async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Delete Daily Duel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Offer deleted')).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', `/api/admin/offers/${dailyDuel._id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(offersPanel()).queryByText('Daily Duel')).not.toBeInTheDocument(),
    );
    expect(within(offersPanel()).getByText('XP Rush')).toBeInTheDocument();
  });

  it('a failed delete says why and keeps the offer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderGames(
      gamesApi({}, { 'DELETE /api/admin/offers/o1': reply(404, { error: 'Offer not found' }) })
        .routes,
    );
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Delete Daily Duel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Offer not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Offer deleted')).not.toBeInTheDocument();
    expect(within(offersPanel()).getByText('Daily Duel')).toBeInTheDocument();
  });

  it('the search box sends q with the category', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    const panel = await loaded();

    await user.type(panel.getByRole('searchbox', { name: 'Search offers' }), 'black{Enter}');

    await waitFor(() => expect(panel.queryByText('Daily Duel')).not.toBeInTheDocument());
    expect(panel.getByText('XP Rush')).toBeInTheDocument();
    const last = callsTo(requests, 'GET', '/api/admin/offers').at(-1);
    const params = new URL(last?.url ?? 'http://x').searchParams;
    expect(params.get('q')).toBe('black');
    expect(params.get('categoryId')).toBe('c1');
  });

  it('says when the category has no offers', async () => {
    renderGames(gamesApi({ offers: [] }).routes);

    const panel = await screen.findByRole('region', { name: 'Offers in Card Games' });
    expect(await within(panel).findByText('No offers in this category')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: /Offer name/ })).toBeEnabled();
  });

  it('a failed load shows the error with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    let fail = true;
    const api = gamesApi();
    const list = api.routes['GET /api/admin/offers'];
    const { requests } = renderGames({
      ...api.routes,
      'GET /api/admin/offers': (request) => {
        if (fail) return reply(503, { error: 'Try again later', code: 'unavailable' });
        return typeof list === 'function' ? list(request) : reply(500);
      },
    });

    const alert = await within(
      await screen.findByRole('region', { name: 'Offers in Card Games' }),
    ).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading offers');
    expect(alert).toHaveTextContent('Try again later');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await within(offersPanel()).findByText('Daily Duel')).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/admin/offers').length).toBeGreaterThanOrEqual(2);
  });

  it("without a category the form is disabled, and a submit alerts 'Select a category first'", async () => {
    const { requests } = renderGames(gamesApi({ categories: [], offers: [] }).routes);
    await within(await screen.findByRole('region', { name: 'Categories' })).findByText(
      'No categories',
    );
    const form = within(offersPanel()).getByRole('form', { name: 'New offer' });
    for (const input of within(form).getAllByRole('textbox')) expect(input).toBeDisabled();
    for (const select of within(form).getAllByRole('combobox')) expect(select).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Create' })).toBeDisabled();

    // e.g. Enter in a field that was filled before the category went away
    fireEvent.submit(form);

    expect(await within(form).findByRole('alert')).toHaveTextContent('Select a category first');
    expect(callsTo(requests, 'POST', '/api/admin/offers')).toHaveLength(0);
  });
});
