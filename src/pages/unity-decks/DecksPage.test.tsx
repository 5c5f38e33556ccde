import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRoute, gated, reply } from '../../test/fakeFetch';
import { addDays } from './dates';
import {
  callsTo,
  dayUrl,
  FAR_DAY,
  fakeDecksApi,
  LIST_URL,
  makeDeck,
  renderDecks,
  TODAY,
  TOMORROW,
  todayDeck,
  YESTERDAY,
} from './testing';

type User = ReturnType<typeof userEvent.setup>;

const dayList = () => screen.findByRole('list', { name: 'Days' });
const dayButton = async (dateKey: string) =>
  within(await dayList()).findByRole('button', { name: new RegExp(`^${dateKey}`) });
const panel = (dateKey = TODAY) => screen.findByRole('region', { name: `Deck for ${dateKey}` });
const field = (name: 'Index' | 'Amount', row: number) =>
  screen.getByRole('spinbutton', { name: `${name} of row ${row}` }) as HTMLInputElement;
/** The table's rows as [index, amount] text, top to bottom. */
const rowValues = () =>
  screen
    .queryAllByRole('spinbutton', { name: /^Index of row/ })
    .map((index, i) => [(index as HTMLInputElement).value, field('Amount', i + 1).value]);
const button = (name: string) => screen.getByRole('button', { name });
const resetAt = () => screen.getByLabelText('Reset at (UTC)') as HTMLInputElement;
/** react-admin logs every failed call: silence it where the failure is the point. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});
const listParams = (requests: Parameters<typeof callsTo>[0]) =>
  callsTo(requests, 'GET', LIST_URL).map((r) => {
    const params = new URL(r.url).searchParams;
    return [params.get('from'), params.get('to')];
  });

/** Today's deck on screen, ready to edit. */
const loaded = async () => {
  await panel();
  await waitFor(() => expect(rowValues()).toHaveLength(3));
};

const typeInto = async (user: User, input: HTMLElement, text: string) => {
  await user.clear(input);
  if (text) await user.type(input, text);
};

describe('Daily Decks page', () => {
  it('lists the days of a week either side of today and opens today’s deck', async () => {
    const { requests } = renderDecks(fakeDecksApi().routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Decks' })).toBeVisible();
    expect(await dayButton(YESTERDAY)).toHaveTextContent('1 card');
    expect(await dayButton(TODAY)).toHaveTextContent('3 cards · today');
    expect(within(await dayList()).queryByText(FAR_DAY)).not.toBeInTheDocument();
    expect(await dayButton(TODAY)).toHaveAttribute('aria-current', 'true');
    expect(listParams(requests)).toEqual([[addDays(TODAY, -7), addDays(TODAY, 7)]]);
    expect(screen.getByLabelText('From')).toHaveValue(addDays(TODAY, -7));
    expect(screen.getByLabelText('To')).toHaveValue(addDays(TODAY, 7));

    await loaded();
    expect(rowValues()).toEqual([
      ['2', '25'],
      ['0', '10'],
      ['1', '2.5'],
    ]);
    expect(resetAt().value).toBe(`${TOMORROW}T00:00`);
    expect(screen.getByRole('columnheader', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByLabelText('Day (UTC)')).toHaveValue(TODAY);
  });

  it('shows loading states, then the days and the deck', async () => {
    const api = fakeDecksApi();
    const list = gated(api.routes[`GET ${LIST_URL}`] as FakeRoute);
    const day = gated(api.routes[`GET ${dayUrl(TODAY)}`] as FakeRoute);
    renderDecks({
      ...api.routes,
      [`GET ${LIST_URL}`]: list.route,
      [`GET ${dayUrl(TODAY)}`]: day.route,
    });

    expect(await screen.findByText('Loading days…')).toBeVisible();
    expect(screen.getByText('Loading deck…')).toBeVisible();
    list.open();
    expect(await dayButton(TODAY)).toBeVisible();
    expect(screen.getByText('Loading deck…')).toBeVisible();
    day.open();
    await loaded();
    expect(screen.queryByText('Loading deck…')).not.toBeInTheDocument();
  });

  it('says when a load fails, and Retry loads again', async () => {
    quietFailures();
    let fail = true;
    const api = fakeDecksApi();
    const failing =
      (route: string): FakeRoute =>
      (request) =>
        fail
          ? reply(500, { error: 'Database down', code: 'internal' })
          : (api.routes[route] as FakeRoute)(request);
    renderDecks({
      ...api.routes,
      [`GET ${LIST_URL}`]: failing(`GET ${LIST_URL}`),
      [`GET ${dayUrl(TODAY)}`]: failing(`GET ${dayUrl(TODAY)}`),
    });

    expect(await screen.findByText('Error loading days')).toBeVisible();
    expect(await screen.findByText('Error loading deck')).toBeVisible();
    expect(screen.getAllByText('Database down')).toHaveLength(2);
    fail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Retry' }))
      await userEvent.click(retry);
    expect(await dayButton(TODAY)).toBeVisible();
    await loaded();
  });

  it('says No days for an empty range and No cards for a day without a deck', async () => {
    renderDecks(fakeDecksApi([]).routes);
    expect(await screen.findByText('No days')).toBeVisible();
    await panel();
    expect(await screen.findByText('No cards for this day')).toBeVisible();
    expect(screen.getByText('No deck saved for this day')).toBeVisible();
    expect(button('Delete day')).toBeDisabled();
    expect(button('Clear')).toBeDisabled();
  });

  it('selects a day from the list or the Day (UTC) field', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();

    await user.click(await dayButton(YESTERDAY));
    await panel(YESTERDAY);
    expect(await dayButton(YESTERDAY)).toHaveAttribute('aria-current', 'true');
    expect(await dayButton(TODAY)).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(rowValues()).toEqual([['0', '5']]));

    fireEvent.change(screen.getByLabelText('Day (UTC)'), { target: { value: FAR_DAY } });
    await panel(FAR_DAY);
    await waitFor(() =>
      expect(rowValues()).toEqual([
        ['0', '100'],
        ['1', '50'],
      ]),
    );
  });

  it('loads the range typed, and sends nothing for a reversed one', async () => {
    const { requests } = renderDecks(fakeDecksApi().routes);
    await dayButton(TODAY);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: addDays(TODAY, 30) } });
    expect(await dayButton(FAR_DAY)).toHaveTextContent('2 cards');
    expect(listParams(requests).at(-1)).toEqual([addDays(TODAY, -7), addDays(TODAY, 30)]);
    const sent = listParams(requests).length;

    fireEvent.change(screen.getByLabelText('From'), { target: { value: addDays(TODAY, 31) } });
    expect(await screen.findByText('Must not be before From')).toBeVisible();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Days' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: addDays(TODAY, 400) } });
    expect(await screen.findByText('Must be within 366 days of From')).toBeVisible();
    expect(listParams(requests)).toHaveLength(sent);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: addDays(TODAY, 32) } });
    expect(await screen.findByText('No days')).toBeVisible();
    expect(listParams(requests).at(-1)).toEqual([addDays(TODAY, 31), addDays(TODAY, 32)]);
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('editing the rows', () => {
  it('adds rows at the next index, removes and sorts them', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();

    await user.click(button('+ Add row'));
    expect(rowValues().at(-1)).toEqual(['3', '0']);
    await user.click(button('Remove row 1'));
    expect(rowValues()).toEqual([
      ['0', '10'],
      ['1', '2.5'],
      ['3', '0'],
    ]);
    await typeInto(user, field('Index', 1), '7');
    await user.click(button('Sort by index'));
    expect(rowValues()).toEqual([
      ['1', '2.5'],
      ['3', '0'],
      ['7', '10'],
    ]);
    await user.click(button('+ Add row'));
    expect(rowValues().at(-1)).toEqual(['8', '0']);
    expect(screen.getByText(/Unsaved changes/)).toBeVisible();
  });

  it('the first row of an empty day gets index 0', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi([]).routes);
    await screen.findByText('No cards for this day');
    await user.click(button('+ Add row'));
    expect(rowValues()).toEqual([['0', '0']]);
    expect(screen.queryByText('No cards for this day')).not.toBeInTheDocument();
  });

  it('Clear asks first, then empties the rows here only', async () => {
    const user = userEvent.setup();
    const { requests } = renderDecks(fakeDecksApi().routes);
    await loaded();

    await user.click(button('Clear'));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all rows for this day?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowValues()).toHaveLength(3);

    await user.click(button('Clear'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clear all rows for this day?' })).getByRole(
        'button',
        { name: 'Clear' },
      ),
    );
    expect(await screen.findByText('No cards for this day')).toBeVisible();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});

describe('saving', () => {
  it('sends the rows (non-numeric as 0) and the reset time in UTC, then shows Deck saved', async () => {
    const user = userEvent.setup();
    const api = fakeDecksApi();
    const { requests } = renderDecks(api.routes);
    await loaded();
    const lists = callsTo(requests, 'GET', LIST_URL).length;

    await typeInto(user, field('Amount', 1), '40.5');
    await typeInto(user, field('Amount', 2), '');
    await user.click(button('+ Add row'));
    await typeInto(user, field('Index', 4), '');
    await typeInto(user, field('Index', 4), '9');
    fireEvent.change(resetAt(), { target: { value: `${TOMORROW}T06:30` } });
    await user.click(button('Save deck'));

    expect(await screen.findByText('Deck saved')).toBeVisible();
    const [put] = callsTo(requests, 'PUT', dayUrl(TODAY));
    expect(put?.body).toEqual({
      cards: [
        { index: 2, amount: 40.5 },
        { index: 0, amount: 0 },
        { index: 1, amount: 2.5 },
        { index: 9, amount: 0 },
      ],
      resetAt: `${TOMORROW}T06:30:00.000Z`,
    });
    expect(put?.headers['if-match']).toBe(todayDeck.updatedAt);
    // the deck as saved, and the list again
    expect(rowValues()).toEqual([
      ['2', '40.5'],
      ['0', '0'],
      ['1', '2.5'],
      ['9', '0'],
    ]);
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(requests, 'GET', LIST_URL).length).toBe(lists + 1));
    expect(await dayButton(TODAY)).toHaveTextContent('4 cards');
  });

  it('an empty Reset at is sent as none', async () => {
    const user = userEvent.setup();
    const { requests } = renderDecks(fakeDecksApi().routes);
    await loaded();
    fireEvent.change(resetAt(), { target: { value: '' } });
    await user.click(button('Save deck'));
    expect(await screen.findByText('Deck saved')).toBeVisible();
    expect(callsTo(requests, 'PUT', dayUrl(TODAY))[0]?.body).toMatchObject({ resetAt: null });
  });

  it('refuses a negative or repeated index and a negative amount on the rows, sending nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderDecks(fakeDecksApi().routes);
    await loaded();

    await typeInto(user, field('Index', 2), '2');
    await typeInto(user, field('Amount', 3), '-1');
    await user.click(button('Save deck'));

    expect(field('Index', 2)).toHaveAccessibleDescription('Duplicate index 2');
    expect(field('Index', 2)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Amount', 3)).toHaveAccessibleDescription('must be 0 or more');
    expect(screen.getByText('Fix the highlighted rows, then save again.')).toBeVisible();
    expect(callsTo(requests, 'PUT', dayUrl(TODAY))).toHaveLength(0);

    // fixing a field clears its message
    await typeInto(user, field('Amount', 3), '1');
    expect(field('Amount', 3)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusals on the rows they name, with Error saving deck', async () => {
    quietFailures();
    const user = userEvent.setup();
    const refused = reply(400, {
      error: 'Invalid body: cards.1.amount',
      code: 'invalid_input',
      fields: { 'cards.1.amount': 'must have at most 2 decimals' },
    });
    renderDecks(fakeDecksApi(undefined, { [`PUT ${dayUrl(TODAY)}`]: refused }).routes);
    await loaded();

    await typeInto(user, field('Amount', 2), '10.005');
    await user.click(button('Save deck'));

    expect(await screen.findByText('Error saving deck')).toBeVisible();
    expect(field('Amount', 2)).toHaveAccessibleDescription('must have at most 2 decimals');
    // the edits stay
    expect(field('Amount', 2)).toHaveValue(10.005);
    expect(screen.getByText(/Unsaved changes/)).toBeVisible();
  });

  it('a row’s message moves with it when the rows are sorted, and goes once it is fixed', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();
    await typeInto(user, field('Amount', 1), '-1');
    await user.click(button('Save deck'));
    expect(field('Amount', 1)).toHaveAccessibleDescription('must be 0 or more');

    await user.click(button('Sort by index'));
    expect(rowValues()).toEqual([
      ['0', '10'],
      ['1', '2.5'],
      ['2', '-1'],
    ]);
    expect(field('Amount', 3)).toHaveAccessibleDescription('must be 0 or more');
    expect(field('Amount', 1)).not.toHaveAttribute('aria-invalid', 'true');
    await typeInto(user, field('Amount', 3), '3');
    expect(field('Amount', 3)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal of the cards as a whole above the rows', async () => {
    quietFailures();
    const user = userEvent.setup();
    const refused = reply(400, {
      error: 'Invalid body: cards',
      code: 'invalid_input',
      fields: { cards: 'must have at most 500 cards' },
    });
    renderDecks(fakeDecksApi(undefined, { [`PUT ${dayUrl(TODAY)}`]: refused }).routes);
    await loaded();
    await user.click(button('+ Add row'));
    await user.click(button('Save deck'));
    expect(await screen.findByText('Error saving deck')).toBeVisible();
    expect(screen.getByText('must have at most 500 cards')).toBeVisible();
  });

  it('says Could not save deck when the answer lacks ok', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi(undefined, { [`PUT ${dayUrl(TODAY)}`]: reply(200, {}) }).routes);
    await loaded();
    await user.click(button('Save deck'));
    expect(await screen.findByText('Could not save deck')).toBeVisible();
    expect(screen.queryByText('Deck saved')).not.toBeInTheDocument();
  });

  it('says Error saving deck with the server’s reason when the call fails', async () => {
    quietFailures();
    const user = userEvent.setup();
    const stale = reply(409, {
      error: 'This deck was changed by someone else. Reload to see the latest values.',
      code: 'stale',
    });
    renderDecks(fakeDecksApi(undefined, { [`PUT ${dayUrl(TODAY)}`]: stale }).routes);
    await loaded();
    await user.click(button('Save deck'));
    expect(await screen.findByText('Error saving deck')).toBeVisible();
    expect(screen.getByText(/changed by someone else/)).toBeVisible();
  });
});

describe('copying and deleting', () => {
  const openCopy = async (user: User) => {
    await user.click(button('Copy from…'));
    const dialog = await screen.findByRole('dialog', { name: 'Copy from…' });
    return {
      dialog,
      input: within(dialog).getByRole('textbox', { name: 'Source date (YYYY-MM-DD)' }),
    };
  };

  it('asks for a source day, checks its form, and copies it into the selected day', async () => {
    const user = userEvent.setup();
    const { requests } = renderDecks(fakeDecksApi().routes);
    await user.click(await dayButton(YESTERDAY));
    await panel(YESTERDAY);
    await waitFor(() => expect(rowValues()).toEqual([['0', '5']]));
    const lists = callsTo(requests, 'GET', LIST_URL).length;

    let { dialog, input } = await openCopy(user);
    await user.type(input, '2026-1-5{Enter}');
    expect(input).toHaveAccessibleDescription('Use the YYYY-MM-DD form');
    await typeInto(user, input, '2026-02-30');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(input).toHaveAccessibleDescription('Not a real date');
    await typeInto(user, input, YESTERDAY);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(input).toHaveAccessibleDescription(`Pick a day other than ${YESTERDAY}`);
    await typeInto(user, input, TODAY);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Copied')).toBeVisible();
    expect(callsTo(requests, 'POST', `${LIST_URL}/copy`)[0]?.body).toEqual({
      fromDateKey: TODAY,
      toDateKey: YESTERDAY,
      resetAt: null,
    });
    expect(rowValues()).toEqual([
      ['2', '25'],
      ['0', '10'],
      ['1', '2.5'],
    ]);
    await waitFor(() => expect(callsTo(requests, 'GET', LIST_URL).length).toBe(lists + 1));
    expect(await dayButton(YESTERDAY)).toHaveTextContent('3 cards');

    // an empty answer cancels, as Cancel does
    ({ dialog, input } = await openCopy(user));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    ({ dialog } = await openCopy(user));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', `${LIST_URL}/copy`)).toHaveLength(1);
  });

  it('says Error copying deck with the reason when the source day has no deck', async () => {
    quietFailures();
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();
    const { input } = await openCopy(user);
    await user.type(input, `${TOMORROW}{Enter}`);
    expect(await screen.findByText('Error copying deck')).toBeVisible();
    expect(screen.getByText(`No deck for ${TOMORROW}`)).toBeVisible();
    expect(rowValues()).toHaveLength(3);
  });

  it('says Could not copy when the answer lacks ok', async () => {
    const user = userEvent.setup();
    const api = fakeDecksApi(undefined, { [`POST ${LIST_URL}/copy`]: reply(200, { ok: false }) });
    renderDecks(api.routes);
    await loaded();
    const { input } = await openCopy(user);
    await user.type(input, `${YESTERDAY}{Enter}`);
    expect(await screen.findByText('Could not copy')).toBeVisible();
    expect(rowValues()).toHaveLength(3);
  });

  it('Delete day asks with the date, deletes it and says Deleted', async () => {
    const user = userEvent.setup();
    const api = fakeDecksApi();
    const { requests } = renderDecks(api.routes);
    await loaded();

    await user.click(button('Delete day'));
    const dialog = await screen.findByRole('dialog', { name: `Delete deck for ${TODAY}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted')).toBeVisible();
    expect(callsTo(requests, 'DELETE', dayUrl(TODAY))).toHaveLength(1);
    expect(await screen.findByText('No cards for this day')).toBeVisible();
    await waitFor(async () =>
      expect(within(await dayList()).queryByText(TODAY)).not.toBeInTheDocument(),
    );
    expect(api.db.has(TODAY)).toBe(false);
  });

  it('says Error deleting deck when the call fails', async () => {
    quietFailures();
    const user = userEvent.setup();
    const failing = reply(500, { error: 'Database down', code: 'internal' });
    renderDecks(fakeDecksApi(undefined, { [`DELETE ${dayUrl(TODAY)}`]: failing }).routes);
    await loaded();
    await user.click(button('Delete day'));
    const dialog = await screen.findByRole('dialog', { name: `Delete deck for ${TODAY}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting deck')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowValues()).toHaveLength(3);
  });
});

describe('unsaved changes', () => {
  it('switching days with unsaved edits asks first; Cancel stays, Discard goes', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();

    await typeInto(user, field('Amount', 1), '99');
    await user.click(await dayButton(YESTERDAY));
    let dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await panel(TODAY)).toBeVisible();
    expect(field('Amount', 1)).toHaveValue(99);

    await user.click(await dayButton(YESTERDAY));
    dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await panel(YESTERDAY);
    await waitFor(() => expect(rowValues()).toEqual([['0', '5']]));

    // back on today, the edit is gone; without edits nothing is asked
    await user.click(await dayButton(TODAY));
    await loaded();
    expect(field('Amount', 1)).toHaveValue(25);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an edit put back as it was is no longer unsaved', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();
    await typeInto(user, field('Amount', 1), '99');
    expect(screen.getByText(/Unsaved changes/)).toBeVisible();
    await typeInto(user, field('Amount', 1), '25');
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
    await user.click(await dayButton(YESTERDAY));
    await panel(YESTERDAY);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaving the page with unsaved edits asks first, also after a refused save; a saved deck leaves freely', async () => {
    quietFailures();
    const user = userEvent.setup();
    let refuse = true;
    const { routes } = fakeDecksApi();
    const save = routes[`PUT ${dayUrl(TODAY)}`] as FakeRoute;
    renderDecks({
      ...routes,
      [`PUT ${dayUrl(TODAY)}`]: (request) =>
        refuse ? reply(409, { error: 'Changed by someone else', code: 'conflict' }) : save(request),
    });
    await loaded();
    await typeInto(user, field('Amount', 1), '99');
    await user.click(button('Save deck'));
    expect(await screen.findByText('Error saving deck')).toBeVisible();

    // the browser's own question (jsdom has none): first the admin stays, then leaves
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      await user.click(screen.getByRole('link', { name: 'Dashboard' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledOnce());
      expect(field('Amount', 1)).toHaveValue(99);

      refuse = false;
      await user.click(button('Save deck'));
      expect(await screen.findByText('Deck saved')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Dashboard' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      expect(confirm).toHaveBeenCalledOnce();
    } finally {
      confirm.mockRestore();
    }
  });

  it('rows added and removed again leave the page without asking', async () => {
    const user = userEvent.setup();
    renderDecks(fakeDecksApi().routes);
    await loaded();
    await typeInto(user, field('Amount', 1), '99');
    await typeInto(user, field('Amount', 1), '25');
    await user.click(button('+ Add row'));
    await user.click(button('Remove row 4'));
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      await user.click(screen.getByRole('link', { name: 'Dashboard' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      expect(confirm).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('a day changed elsewhere while edited keeps the edits', async () => {
    const user = userEvent.setup();
    const api = fakeDecksApi();
    const { liveStream } = renderDecks(api.routes);
    await loaded();
    await liveStream.connected();
    await typeInto(user, field('Amount', 1), '99');

    api.db.set(TODAY, makeDeck(TODAY, [{ index: 0, amount: 7 }]));
    liveStream.emit('resource', { topic: 'resource/decks', type: 'updated', ids: [TODAY] });
    await waitFor(async () => expect(await dayButton(TODAY)).toHaveTextContent('1 card'));
    expect(rowValues()).toEqual([
      ['2', '99'],
      ['0', '10'],
      ['1', '2.5'],
    ]);
    expect(screen.getByText(/Unsaved changes/)).toBeVisible();
  });
});
