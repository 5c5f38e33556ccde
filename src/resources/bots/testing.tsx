import type { Bot, BotSummary } from '../../../contract/bots';
import { reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';

/** Test helpers of the bots screens (not shipped: only tests import this file). */

export const makeBot = (overrides: Partial<Bot> = {}): Bot => {
  const botId = overrides.botId ?? 'BOT-ACE';
  return {
    _id: `id-${botId}`,
    botId,
    nickname: 'AceBot',
    avatarUrl: 'https://cdn.example/ace.png',
    active: true,
    currentSessions: 1,
    maxSessions: 3,
    skill: 70,
    allowedOffers: ['solitaire', 'bingo'],
    lastUsedAt: '2026-01-03T09:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-05T12:30:00.000Z',
    ...overrides,
  };
};

export const summaryOf = (summary: BotSummary) => reply(200, summary);

/** The real admin (see renderAdmin) with only the bots resource, at the last of `entries`. */
export const renderBots = (entries: string[], routes: RenderAdminOptions['routes']) =>
  renderAdmin({ entries, routes });

export { gated, listOf } from '../../test/fakeFetch';
export { apiCalls } from '../../test/renderAdmin';
