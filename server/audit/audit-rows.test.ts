import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEY_MASK } from '../../contract/integrations';
import type { PushSendBody } from '../../contract/notifications';
import { callsAs, type SignedIn } from '../test/client';
import { fingerprint, REFUSED_REQUEST_WRITES } from '../test/db-fingerprint';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { bearer, type TestContext } from '../test/harness';
import { integrationsBody } from '../test/integrations';
import {
  appWithPushStub,
  type PushStub,
  resetPushStub,
  STUB_NOTIFICATION_ID,
} from '../test/push-stub';
import {
  appCode,
  challengeFor,
  startSetup,
  turnOffWith,
  turnOnTwoStep,
  verifyCode,
} from '../test/two-step';

// "Every mutation writes exactly one audit row in its transaction; a failed mutation writes
// none." Each mutating route is sent one request that succeeds and one that is refused, and
// then the successful one again while the audit log refuses every insert: the change must not
// commit without its row.

let t: TestContext;
let admin: SignedIn;
let stub: PushStub;
beforeAll(async () => {
  ({ stub, t, admin } = await appWithPushStub('', 2000));
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => resetPushStub(stub));

/** The client's address as the server sees it (no proxy is trusted in tests). */
const CLIENT_IP = '203.0.113.77';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface Request {
  method: Method;
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** What an audit row must say besides who and from where. */
interface Row {
  action: string;
  entity: string;
  entityId: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON a route answered, read by each example
type Answer = Record<string, any>;

interface Example {
  /**
   * Makes what a successful request needs; answers it and the rows it must write (read off the
   * answer when the server draws the new record's id).
   */
  succeeds?: () => Promise<Request & { writes: Row[] | ((answer: Answer) => Row[]) }>;
  /** Makes what a refused request needs; answers it and its status. */
  refused: () => Promise<Request & { status: number }>;
}

const send = ({ method, url, payload, headers }: Request) =>
  t.app.inject({
    method,
    url,
    remoteAddress: CLIENT_IP,
    headers: { ...bearer(admin.token), ...headers },
    ...(payload && { payload }),
  });

/** Asserts a 2xx with the body in the message, and answers the body. */
async function ok(request: Request) {
  const res = await send(request);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

let counter = 0;
/** A value no earlier example used. */
const fresh = () => ++counter;

const DAY_MS = 86_400_000;
/** A day no earlier example used. */
const freshDay = () => new Date(Date.UTC(2031, 0, 1) + fresh() * DAY_MS).toISOString().slice(0, 10);

/** A version no record has: an edit based on it is stale. */
const STALE = { 'if-match': '"2001-01-01T00:00:00.000Z"' };

const ADMIN = '/api/admin';
const row = (action: string, entity: string, entityId: string | null): Row => ({
  action,
  entity,
  entityId,
});

// --- what the examples make ---

const newBot = () => insertBot(t.db);
const newCategory = async () =>
  (await ok({ method: 'POST', url: `${ADMIN}/categories`, payload: { name: `Cat ${fresh()}` } }))
    ._id as string;
const newOffer = async () =>
  (
    await ok({
      method: 'POST',
      url: `${ADMIN}/offers`,
      payload: { categoryId: await newCategory(), name: `Offer ${fresh()}`, gameName: 'Blocks' },
    })
  )._id as string;
const typeBody = () => ({ key: `type_${fresh()}`, title: `Type ${counter}` });
const newType = async () =>
  (await ok({ method: 'POST', url: `${ADMIN}/withdrawal-types`, payload: typeBody() }))
    ._id as string;
const newPlayer = () => t.user({ balance: 500 });
const newWithdrawal = async (status: 'pending' | 'approved' = 'pending') =>
  String((await insertWithdrawal(t.db, { userId: (await newPlayer()).user_id, status })).id);
/** A credit of 1,000 points to a new player, waiting; asked by `requestedBy` (another admin). */
const newAdjustment = async (requestedBy?: number) => {
  const by = requestedBy ?? (await t.user({ admin: true })).id;
  const { user_id } = await newPlayer();
  const { id } = await t.db
    .insertInto('adjustments')
    .values({ user_id, delta: 1000, reason: 'goodwill', note: null, requested_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(id), userId: user_id };
};
const newLegal = async () =>
  (
    await ok({
      method: 'POST',
      url: `${ADMIN}/legal`,
      payload: { type: 'terms', contentText: `Terms ${fresh()}` },
    })
  ).doc._id as string;
const deckBody = () => ({ cards: [{ index: 0, amount: fresh() }] });
const newDeck = async () => {
  const day = freshDay();
  await ok({ method: 'PUT', url: `${ADMIN}/unity-decks/${day}`, payload: deckBody() });
  return day;
};
/** Push configured and on (a save that changes nothing writes nothing). */
const pushOn = () =>
  ok({ method: 'PATCH', url: `${ADMIN}/integrations`, payload: integrationsBody() });

const welcome: PushSendBody = {
  headings: { en: 'Double points' },
  contents: { en: 'This weekend only' },
  includedSegments: ['Subscribed Users'],
};

const dailyRewards = () => ({
  labels: Array.from({ length: 7 }, (_, i) => `Day ${i + 1}`),
  values: Array.from({ length: 7 }, () => fresh()),
  isActive: true,
});
const referral = () => ({ maxReferralsPerUser: fresh(), pointsPerReferral: 100 });
// Far above every withdrawal here: the decisions' examples stay one-step.
const payouts = () => ({ secondApprovalFromUsd: 900_000 + fresh() });
const appInfo = () => ({
  title: `Rewards ${fresh()}`,
  description: 'Play and earn.',
  email: 'help@example.com',
  version: '1.0.0',
});

/** A settings singleton: saved anew each time; refused when the edit is based on an old save. */
const setting = (path: string, key: string, action: string, body: () => object): Example => ({
  succeeds: async () => ({
    method: 'PATCH',
    url: `${ADMIN}${path}`,
    payload: body(),
    writes: [row(action, 'settings', key)],
  }),
  refused: async () => {
    await ok({ method: 'PATCH', url: `${ADMIN}${path}`, payload: body() });
    return {
      method: 'PATCH',
      url: `${ADMIN}${path}`,
      payload: body(),
      headers: STALE,
      status: 409,
    };
  },
});

/**
 * One example per mutating admin route. A bulk request writes the rows its design says: one per
 * withdrawal decided (each withdrawal's history is whole), one for a whole bots toggle.
 */
const EXAMPLES: Record<string, Example> = {
  'POST /api/admin/bots': {
    succeeds: async () => ({
      method: 'POST',
      url: `${ADMIN}/bots`,
      payload: { nickname: `Bot ${fresh()}` },
      // The server draws the botId.
      writes: (answer) => [row('bot.create', 'bot', answer.botId)],
    }),
    refused: async () => ({
      method: 'POST',
      url: `${ADMIN}/bots`,
      payload: { nickname: (await newBot()).nickname },
      status: 409,
    }),
  },
  'PATCH /api/admin/bots/:id': {
    succeeds: async () => {
      const { bot_id } = await newBot();
      return {
        method: 'PATCH',
        url: `${ADMIN}/bots/${bot_id}`,
        payload: { skill: 77 },
        writes: [row('bot.update', 'bot', bot_id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/bots/bot_nobody`,
      payload: { skill: 77 },
      status: 404,
    }),
  },
  'DELETE /api/admin/bots/:id': {
    succeeds: async () => {
      const { bot_id } = await newBot();
      return {
        method: 'DELETE',
        url: `${ADMIN}/bots/${bot_id}`,
        writes: [row('bot.delete', 'bot', bot_id)],
      };
    },
    refused: async () => ({ method: 'DELETE', url: `${ADMIN}/bots/bot_nobody`, status: 404 }),
  },
  'PATCH /api/admin/bots/bulk': {
    succeeds: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/bots/bulk`,
      payload: { ids: [(await newBot()).bot_id, (await newBot()).bot_id], active: false },
      writes: [row('bot.bulk_active', 'bot', null)],
    }),
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/bots/bulk`,
      payload: { ids: [], active: false },
      status: 400,
    }),
  },
  // An update or delete without a bot id: only ever refused.
  'PATCH /api/admin/bots': {
    refused: async () => ({ method: 'PATCH', url: `${ADMIN}/bots`, payload: {}, status: 400 }),
  },
  'DELETE /api/admin/bots': {
    refused: async () => ({ method: 'DELETE', url: `${ADMIN}/bots`, status: 400 }),
  },

  'POST /api/admin/categories': {
    succeeds: async () => ({
      method: 'POST',
      url: `${ADMIN}/categories`,
      payload: { name: `Category ${fresh()}` },
      writes: (answer) => [row('category.create', 'category', answer._id)],
    }),
    refused: async () => {
      const name = `Twin ${fresh()}`;
      await ok({ method: 'POST', url: `${ADMIN}/categories`, payload: { name } });
      return { method: 'POST', url: `${ADMIN}/categories`, payload: { name }, status: 409 };
    },
  },
  'PATCH /api/admin/categories/:id': {
    succeeds: async () => {
      const id = await newCategory();
      return {
        method: 'PATCH',
        url: `${ADMIN}/categories/${id}`,
        payload: { sortOrder: 5 },
        writes: [row('category.update', 'category', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/categories/999999999`,
      payload: { sortOrder: 5 },
      status: 404,
    }),
  },
  'DELETE /api/admin/categories/:id': {
    // Its offers go with it: still one row, which keeps them.
    succeeds: async () => {
      const id = await newCategory();
      await ok({
        method: 'POST',
        url: `${ADMIN}/offers`,
        payload: { categoryId: id, name: `Offer ${fresh()}`, gameName: 'Blocks' },
      });
      return {
        method: 'DELETE',
        url: `${ADMIN}/categories/${id}`,
        writes: [row('category.delete', 'category', id)],
      };
    },
    refused: async () => ({ method: 'DELETE', url: `${ADMIN}/categories/999999999`, status: 404 }),
  },

  'POST /api/admin/offers': {
    succeeds: async () => ({
      method: 'POST',
      url: `${ADMIN}/offers`,
      payload: { categoryId: await newCategory(), name: `Offer ${fresh()}`, gameName: 'Blocks' },
      writes: (answer) => [row('offer.create', 'offer', answer._id)],
    }),
    // A category that does not exist.
    refused: async () => ({
      method: 'POST',
      url: `${ADMIN}/offers`,
      payload: { categoryId: '999999999', name: 'Orphan', gameName: 'Blocks' },
      status: 400,
    }),
  },
  'PATCH /api/admin/offers/:id': {
    succeeds: async () => {
      const id = await newOffer();
      return {
        method: 'PATCH',
        url: `${ADMIN}/offers/${id}`,
        payload: { rewardAmount: 25 },
        writes: [row('offer.update', 'offer', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/offers/${await newOffer()}`,
      payload: { rewardAmount: 25 },
      headers: STALE,
      status: 409,
    }),
  },
  'DELETE /api/admin/offers/:id': {
    succeeds: async () => {
      const id = await newOffer();
      return {
        method: 'DELETE',
        url: `${ADMIN}/offers/${id}`,
        writes: [row('offer.delete', 'offer', id)],
      };
    },
    refused: async () => ({ method: 'DELETE', url: `${ADMIN}/offers/999999999`, status: 404 }),
  },

  'POST /api/admin/withdrawal-types': {
    succeeds: async () => ({
      method: 'POST',
      url: `${ADMIN}/withdrawal-types`,
      payload: typeBody(),
      writes: (answer) => [row('withdrawal_type.create', 'withdrawal_type', answer._id)],
    }),
    refused: async () => {
      const body = typeBody();
      await ok({ method: 'POST', url: `${ADMIN}/withdrawal-types`, payload: body });
      return { method: 'POST', url: `${ADMIN}/withdrawal-types`, payload: body, status: 409 };
    },
  },
  'PUT /api/admin/withdrawal-types/:id': {
    succeeds: async () => {
      const id = await newType();
      return {
        method: 'PUT',
        url: `${ADMIN}/withdrawal-types/${id}`,
        payload: { ...typeBody(), rateUsdPerPoint: 0.01, minPoints: 10, stock: 3, isActive: true },
        writes: [row('withdrawal_type.update', 'withdrawal_type', id)],
      };
    },
    refused: async () => ({
      method: 'PUT',
      url: `${ADMIN}/withdrawal-types/999999999`,
      payload: { ...typeBody(), rateUsdPerPoint: 0.01, minPoints: 10, stock: 3, isActive: true },
      status: 404,
    }),
  },
  'DELETE /api/admin/withdrawal-types/:id': {
    succeeds: async () => {
      const id = await newType();
      return {
        method: 'DELETE',
        url: `${ADMIN}/withdrawal-types/${id}`,
        writes: [row('withdrawal_type.delete', 'withdrawal_type', id)],
      };
    },
    refused: async () => ({
      method: 'DELETE',
      url: `${ADMIN}/withdrawal-types/999999999`,
      status: 404,
    }),
  },
  'PATCH /api/admin/withdrawal-types/:id/toggle': {
    succeeds: async () => {
      const id = await newType();
      return {
        method: 'PATCH',
        url: `${ADMIN}/withdrawal-types/${id}/toggle`,
        writes: [row('withdrawal_type.toggle', 'withdrawal_type', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/withdrawal-types/999999999/toggle`,
      status: 404,
    }),
  },

  'PATCH /api/admin/users/:id': {
    succeeds: async () => {
      const { user_id } = await newPlayer();
      return {
        method: 'PATCH',
        url: `${ADMIN}/users/${user_id}`,
        payload: { xp: 40, balance: 900 },
        writes: [row('user.update', 'user', user_id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/users/${(await newPlayer()).user_id}`,
      payload: { username: (await newPlayer()).username },
      status: 409,
    }),
  },
  'DELETE /api/admin/users/:id': {
    succeeds: async () => {
      const { user_id } = await newPlayer();
      return {
        method: 'DELETE',
        url: `${ADMIN}/users/${user_id}`,
        writes: [row('user.disable', 'user', user_id)],
      };
    },
    refused: async () => ({ method: 'DELETE', url: `${ADMIN}/users/nobody`, status: 404 }),
  },
  'POST /api/admin/users/:id/password': {
    succeeds: async () => {
      const { user_id } = await newPlayer();
      return {
        method: 'POST',
        url: `${ADMIN}/users/${user_id}/password`,
        payload: { newPassword: 'brand-new-secret' },
        writes: [row('user.password', 'user', user_id)],
      };
    },
    refused: async () => ({
      method: 'POST',
      url: `${ADMIN}/users/nobody/password`,
      payload: { newPassword: 'brand-new-secret' },
      status: 404,
    }),
  },
  'DELETE /api/admin/users/:id/two-step': {
    succeeds: async () => {
      const player = await newPlayer();
      // As if they had set it up: the reset needs it on.
      await t.db
        .updateTable('users')
        .set({ two_step_at: new Date() })
        .where('id', '=', player.id)
        .execute();
      return {
        method: 'DELETE',
        url: `${ADMIN}/users/${player.user_id}/two-step`,
        writes: [row('user.two_step_reset', 'user', player.user_id)],
      };
    },
    refused: async () => ({
      method: 'DELETE',
      url: `${ADMIN}/users/${(await newPlayer()).user_id}/two-step`,
      status: 409,
    }),
  },
  'PATCH /api/admin/users/:id/role': {
    succeeds: async () => {
      const { user_id } = await newPlayer();
      return {
        method: 'PATCH',
        url: `${ADMIN}/users/${user_id}/role`,
        payload: { makeAdmin: true },
        writes: [row('user.role', 'user', user_id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/users/${admin.user.user_id}/role`,
      payload: { makeAdmin: false },
      status: 409,
    }),
  },
  'PATCH /api/admin/users/:id/permissions': {
    succeeds: async () => {
      const { user_id } = await newPlayer();
      return {
        method: 'PATCH',
        url: `${ADMIN}/users/${user_id}/permissions`,
        payload: { grant: ['withdrawals:approve'] },
        writes: [row('user.permissions', 'user', user_id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/users/nobody/permissions`,
      payload: { grant: ['withdrawals:approve'] },
      status: 404,
    }),
  },

  'PATCH /api/admin/withdrawals/:id/decision': {
    // A reject refunds the points to the player: the refund and the decision share the row.
    succeeds: async () => {
      const id = await newWithdrawal();
      return {
        method: 'PATCH',
        url: `${ADMIN}/withdrawals/${id}/decision`,
        payload: { action: 'reject' },
        writes: [row('withdrawal.reject', 'withdrawal', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/withdrawals/${await newWithdrawal('approved')}/decision`,
      payload: { action: 'reject' },
      status: 409,
    }),
  },
  'PATCH /api/admin/withdrawals/bulk': {
    // One row per withdrawal decided; none for the one already decided.
    succeeds: async () => {
      const [a, b] = [await newWithdrawal(), await newWithdrawal()];
      return {
        method: 'PATCH',
        url: `${ADMIN}/withdrawals/bulk`,
        payload: { ids: [a, b, await newWithdrawal('approved')], action: 'reject' },
        writes: [
          row('withdrawal.reject', 'withdrawal', a),
          row('withdrawal.reject', 'withdrawal', b),
        ],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/withdrawals/bulk`,
      payload: { ids: [await newWithdrawal()], action: 'cancel' },
      status: 400,
    }),
  },

  'PATCH /api/admin/adjustments/:id/decision': {
    // The credit and the decision share the row, on the player's timeline.
    succeeds: async () => {
      const { id, userId } = await newAdjustment();
      return {
        method: 'PATCH',
        url: `${ADMIN}/adjustments/${id}/decision`,
        payload: { action: 'approve' },
        writes: [row('adjustment.approve', 'user', userId)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/adjustments/${(await newAdjustment(admin.user.id)).id}/decision`,
      payload: { action: 'approve' },
      status: 409,
    }),
  },
  'PATCH /api/admin/adjustments/bulk': {
    // One row per adjustment decided; none for the one the admin may not approve.
    succeeds: async () => {
      const [a, b] = [await newAdjustment(), await newAdjustment()];
      return {
        method: 'PATCH',
        url: `${ADMIN}/adjustments/bulk`,
        payload: { ids: [a.id, b.id, (await newAdjustment(admin.user.id)).id], action: 'approve' },
        writes: [
          row('adjustment.approve', 'user', a.userId),
          row('adjustment.approve', 'user', b.userId),
        ],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/adjustments/bulk`,
      payload: { ids: [(await newAdjustment()).id], action: 'cancel' },
      status: 400,
    }),
  },

  'PATCH /api/admin/daily-rewards': setting(
    '/daily-rewards',
    'daily_rewards',
    'settings.daily_rewards',
    dailyRewards,
  ),
  'PATCH /api/admin/settings/referral': setting(
    '/settings/referral',
    'referral',
    'settings.referral',
    referral,
  ),
  'PATCH /api/admin/app-info': setting('/app-info', 'app_info', 'settings.app_info', appInfo),
  'PATCH /api/admin/settings/payouts': setting(
    '/settings/payouts',
    'payouts',
    'settings.payouts',
    payouts,
  ),

  'PATCH /api/admin/integrations': {
    succeeds: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/integrations`,
      payload: integrationsBody({ androidChannelId: `channel-${fresh()}` }),
      writes: [row('integrations.update', 'settings', 'integrations')],
    }),
    // The mask of a key other than the one stored: refused after the lock, inside the save.
    refused: async () => {
      await pushOn();
      return {
        method: 'PATCH',
        url: `${ADMIN}/integrations`,
        payload: integrationsBody({ restApiKey: `${KEY_MASK}zzzz` }),
        status: 400,
      };
    },
  },
  'POST /api/admin/notifications/send': {
    succeeds: async () => {
      await pushOn();
      return {
        method: 'POST',
        url: `${ADMIN}/notifications/send`,
        payload: welcome,
        writes: [row('notification.send', 'notification', STUB_NOTIFICATION_ID)],
      };
    },
    // Push switched off: nothing reaches the provider.
    refused: async () => {
      await ok({
        method: 'PATCH',
        url: `${ADMIN}/integrations`,
        payload: integrationsBody({ enabled: false }),
      });
      return { method: 'POST', url: `${ADMIN}/notifications/send`, payload: welcome, status: 409 };
    },
  },

  'POST /api/admin/legal': {
    succeeds: async () => ({
      method: 'POST',
      url: `${ADMIN}/legal`,
      payload: { type: 'privacy', contentText: `Privacy ${fresh()}`, isActive: true },
      writes: (answer) => [row('legal.create', 'legal', answer.doc._id)],
    }),
    refused: async () => ({
      method: 'POST',
      url: `${ADMIN}/legal`,
      payload: { type: 'cookies', contentText: 'Cookies' },
      status: 400,
    }),
  },
  'PATCH /api/admin/legal/:id': {
    succeeds: async () => {
      const id = await newLegal();
      return {
        method: 'PATCH',
        url: `${ADMIN}/legal/${id}`,
        payload: { contentText: `Edited ${fresh()}` },
        writes: [row('legal.update', 'legal', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/legal/${await newLegal()}`,
      payload: { contentText: 'Edited' },
      headers: STALE,
      status: 409,
    }),
  },
  'PATCH /api/admin/legal/:id/activate': {
    succeeds: async () => {
      const id = await newLegal();
      return {
        method: 'PATCH',
        url: `${ADMIN}/legal/${id}/activate`,
        writes: [row('legal.activate', 'legal', id)],
      };
    },
    refused: async () => ({
      method: 'PATCH',
      url: `${ADMIN}/legal/999999999/activate`,
      status: 404,
    }),
  },

  'PUT /api/admin/unity-decks/:dateKey': {
    succeeds: async () => {
      const day = freshDay();
      return {
        method: 'PUT',
        url: `${ADMIN}/unity-decks/${day}`,
        payload: deckBody(),
        writes: [row('deck.save', 'deck', day)],
      };
    },
    // Based on a version of a day that has no deck (deleted meanwhile).
    refused: async () => ({
      method: 'PUT',
      url: `${ADMIN}/unity-decks/${freshDay()}`,
      payload: deckBody(),
      headers: STALE,
      status: 409,
    }),
  },
  'POST /api/admin/unity-decks/copy': {
    succeeds: async () => {
      const [from, to] = [await newDeck(), freshDay()];
      return {
        method: 'POST',
        url: `${ADMIN}/unity-decks/copy`,
        payload: { fromDateKey: from, toDateKey: to },
        writes: [row('deck.copy', 'deck', to)],
      };
    },
    refused: async () => ({
      method: 'POST',
      url: `${ADMIN}/unity-decks/copy`,
      payload: { fromDateKey: freshDay(), toDateKey: await newDeck() },
      status: 404,
    }),
  },
  'DELETE /api/admin/unity-decks/:dateKey': {
    succeeds: async () => {
      const day = await newDeck();
      return {
        method: 'DELETE',
        url: `${ADMIN}/unity-decks/${day}`,
        writes: [row('deck.delete', 'deck', day)],
      };
    },
    refused: async () => ({
      method: 'DELETE',
      url: `${ADMIN}/unity-decks/${freshDay()}`,
      status: 404,
    }),
  },

  // Presence is a heartbeat, not a change of data: it writes no audit row, so only its refusal.
  'PUT /api/admin/presence': {
    refused: async () => ({
      method: 'PUT',
      url: `${ADMIN}/presence`,
      payload: { resource: 'nothing', id: '1' },
      status: 400,
    }),
  },
  'DELETE /api/admin/presence': {
    refused: async () => ({
      method: 'DELETE',
      url: `${ADMIN}/presence?resource=nothing&id=1`,
      status: 400,
    }),
  },
};

// --- what the database holds ---

/** What the database holds; a session's last_seen_at (any request may touch it) left out. */
const snapshot = () => fingerprint(t.db, REFUSED_REQUEST_WRITES);

const lastAuditId = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );

/** The audit rows written after `since`, as who, from where, what and on which record. */
const auditsSince = async (since: number) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor', 'ip', 'action', 'entity', 'entity_id'])
      .where('id', '>', since)
      .execute()
  )
    .map(({ actor_id, actor, ip, action, entity, entity_id }) => ({
      actorId: actor_id,
      actor,
      ip,
      ...row(action, entity, entity_id),
    }))
    .sort(byEntityId);

/** The order rows are compared in: a bulk request writes its rows in no set order. */
const byEntityId = (a: Row, b: Row) => String(a.entityId).localeCompare(String(b.entityId));

/** Rows as the signed-in admin writes them from the test client, ordered as `auditsSince`. */
const byAdmin = (rows: Row[]) =>
  rows
    .map((r) => ({ actorId: admin.user.id, actor: admin.user.username, ip: CLIENT_IP, ...r }))
    .sort(byEntityId);

/** For the duration of `work`, every insert into audit_log fails (as a full disk would). */
async function withAuditRefused(work: () => Promise<void>): Promise<void> {
  await sql`
    CREATE FUNCTION audit_rows_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit_log refuses inserts (test)'; END $$`.execute(t.db);
  await sql`
    CREATE TRIGGER audit_rows_test_refuse BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_rows_test_refuse()`.execute(t.db);
  try {
    await work();
  } finally {
    await sql`DROP TRIGGER audit_rows_test_refuse ON audit_log`.execute(t.db);
    await sql`DROP FUNCTION audit_rows_test_refuse()`.execute(t.db);
  }
}

const describeRequest = (request: Request) =>
  `${request.method} ${request.url} ${JSON.stringify(request.payload ?? null)}`;

// --- the properties ---

const mutating = (method: string) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method);
const routesWhere = (keep: (url: string) => boolean) =>
  t.app.routeTable
    .filter((r) => mutating(r.method) && keep(r.url))
    .map((r) => `${r.method} ${r.url}`)
    .sort();

const ROUTES = Object.keys(EXAMPLES);
const SUCCEEDING = ROUTES.filter((route) => EXAMPLES[route]?.succeeds);
const example = (route: string) => EXAMPLES[route] as Example;
/** The route's successful request, made ready. */
const succeeding = (route: string) => {
  const make = example(route).succeeds;
  if (!make) throw new Error(`${route} has no successful example`);
  return make();
};

describe('admin mutations', () => {
  it('have an example for every mutating admin route', () => {
    expect(routesWhere((url) => url.startsWith(ADMIN))).toEqual([...ROUTES].sort());
    // Outside /api/admin, only signing in and out and My account change anything (see below).
    expect(routesWhere((url) => !url.startsWith(ADMIN))).toEqual([
      'DELETE /api/auth/2fa/warning',
      'DELETE /api/auth/sessions',
      'DELETE /api/auth/sessions/:id',
      'POST /api/auth/2fa/disable',
      'POST /api/auth/2fa/enable',
      'POST /api/auth/2fa/setup',
      'POST /api/auth/2fa/verify',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/password',
    ]);
  });

  it.each(SUCCEEDING)(
    '%s writes its row: the admin, the action, the record, the ip',
    async (route) => {
      const { writes, ...request } = await succeeding(route);
      const since = await lastAuditId();
      const before = await snapshot();
      const answer = await ok(request);
      const expected = typeof writes === 'function' ? writes(answer) : writes;
      expect(await auditsSince(since), describeRequest(request)).toEqual(byAdmin(expected));
      // The instrument the other two properties rely on sees the change.
      expect(await snapshot()).not.toEqual(before);
    },
  );

  it.each(ROUTES)('%s refused writes no row and changes nothing', async (route) => {
    const { status, ...request } = await example(route).refused();
    const before = await snapshot();
    const res = await send(request);
    expect(res.statusCode, `${describeRequest(request)}: ${res.body}`).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it.each(SUCCEEDING)('%s commits nothing when its audit row cannot be written', async (route) => {
    const { writes: _, ...request } = await succeeding(route);
    const before = await snapshot();
    await withAuditRefused(async () => {
      const res = await send(request);
      expect(res.statusCode, `${describeRequest(request)}: ${res.body}`).toBe(500);
    });
    expect(await snapshot()).toEqual(before);
    // Nor does a push go out that the log could not record.
    expect(stub.requests).toEqual([]);
  });
});

describe('push sends', () => {
  const SEND: Request = { method: 'POST', url: `${ADMIN}/notifications/send`, payload: welcome };
  beforeAll(pushOn);

  /** Sends `welcome` while the provider answers `answer`: its audit rows, and what it answered. */
  async function sendAnswered(answer: Parameters<PushStub['answer']>[0]) {
    stub.answer(answer);
    const since = await lastAuditId();
    const res = await send(SEND);
    return { res, rows: await auditsSince(since) };
  }

  it('writes one row for a send the provider refuses: it reached the provider', async () => {
    const { res, rows } = await sendAnswered({ status: 400, body: { errors: ['No subscribers'] } });
    expect(res.json()).toEqual({ ok: false, error: 'No subscribers' });
    expect(rows).toEqual(byAdmin([row('notification.send', 'notification', null)]));
    expect(stub.requests).toHaveLength(1);
  });

  // PostgreSQL's JSON holds neither a NUL nor half of a surrogate pair (U+FFFD stands in).
  it.each([
    ['a NUL and half a pair', { errors: ['bad\u0000key \ud800 here'] }, 400, null],
    [
      'a pair the 500-character clip splits',
      { errors: [`${'x'.repeat(498)}\u{1f600} and more`] },
      400,
      null,
    ],
    ['an id with a NUL', { id: 'id\u0000' }, 200, 'id\ufffd'],
    // Longer than an index entry can hold: cut, so the row is written.
    ['an id of 10,000 characters', { id: 'i'.repeat(10_000) }, 200, 'i'.repeat(128)],
  ])('writes one row whatever the provider answers: %s', async (_, body, status, id) => {
    const { res, rows } = await sendAnswered({ status, raw: JSON.stringify(body) });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows).toEqual(byAdmin([row('notification.send', 'notification', id)]));
  });
});

/** A row the user wrote about themselves, from the test client. */
const asUser = (user: { id: number; username: string }, action: string, userId: string) => ({
  actorId: user.id,
  actor: user.username,
  ip: CLIENT_IP,
  ...row(action, 'user', userId),
});

// Signing in and out change sessions, so they are audited like any mutation, each with one row
// in its transaction. A refused sign-in is recorded on purpose (one `auth.login_failed` row, no
// actor): it changes the throttle's count, and failed attempts are what a security review reads.
describe('signing in and out', () => {
  const login = (emailOrUsername: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: CLIENT_IP,
      payload: { emailOrUsername, password },
    });
  const logout = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: CLIENT_IP,
      ...(token && { headers: bearer(token) }),
    });
  const signedInAs = async (user: { username: string; password: string }) =>
    (await login(user.username, user.password)).json().token as string;

  it('a sign-in writes one row naming the user', async () => {
    const user = await newPlayer();
    const since = await lastAuditId();
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await auditsSince(since)).toEqual([asUser(user, 'auth.login', user.user_id)]);
  });

  it('a refused sign-in writes one row without an actor; a malformed one writes none', async () => {
    const user = await newPlayer();
    const since = await lastAuditId();
    expect((await login(user.username, 'wrong-password')).statusCode).toBe(401);
    expect(await auditsSince(since)).toEqual([
      {
        actorId: null,
        actor: null,
        ip: CLIENT_IP,
        ...row('auth.login_failed', 'user', user.user_id),
      },
    ]);

    const before = await snapshot();
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.username },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('a sign-out writes one row; one without a session writes none', async () => {
    const user = await newPlayer();
    const token = await signedInAs(user);
    const since = await lastAuditId();
    expect((await logout(token)).statusCode).toBe(200);
    expect(await auditsSince(since)).toEqual([asUser(user, 'auth.logout', user.user_id)]);

    const before = await snapshot();
    expect((await logout()).statusCode).toBe(401);
    expect((await logout(token)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('neither commits when its row cannot be written', async () => {
    const user = await newPlayer();
    const token = await signedInAs(user);
    const before = await snapshot();
    await withAuditRefused(async () => {
      expect((await login(user.username, user.password)).statusCode).toBe(500);
      expect((await login(user.username, 'wrong-password')).statusCode).toBe(500);
      expect((await logout(token)).statusCode).toBe(500);
    });
    expect(await snapshot()).toEqual(before);
    // The session the sign-out could not record still works.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });
});

// My account's changes are the admin's own, audited alike: one row naming them, in the change's
// transaction. Starting a set-up stores a secret not in force yet: its row is turning it on.
describe('my account', () => {
  /** A player signed in from the test client, and calls made as them. */
  async function member() {
    const user = await newPlayer();
    const token = await t.login(user.username, user.password, CLIENT_IP);
    return { user, token, ...callsAs(t.app, token, CLIENT_IP) };
  }
  const mine = (m: Awaited<ReturnType<typeof member>>, action: string) =>
    asUser(m.user, action, m.user.user_id);

  it('setting up writes no row; turning on writes one, and commits nothing without it', async () => {
    const m = await member();
    const since = await lastAuditId();
    const { secret } = (await startSetup(m)).json();
    expect(await auditsSince(since)).toEqual([]);

    const before = await snapshot();
    await withAuditRefused(async () => {
      const res = await m.post('/api/auth/2fa/enable', { code: appCode(secret) });
      expect(res.statusCode).toBe(500);
    });
    expect(await snapshot()).toEqual(before);
    expect((await m.post('/api/auth/2fa/enable', { code: appCode(secret) })).statusCode).toBe(200);
    expect(await auditsSince(since)).toEqual([mine(m, 'auth.two_step_enabled')]);
  });

  it('a sign-in with a code writes its sign-in row; turning off writes one', async () => {
    const m = await member();
    const { secret, recoveryCodes } = await turnOnTwoStep(m);
    const since = await lastAuditId();
    const challenge = await challengeFor(t, m.user, CLIENT_IP);
    expect((await verifyCode(t, challenge, appCode(secret, 1), CLIENT_IP)).statusCode).toBe(200);
    expect(await auditsSince(since)).toEqual([mine(m, 'auth.login')]);

    const before = await snapshot();
    const code = recoveryCodes[0] ?? '';
    await withAuditRefused(async () => {
      expect((await turnOffWith(m, code)).statusCode).toBe(500);
    });
    expect(await snapshot()).toEqual(before);
    const next = await lastAuditId();
    expect((await turnOffWith(m, code)).statusCode).toBe(200);
    expect(await auditsSince(next)).toEqual([mine(m, 'auth.two_step_disabled')]);
  });

  it('dismissing the warning about wrong codes writes one row; with none to dismiss, none', async () => {
    const m = await member();
    const since = await lastAuditId();
    expect((await m.delete('/api/auth/2fa/warning')).json()).toEqual({ ok: true });
    expect(await auditsSince(since)).toEqual([]);
    await t.db
      .insertInto('two_step_warnings')
      .values({ user_id: m.user.id, last_ip: '10.9.9.9' })
      .execute();
    expect((await m.delete('/api/auth/2fa/warning')).json()).toEqual({ ok: true });
    expect(await auditsSince(since)).toEqual([mine(m, 'auth.two_step_warning_dismissed')]);
  });

  it('a password change and each ending of sessions write one row', async () => {
    const m = await member();
    const change = { currentPassword: m.user.password, newPassword: 'another-secret-1' };
    const before = await snapshot();
    await withAuditRefused(async () => {
      expect((await m.post('/api/auth/password', change)).statusCode).toBe(500);
    });
    expect(await snapshot()).toEqual(before);
    const since = await lastAuditId();
    expect((await m.post('/api/auth/password', change)).statusCode).toBe(200);
    expect(await auditsSince(since)).toEqual([mine(m, 'auth.password_change')]);

    await t.login(m.user.username, 'another-secret-1', CLIENT_IP);
    const [, other] = (await m.get('/api/auth/sessions')).json().data;
    const next = await lastAuditId();
    expect((await m.delete(`/api/auth/sessions/${other.id}`)).statusCode).toBe(200);
    expect(await auditsSince(next)).toEqual([mine(m, 'auth.sessions_end')]);
    // Nothing left to end: nothing changed, nothing written.
    expect((await m.delete('/api/auth/sessions')).json()).toEqual({ ok: true, ended: 0 });
    expect(await auditsSince(next)).toHaveLength(1);
  });
});
