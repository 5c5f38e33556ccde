import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import type { SessionsEnded } from '../contract/account';
import type { AdjustmentDecisionBody, AdjustmentDecisionResponse } from '../contract/adjustments';
import type { OkResponse } from '../contract/auth';
import type { BotsBulkResponse } from '../contract/bots';
import type { DeckCopy, DeckSaved } from '../contract/decks';
import type { LegalSaved } from '../contract/legal';
import type { Viewer } from '../contract/live';
import type { PushSendBody, PushSendResult } from '../contract/notifications';
import type { RecoveryCodes, TwoStepSetup } from '../contract/two-step';
import type { AdminRoleResponse, User } from '../contract/users';
import type { WithdrawalType } from '../contract/withdrawal-types';
import type {
  BulkDecisionResponse,
  Decision,
  DecisionResponse,
  RejectReason,
} from '../contract/withdrawals';
import type { HttpOptions, Query } from './http';

/** Which field of a record is its id in URLs (design: users by userId, bots by botId, ...). */
export type IdField = '_id' | 'userId' | 'botId' | 'dateKey' | 'name';

/**
 * Where an answer holds what its caller needs: `'.'` the answer itself (an object), `'[]'` the
 * answer itself (an array), or the name of the field that must be there (`'withdrawal'` in
 * `{ok, withdrawal}`; `'ok'` must be true).
 */
export type Holds = '.' | '[]' | (string & {});

/** Where each react-admin verb's answer holds the record; '.' (a bare record) unless named. */
export interface Answers {
  getOne?: Holds;
  create?: Holds;
  update?: Holds;
  /** 'nothing' (the default): the answer holds no record; the deleted one is the caller's. */
  delete?: Holds | 'nothing';
}

export interface Endpoint {
  /** API path relative to the API base; defaults to 'admin/<resource>'. */
  path?: string;
  /** Defaults to '_id'. */
  idField?: IdField;
  /** Updates PUT the whole record instead of PATCHing the changed fields. */
  replace?: boolean;
  /**
   * One record at `path` itself (a settings page), its id the resource's name: an update
   * PATCHes what the form's transform makes its body and must answer `ok: true`; a record never
   * saved may read as null (the page shows the defaults).
   */
  singleton?: boolean;
  /** A record not there reads as null rather than a 404 (a day without a deck). */
  nullable?: boolean;
  /** The record's name in messages; defaults to the resource's name in the singular ('bot'). */
  label?: string;
  answers?: Answers;
  /** A record's own path when its id is not the path's last segment (its id comes encoded). */
  item?: (id: string) => string;
  /** getManyReference by `target` reads `path(id)` instead of filtering the list. */
  under?: { target: string; path: (id: string) => string };
  /**
   * The resource lives on another REST service that follows ra-data-simple-rest's conventions,
   * at this base URL (`https://reviews.example.com`): its origin must be in CONNECT_SRC.
   */
  rest?: string;
  /** How live updates reach it (src/live/refresh.ts). */
  live?: LiveFeed;
}

export interface LiveFeed {
  /** The topic its changes come under, when not its own name (the decks': `decks`). */
  topic?: string;
  /** Topics whose every event makes it stale: a summary of another resource's records. */
  summarises?: readonly string[];
}

export type Endpoints = Record<string, Endpoint>;

/**
 * One line per resource that differs from the default: records at `admin/<resource>`, by
 * `_id`, PATCHed, each answer the bare record (a delete's none).
 */
export const endpoints: Endpoints = {
  users: { idField: 'userId', answers: { getOne: 'user', update: 'user', delete: 'user' } },
  bots: { idField: 'botId' },
  /** Total, active and busy bots: read again on any change of a bot. */
  'bot-summary': { singleton: true, path: 'admin/bots/summary', live: { summarises: ['bots'] } },
  'withdrawal-types': { replace: true },
  legal: { label: 'legal document', answers: { create: 'doc', update: 'doc' } },
  audit: { label: 'audit entry' },
  /** The actions and record types the audit log holds, for its filters. */
  'audit-facets': { singleton: true, path: 'admin/audit/facets' },
  /** What may be granted, with a line saying what each allows (`*`, `area:*`, each permission). */
  permissions: { idField: 'name' },
  /** The dashboard's figures and the menu's pending count, moved by `stats` events. */
  'stats-summary': {
    singleton: true,
    path: 'admin/stats/summary',
    live: { summarises: ['stats'] },
  },
  /** New users over a range (`meta.query.range`; the range is its id). */
  'users-over-time': {
    singleton: true,
    path: 'admin/stats/users',
    live: { summarises: ['stats'] },
  },
  matches: {
    under: { target: 'userId', path: (id) => `admin/users/${id}/matches` },
  },
  'daily-rewards': { singleton: true, label: 'daily rewards schedule' },
  referral: { singleton: true, path: 'admin/settings/referral', label: 'referral settings' },
  'app-info': { singleton: true, label: 'app info', answers: { update: 'appInfo' } },
  payouts: { singleton: true, path: 'admin/settings/payouts', label: 'payout controls' },
  integrations: {
    singleton: true,
    answers: { getOne: 'integrations', update: 'integrations' },
  },
  /** A day's deck by its dateKey; a save PUTs the day's cards (a day without one answers null). */
  'unity-decks': {
    idField: 'dateKey',
    replace: true,
    nullable: true,
    label: 'deck',
    answers: { update: 'deck' },
    live: { topic: 'decks' },
  },
  // Read only (their changes are the named verbs below): My account's parts and push's status.
  me: { singleton: true, path: 'auth/me', label: 'profile', answers: { getOne: 'user' } },
  'two-step': { singleton: true, path: 'auth/2fa', label: 'two-step sign-in' },
  sessions: { singleton: true, path: 'auth/sessions', label: 'sessions' },
  'two-step-warning': { singleton: true, path: 'auth/2fa/warning', label: 'two-step warning' },
  'push-status': { singleton: true, path: 'admin/notifications/onesignal', label: 'push status' },
  /** A withdrawal's risk signals, by the withdrawal's id (read only). */
  'withdrawal-signals': {
    item: (id) => `admin/withdrawals/${id}/signals`,
    label: 'risk signals',
  },
};

/** The query of the pending credits' count: one row is enough, `total` says how many. */
export const PENDING_ADJUSTMENTS = { status: 'pending', limit: 1 } as const;

/** A call that is not a react-admin verb: its request, and where its answer holds the result. */
export interface VerbCall extends HttpOptions {
  path: string;
  holds: Holds;
  /** The API answers null for 'nothing there' (a day without a deck). */
  nullable?: boolean;
}

const segment = (id: Identifier) => encodeURIComponent(String(id));

/** If-Match: the version a change starts from, so another admin's newer change is not lost. */
const basedOn = (version: string | null | undefined) =>
  version ? { 'If-Match': version } : undefined;

/** A verb whose answer is typed `T`: the table below only describes requests. */
const verb =
  <A extends unknown[], T>(describe: (...args: A) => VerbCall) =>
  (...args: A) => ({ ...describe(...args), answer: undefined as unknown as T });

/**
 * The named calls beyond react-admin's verbs (spec section 7). Screens reach them as
 * `useDataProvider<AppDataProvider>().<name>(...)`, so a 401 from any of them signs out.
 */
export const verbs = {
  decideWithdrawal: verb<
    [Identifier, { action: Decision; adminNote?: string; reasonCode?: RejectReason }],
    DecisionResponse
  >((id, body) => ({
    path: `admin/withdrawals/${segment(id)}/decision`,
    method: 'PATCH',
    body,
    holds: 'withdrawal',
  })),
  bulkDecideWithdrawals: verb<
    [{ ids: Identifier[]; action: Decision; adminNote?: string; reasonCode?: RejectReason }],
    BulkDecisionResponse
  >((body) => ({
    path: 'admin/withdrawals/bulk',
    method: 'PATCH',
    body: { ...body, ids: body.ids.map(String) },
    holds: '.',
  })),
  /** PATCH /admin/adjustments/{id}/decision (adjustments:approve): answers the decided credit. */
  decideAdjustment: verb<
    [Identifier, z.input<typeof AdjustmentDecisionBody>],
    z.infer<typeof AdjustmentDecisionResponse>
  >((id, body) => ({
    path: `admin/adjustments/${segment(id)}/decision`,
    method: 'PATCH',
    body,
    holds: 'adjustment',
  })),
  setUserRole: verb<[Identifier, boolean], AdminRoleResponse>((userId, makeAdmin) => ({
    path: `admin/users/${segment(userId)}/role`,
    method: 'PATCH',
    body: { makeAdmin },
    holds: 'adminRole',
  })),
  updateUserPermissions: verb<
    [Identifier, { grant?: string[]; revoke?: string[] }],
    AdminRoleResponse
  >((userId, body) => ({
    path: `admin/users/${segment(userId)}/permissions`,
    method: 'PATCH',
    body,
    holds: 'adminRole',
  })),
  changeUserPassword: verb<[Identifier, string], OkResponse>((userId, newPassword) => ({
    path: `admin/users/${segment(userId)}/password`,
    method: 'POST',
    body: { newPassword },
    holds: 'ok',
  })),
  /** Another admin's two-step sign-in off, their sessions ended (users:admin). */
  resetUserTwoStep: verb<[Identifier], { ok: true; user: User }>((userId) => ({
    path: `admin/users/${segment(userId)}/two-step`,
    method: 'DELETE',
    holds: 'user',
  })),
  /** My account: one's own password; the current one is needed, the other sessions end. */
  changeOwnPassword: verb<[string, string], OkResponse>((currentPassword, newPassword) => ({
    path: 'auth/password',
    method: 'POST',
    body: { currentPassword, newPassword },
    holds: 'ok',
  })),
  /**
   * A new secret for this session, not in force until `enableTwoStep` gets a code of it; the
   * current password first.
   */
  setUpTwoStep: verb<[string], TwoStepSetup>((currentPassword) => ({
    path: 'auth/2fa/setup',
    method: 'POST',
    body: { currentPassword },
    holds: 'secret',
  })),
  /** Turns two-step sign-in on; answers the recovery codes, shown this once. */
  enableTwoStep: verb<[string], RecoveryCodes>((code) => ({
    path: 'auth/2fa/enable',
    method: 'POST',
    body: { code },
    holds: 'recoveryCodes',
  })),
  /** Turns it off with a code of the app or a recovery code, and the current password. */
  disableTwoStep: verb<[string, string], OkResponse>((code, currentPassword) => ({
    path: 'auth/2fa/disable',
    method: 'POST',
    body: { code, currentPassword },
    holds: 'ok',
  })),
  dismissTwoStepWarning: verb<[], OkResponse>(() => ({
    path: 'auth/2fa/warning',
    method: 'DELETE',
    holds: 'ok',
  })),
  endSession: verb<[Identifier], SessionsEnded>((id) => ({
    path: `auth/sessions/${segment(id)}`,
    method: 'DELETE',
    holds: 'ok',
  })),
  /** Sign out everywhere else: every session of the caller's but this one. */
  endOtherSessions: verb<[], SessionsEnded>(() => ({
    path: 'auth/sessions',
    method: 'DELETE',
    holds: 'ok',
  })),
  /** Sets `active` on every listed bot at once. */
  setBotsActive: verb<[Identifier[], boolean], BotsBulkResponse>((ids, active) => ({
    path: 'admin/bots/bulk',
    method: 'PATCH',
    body: { ids: ids.map(String), active },
    holds: '.',
  })),
  /**
   * Flips a withdrawal type between active and disabled; answers the type. `version` (the
   * updatedAt the row was shown with) makes a second admin's click a 409, not a flip back.
   */
  toggleWithdrawalType: verb<[Identifier, string?], WithdrawalType>((id, version) => ({
    path: `admin/withdrawal-types/${segment(id)}/toggle`,
    method: 'PATCH',
    headers: basedOn(version),
    holds: '.',
  })),
  activateLegal: verb<[Identifier, string?], LegalSaved>((id, version) => ({
    path: `admin/legal/${segment(id)}/activate`,
    method: 'PATCH',
    headers: basedOn(version),
    holds: 'doc',
  })),
  copyDeck: verb<[DeckCopy], DeckSaved>((body) => ({
    path: 'admin/unity-decks/copy',
    method: 'POST',
    body,
    holds: 'deck',
  })),
  /** Answers `{ok: true, id}` or the provider's refusal `{ok: false, error}`. */
  sendPush: verb<[PushSendBody], PushSendResult>((body) => ({
    path: 'admin/notifications/send',
    method: 'POST',
    body,
    holds: '.',
  })),
  /** This admin views the record (now, and every PRESENCE_INTERVAL_MS): who else does. */
  announcePresence: verb<[string, Identifier], { viewers: Viewer[] }>((resource, id) => ({
    path: 'admin/presence',
    method: 'PUT',
    body: { resource, id: String(id) },
    holds: 'viewers',
  })),
  /** This admin left the record's page (`keepalive`: as the tab closes). */
  leavePresence: verb<[string, Identifier, boolean?], OkResponse>((resource, id, keepalive) => ({
    path: 'admin/presence',
    method: 'DELETE',
    query: { resource, id: String(id) },
    holds: 'ok',
    keepalive,
  })),
};

export type Verbs = typeof verbs;

/** The export of a list: every row matching its filter and sort, as CSV (`{path}/export.csv`). */
export const exportQuery = (filter: Query, sort?: { field: string; order: string }): Query => {
  const query: Query = { ...filter };
  if (sort?.field) query.sort = `${sort.field}:${sort.order === 'DESC' ? 'desc' : 'asc'}`;
  return query;
};
