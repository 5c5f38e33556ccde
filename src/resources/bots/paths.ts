import type { Identifier } from 'react-admin';

/** The spec's routes (section 2), not react-admin's defaults (/bots/create, /bots/{id}). */
export const BOTS_PATH = '/bots';
export const NEW_BOT_PATH = '/bots/new';
export const botEditPath = (id: Identifier) => `/bots/${encodeURIComponent(String(id))}/edit`;
