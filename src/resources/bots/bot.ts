import type { Identifier } from 'react-admin';
import type { Bot } from '../../../contract/bots';

/** A bot as react-admin holds it: the API record with `id` = botId. */
export type BotRecord = Bot & { id: Identifier };

/** Texts of the specification (sections 5 and 8), in one place. */
export const MESSAGES = {
  created: 'Bot created',
  updated: 'Bot updated',
  deleted: 'Bot deleted',
  notFound: 'Bot not found',
  loadError: 'Error loading bot',
  listError: 'Error loading bots',
  nicknameTaken: 'Nickname already exists',
  saveError: 'Error saving bot',
  deleteError: 'Error deleting bot',
  bulkError: 'Error updating bots',
  confirmDelete: 'Delete this bot?',
} as const;

/** 'Set active={true|false} for {n} bots?' (spec section 5). */
export const confirmBulkText = (active: boolean, count: number) =>
  `Set active=${active} for ${count} bots?`;

/** The active filter's choices; 'All' (no active param) is added by the filter itself. */
export const ACTIVE_CHOICES = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

/** e.g. '2 bots enabled', '1 bot disabled, 1 already disabled, 1 not found'. */
export const bulkResultMessage = (
  active: boolean,
  requested: number,
  result: { updated: number; notFound: string[] },
): string => {
  const verb = active ? 'enabled' : 'disabled';
  const plural = (n: number) => `${n} bot${n === 1 ? '' : 's'}`;
  const parts = [`${plural(result.updated)} ${verb}`];
  const unchanged = requested - result.updated - result.notFound.length;
  if (unchanged > 0) parts.push(`${unchanged} already ${verb}`);
  if (result.notFound.length > 0) parts.push(`${result.notFound.length} not found`);
  return parts.join(', ');
};
