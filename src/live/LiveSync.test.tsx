import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../contract/bots';
import { historyEntry, historyOf } from '../components/timeline/testing';
import { fakeDecksApi, makeDeck, renderDecks, TODAY, TOMORROW } from '../pages/unity-decks/testing';
import { makeBot, summaryOf } from '../resources/bots/testing';
import { callsTo, type FakeRoute, listOf, reply } from '../test/fakeFetch';
import { renderAdmin } from '../test/renderAdmin';

const LIST = '/api/admin/bots';
const ace = makeBot({ botId: 'BOT-ACE', nickname: 'AceBot' });
const zed = makeBot({ botId: 'BOT-ZED', nickname: 'ZedBot', skill: 10 });

/** The bots API over `bots`, which the test changes as another admin would. */
const botsApi = (bots: Bot[]): Record<string, FakeRoute> => ({
  [`GET ${LIST}`]: () => listOf([...bots]),
  [`GET ${LIST}/summary`]: () => summaryOf({ total: bots.length, active: bots.length, busy: 0 }),
  [`GET ${LIST}/BOT-ACE`]: () =>
    reply(
      200,
      bots.find((bot) => bot.botId === 'BOT-ACE'),
    ),
});

const changed = (type: 'created' | 'updated' | 'deleted', ...ids: string[]) => ({
  topic: 'resource/bots',
  type,
  ids,
});

const indicator = () => screen.getByRole('status', { name: 'Live updates' });

describe('live updates (LiveSync)', () => {
  it('an updated record is reloaded into the list in place: the selection and the table stay', async () => {
    const bots = [ace, zed];
    const { requests, liveStream } = renderAdmin({ entries: ['/bots'], routes: botsApi(bots) });
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'ZedBot' });
    await user.click(screen.getByRole('checkbox', { name: 'Select ZedBot' }));
    await liveStream.connected();
    const table = screen.getByRole('table');
    const before = callsTo(requests, 'GET', LIST).length;

    bots[0] = { ...ace, nickname: 'AceRenamed' };
    liveStream.emit('resource', changed('updated', 'BOT-ACE'));

    expect(await screen.findByRole('cell', { name: 'AceRenamed' })).toBeInTheDocument();
    const lists = callsTo(requests, 'GET', LIST);
    expect(lists).toHaveLength(before + 1);
    // the same page, sort and filter as shown
    expect(lists.at(-1)?.path).toBe(lists.at(-2)?.path);
    expect(screen.getByRole('table')).toBe(table);
    expect(screen.getByRole('checkbox', { name: 'Select ZedBot' })).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('a created record appears in the list (no list holds new ones here), and the summary follows', async () => {
    const bots = [ace];
    const { liveStream } = renderAdmin({ entries: ['/bots'], routes: botsApi(bots) });
    await screen.findByRole('cell', { name: 'AceBot' });
    const summary = screen.getByRole('list', { name: 'Bot summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Total 1'));
    await liveStream.connected();

    bots.push(zed);
    liveStream.emit('resource', changed('created', 'BOT-ZED'));

    expect(await screen.findByRole('cell', { name: 'ZedBot' })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveTextContent('Total 2'));
  });

  it('a deck changed elsewhere (topic decks): the day list and the open day follow', async () => {
    const api = fakeDecksApi();
    const { liveStream } = renderDecks(api.routes);
    const days = await screen.findByRole('list', { name: 'Days' });
    const day = (dateKey: string) =>
      within(days).findByRole('button', { name: new RegExp(`^${dateKey}`) });
    await waitFor(async () => expect(await day(TODAY)).toHaveTextContent('3 cards'));
    const open = await screen.findByRole('region', { name: `Deck for ${TODAY}` });
    await waitFor(() =>
      expect(within(open).getAllByRole('spinbutton', { name: /^Index of row/ })).toHaveLength(3),
    );
    await liveStream.connected();

    api.db.set(TOMORROW, makeDeck(TOMORROW, [{ index: 0, amount: 1 }]));
    api.db.set(TODAY, makeDeck(TODAY, [{ index: 0, amount: 7 }]));
    liveStream.emit('resource', { topic: 'resource/decks', type: 'created', ids: [TOMORROW] });
    liveStream.emit('resource', { topic: 'resource/decks', type: 'updated', ids: [TODAY] });

    await waitFor(async () => expect(await day(TOMORROW)).toHaveTextContent('1 card'));
    await waitFor(async () => expect(await day(TODAY)).toHaveTextContent('1 card'));
    await waitFor(() =>
      expect(within(open).getAllByRole('spinbutton', { name: /^Index of row/ })).toHaveLength(1),
    );
  });

  it('a burst of changes is one reload, not one per event', async () => {
    const bots = [ace, zed];
    const { requests, liveStream } = renderAdmin({ entries: ['/bots'], routes: botsApi(bots) });
    await screen.findByRole('cell', { name: 'ZedBot' });
    await liveStream.connected();
    const before = callsTo(requests, 'GET', LIST).length;

    for (let skill = 1; skill <= 20; skill += 1) {
      bots[1] = { ...zed, nickname: `Zed${skill}` };
      liveStream.emit('resource', changed('updated', 'BOT-ZED'));
    }

    expect(await screen.findByRole('cell', { name: 'Zed20' })).toBeInTheDocument();
    // nothing more comes after the one reload
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(callsTo(requests, 'GET', LIST)).toHaveLength(before + 1);
  });

  it('an open Show page updates in place, its history too; another record changing does not reload it', async () => {
    const bots = [ace, zed];
    let history = [historyEntry({ entity: 'bot', entityId: 'BOT-ACE', actor: 'alice' })];
    const { requests, liveStream } = renderAdmin({
      entries: ['/bots/BOT-ACE/show'],
      routes: { ...botsApi(bots), 'GET /api/admin/audit': () => historyOf(history) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'AceBot' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { level: 2, name: 'History' })).closest(
      'section',
    ) as HTMLElement;
    await within(card).findByText('alice');
    await liveStream.connected();
    const loads = () => callsTo(requests, 'GET', `${LIST}/BOT-ACE`).length;
    const before = loads();

    liveStream.emit('resource', changed('updated', 'BOT-ZED'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(loads()).toBe(before);

    bots[0] = { ...ace, nickname: 'AceRenamed' };
    history = [
      historyEntry({
        entity: 'bot',
        entityId: 'BOT-ACE',
        actor: 'bob',
        at: '2026-03-02T10:00:00Z',
      }),
      ...history,
    ];
    liveStream.emit('resource', changed('updated', 'BOT-ACE'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'AceRenamed' }),
    ).toBeInTheDocument();
    expect(await within(card).findByText('bob')).toBeInTheDocument();
    expect(loads()).toBe(before + 1);
  });

  it("the top bar says 'Live', 'Reconnecting…' after a loss, then 'Live' and reloads what is on screen", async () => {
    const bots = [ace];
    const { requests, liveStream } = renderAdmin({ entries: ['/bots'], routes: botsApi(bots) });
    await screen.findByRole('cell', { name: 'AceBot' });
    await waitFor(() => expect(indicator()).toHaveTextContent('Live'));
    const before = callsTo(requests, 'GET', LIST).length;
    liveStream.refuseWith(503);

    bots[0] = { ...ace, nickname: 'ChangedWhileAway' };
    liveStream.drop();

    await waitFor(() => expect(indicator()).toHaveTextContent('Reconnecting…'));
    // a retry refused meanwhile: still reconnecting, nothing reloaded yet
    await waitFor(() => expect(liveStream.attempts).toBe(2));
    expect(indicator()).toHaveTextContent('Reconnecting…');
    expect(callsTo(requests, 'GET', LIST)).toHaveLength(before);

    liveStream.refuseWith(null);
    await waitFor(() => expect(indicator()).toHaveTextContent(/^Live$/), { timeout: 10_000 });
    expect(await screen.findByRole('cell', { name: 'ChangedWhileAway' })).toBeInTheDocument();
    expect(callsTo(requests, 'GET', LIST)).toHaveLength(before + 1);
    expect(liveStream.opened).toBe(2);
  });

  it('shows nothing in the top bar while the stream has never been up', async () => {
    renderAdmin({
      entries: ['/bots'],
      routes: {
        ...botsApi([ace]),
        'GET /api/admin/events': reply(503, { code: 'live_unavailable' }),
      },
    });
    await screen.findByRole('cell', { name: 'AceBot' });
    expect(indicator()).toBeEmptyDOMElement();
  });
});
