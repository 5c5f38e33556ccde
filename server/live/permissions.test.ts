import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';
import {
  addressOf,
  type ChangeData,
  changeOf,
  OpenStreams,
  type StreamEvent,
  type TestStream,
} from '../test/live';

// Each admin hears only the topics whose area they may read; stats go to every admin; who views
// a record goes to the readers of its area.

let t: TestContext;
let base: string;
let admin: SignedIn;
let botsReader: SignedIn;
let withdrawalsReader: SignedIn;
const streams = new OpenStreams();

beforeAll(async () => {
  t = await createTestContext();
  base = await addressOf(t.app);
  admin = await signedIn(t);
  botsReader = await signedIn(t, { permissions: ['bots:read'] });
  withdrawalsReader = await signedIn(t, { permissions: ['withdrawals:read'] });
});
afterAll(async () => {
  streams.closeAll();
  await t.close();
});

const open = (who: SignedIn) => streams.open(base, who.token);

/**
 * A bot and then a withdrawal, written after the writes under test: once a stream hears either,
 * whatever came before has arrived (the database delivers in commit order).
 */
async function settled(...listeners: TestStream[]) {
  const bot = await insertBot(t.db);
  const row = await insertWithdrawal(t.db, { userId: admin.user.user_id });
  const either = (e: StreamEvent) =>
    changeOf('bots', 'created', bot.bot_id)(e) ||
    changeOf('withdrawals', 'created', String(row.id))(e);
  await Promise.all(listeners.map((s) => s.next(either)));
}

const topicsOf = (events: StreamEvent[]) =>
  new Set(
    events.map(({ event, data }) =>
      event === 'resource' ? (data as ChangeData).topic : `${event}`,
    ),
  );

describe('who hears what', () => {
  it('an admin with only bots:read hears bots and stats, not withdrawals, users or audit', async () => {
    const [everything, bots] = [await open(admin), await open(botsReader)];
    const player = await t.user({ balance: 0 });
    const row = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 10 });
    const decided = await admin.patch(`/api/admin/withdrawals/${row.id}/decision`, {
      action: 'reject',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const bot = await admin.post('/api/admin/bots', { nickname: 'Heard By Both' });
    expect(bot.statusCode, bot.body).toBe(201);

    await everything.next(changeOf('withdrawals', 'updated', String(row.id)));
    await everything.next(changeOf('audit', 'created'));
    await bots.next(changeOf('bots', 'created', bot.json().botId));
    // The dashboard's figures moved: every admin is told, whatever they may read.
    await bots.next((e) => e.event === 'stats');
    await settled(everything, bots);

    expect(topicsOf(everything.events)).toEqual(
      new Set([
        'resource/users',
        'resource/withdrawals',
        'resource/audit',
        'resource/bots',
        'stats',
      ]),
    );
    expect(topicsOf(bots.events)).toEqual(new Set(['resource/bots', 'stats']));
  });

  it('presence on a withdrawal goes to the readers of withdrawals only', async () => {
    const [everything, bots, withdrawals] = [
      await open(admin),
      await open(botsReader),
      await open(withdrawalsReader),
    ];
    const res = await withdrawalsReader.call('PUT', '/api/admin/presence', {
      resource: 'withdrawals',
      id: '4242',
    });
    expect(res.statusCode, res.body).toBe(200);
    const isPresence = (e: StreamEvent) => e.event === 'presence';
    const heard = await everything.next(isPresence);
    expect(heard.data).toMatchObject({ topic: 'presence/withdrawals/4242' });
    await withdrawals.next(isPresence);
    await settled(everything, bots, withdrawals);
    expect(bots.events.some(isPresence)).toBe(false);

    // On a bot, the other way round.
    const onBot = await botsReader.call('PUT', '/api/admin/presence', {
      resource: 'bots',
      id: 'bot_x',
    });
    expect(onBot.statusCode, onBot.body).toBe(200);
    const onBotEvent = (e: StreamEvent) =>
      e.event === 'presence' && (e.data as { topic: string }).topic === 'presence/bots/bot_x';
    await bots.next(onBotEvent);
    await everything.next(onBotEvent);
    await settled(everything, bots, withdrawals);
    expect(withdrawals.events.some(onBotEvent)).toBe(false);
  });
});
