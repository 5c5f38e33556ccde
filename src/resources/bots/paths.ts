import type { Identifier } from 'react-admin';

/** The spec's routes (section 2), not react-admin's defaults (/bots/create, /bots/{id}). */
export const BOTS_PATH = '/bots';
export const NEW_BOT_PATH = '/bots/new';
const botPath = (id: Identifier) => `/bots/${encodeURIComponent(String(id))}`;
export const botEditPath = (id: Identifier) => `${botPath(id)}/edit`;
export const botShowPath = (id: Identifier) => `${botPath(id)}/show`;
