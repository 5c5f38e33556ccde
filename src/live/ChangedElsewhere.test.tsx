import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import { changedElsewhere } from '../../contract/live';
import type { User } from '../../contract/users';
import { historyEntry, historyOf } from '../components/timeline/testing';
import { makeBot, summaryOf } from '../resources/bots/testing';
import { detailOf, makeUser } from '../resources/users/testing';
import { paypal } from '../resources/withdrawal-types/fixtures';
import { callsTo, listOf, reply } from '../test/fakeFetch';
import { renderAdmin } from '../test/renderAdmin';

// The signed-in test admin (renderAdmin's me) is id-ADM-1.
const ME = 'id-ADM-1';
const BOT = '/api/admin/bots/BOT-ACE';
const ace = makeBot({ botId: 'BOT-ACE', nickname: 'AceBot', skill: 70 });

/** An audit entry written just now (an older one did not record the change announced). */
const justNow = (entry: Partial<AuditEntry>) =>
  historyEntry({ ...entry, at: new Date().toISOString() });
const byBob = justNow({ entity: 'bot', entityId: 'BOT-ACE', actorId: 'id-BOB', actor: 'bob' });
const updated = (resource: string, id: string) => ({
  topic: `resource/${resource}`,
  type: 'updated',
  ids: [id],
});

describe('an edit form whose record changed elsewhere (ChangedElsewhere)', () => {
  it('names the other admin, keeps the form as it is, and Reload loads the new values', async () => {
    let bot = ace;
    let history: AuditEntry[] = [];
    const { requests, liveStream } = renderAdmin({
      entries: ['/bots/BOT-ACE/edit'],
      routes: {
        [`GET ${BOT}`]: () => reply(200, bot),
        'GET /api/admin/bots': listOf([ace]),
        'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 1, busy: 0 }),
        'GET /api/admin/audit': () => historyOf(history),
      },
    });
    const user = userEvent.setup();
    const nickname = await screen.findByDisplayValue('AceBot');
    await user.type(nickname, 'X');
    await liveStream.connected();
    const loads = () => callsTo(requests, 'GET', BOT).length;
    const before = loads();

    bot = { ...ace, nickname: 'BobsBot', skill: 20 };
    history = [byBob];
    liveStream.emit('resource', updated('bots', 'BOT-ACE'));

    const banner = await screen.findByText(changedElsewhere('bob'));
    expect(banner).toHaveTextContent('This record was changed by bob. Reload to see the changes.');
    const audit = callsTo(requests, 'GET', '/api/admin/audit').at(-1);
    expect(Object.fromEntries(new URL(audit?.url ?? 'http://x').searchParams)).toMatchObject({
      entity: 'bot',
      entityId: 'BOT-ACE',
      page: '1',
      limit: '1',
    });
    // the form is not reloaded under the admin's typing
    expect(loads()).toBe(before);
    expect(nickname).toHaveValue('AceBotX');

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    expect(await screen.findByDisplayValue('BobsBot')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Skill' })).toHaveValue(20);
    expect(loads()).toBe(before + 1);
    await waitFor(() =>
      expect(screen.queryByText(changedElsewhere('bob'))).not.toBeInTheDocument(),
    );
  });

  it("says 'another admin' when the record's history cannot be read", async () => {
    const { liveStream } = renderAdmin({
      entries: ['/bots/BOT-ACE/edit'],
      routes: {
        [`GET ${BOT}`]: reply(200, ace),
        'GET /api/admin/audit': reply(403, { error: 'Missing permission', code: 'forbidden' }),
      },
    });
    await screen.findByDisplayValue('AceBot');
    await liveStream.connected();

    liveStream.emit('resource', { ...updated('bots', 'BOT-ACE'), type: 'deleted' });

    expect(await screen.findByText(changedElsewhere('another admin'))).toBeInTheDocument();
  });

  it("says 'another admin' when the newest history entry is older than the change (a player's)", async () => {
    const { liveStream } = renderAdmin({
      entries: ['/bots/BOT-ACE/edit'],
      routes: {
        [`GET ${BOT}`]: reply(200, ace),
        'GET /api/admin/audit': historyOf([
          historyEntry({
            entity: 'bot',
            entityId: 'BOT-ACE',
            actorId: 'id-BOB',
            actor: 'bob',
            at: '2026-01-02T10:00:00.000Z',
          }),
        ]),
      },
    });
    await screen.findByDisplayValue('AceBot');
    await liveStream.connected();

    liveStream.emit('resource', updated('bots', 'BOT-ACE'));

    expect(await screen.findByText(changedElsewhere('another admin'))).toBeInTheDocument();
    expect(screen.queryByText(changedElsewhere('bob'))).not.toBeInTheDocument();
  });

  it("says nothing after the admin's own save, nor when another record changes", async () => {
    let saved: User = makeUser({ userId: 'USR-9', username: 'eve' });
    let history: AuditEntry[] = [];
    const { requests, liveStream } = renderAdmin({
      entries: ['/users/USR-9/edit'],
      routes: {
        'GET /api/admin/users/USR-9': () => detailOf(saved),
        'PATCH /api/admin/users/USR-9': (request) => {
          saved = { ...saved, ...(request.body as Partial<User>) };
          history = [justNow({ entity: 'user', entityId: 'USR-9', actorId: ME, actor: 'tester' })];
          return reply(200, { ok: true, user: saved });
        },
        'GET /api/admin/audit': () => historyOf(history),
      },
    });
    const user = userEvent.setup();
    const username = await screen.findByDisplayValue('eve');
    await liveStream.connected();

    liveStream.emit('resource', updated('users', 'USR-2'));
    await user.clear(username);
    await user.type(username, 'eve2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    liveStream.emit('resource', updated('users', 'USR-9'));

    // the newest entry was read, and it is the admin's own
    await waitFor(() => expect(callsTo(requests, 'GET', '/api/admin/audit')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/This record was changed by/)).not.toBeInTheDocument();
    expect(username).toHaveValue('eve2');
  });

  const T0 = '2026-01-02T10:00:00.000Z';
  const cards = {
    _id: '3',
    name: 'Cards',
    slug: 'cards',
    isActive: true,
    sortOrder: 0,
    createdAt: T0,
    updatedAt: T0,
  };
  const terms = {
    _id: 'd3',
    type: 'terms',
    version: 3,
    isActive: false,
    publishedAt: null,
    createdAt: T0,
    updatedAt: T0,
    contentText: 'Draft terms',
    contentHtml: '',
  };
  it.each([
    ['a category', '/categories/3', 'categories', '3', 'category', cards, 'Cards'],
    ['a legal version', '/legal/d3', 'legal', 'd3', 'legal', terms, 'Draft terms'],
    [
      'a withdrawal type',
      '/withdrawal-types/wt-1',
      'withdrawal-types',
      'wt-1',
      'withdrawal_type',
      paypal,
      'PayPal $10',
    ],
  ])(
    'shows on the edit form of %s, asking the history by its audit name',
    async (_kind, path, resource, id, entity, record, shown) => {
      const { requests, liveStream } = renderAdmin({
        entries: [path],
        routes: {
          [`GET /api/admin/${resource}/${id}`]: reply(200, record),
          'GET /api/admin/audit': historyOf([
            justNow({ entity, entityId: id, actorId: 'id-BOB', actor: 'bob' }),
          ]),
        },
      });
      await screen.findByDisplayValue(shown);
      await liveStream.connected();

      liveStream.emit('resource', updated(resource, id));

      expect(await screen.findByText(changedElsewhere('bob'))).toBeInTheDocument();
      const audit = callsTo(requests, 'GET', '/api/admin/audit').at(-1);
      expect(new URL(audit?.url ?? 'http://x').searchParams.get('entity')).toBe(entity);
    },
  );
});
