import type { User } from '../contract/users';

/**
 * The values the console keeps in the browser (spec section 3), all in localStorage.
 * Every reader tolerates a missing, blocked or corrupt value.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  rememberMe: 'rememberMe',
  sidebarCollapsed: 'sidebarCollapsed',
  openGroups: 'openGroups',
} as const;

/** The stored 'me' object: a user as the API returns it; only username is relied upon. */
export type StoredUser = Partial<User> & { username?: string };

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the app still works for this page view
  }
};

const readJson = (key: string): unknown => {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const getToken = (): string | null => {
  const token = read(STORAGE_KEYS.token);
  return token ? token : null;
};
export const setToken = (token: string | null): void => write(STORAGE_KEYS.token, token || null);

export const getStoredUser = (): StoredUser | null => {
  const value = readJson(STORAGE_KEYS.user);
  return isPlainObject(value) ? (value as StoredUser) : null;
};
export const setStoredUser = (user: StoredUser | null): void =>
  write(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);

/** Clears what identifies the session (token and me), as logout and any 401 do. */
export const clearSession = (): void => {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
};

export const getRememberMe = (): boolean => read(STORAGE_KEYS.rememberMe) === 'true';
/** Sets the flag; the login page calls it only when the box is ticked. */
export const setRememberMe = (): void => write(STORAGE_KEYS.rememberMe, 'true');

export const getSidebarCollapsed = (): boolean => read(STORAGE_KEYS.sidebarCollapsed) === 'true';
export const setSidebarCollapsed = (collapsed: boolean): void =>
  write(STORAGE_KEYS.sidebarCollapsed, collapsed ? 'true' : 'false');

export type OpenGroups = Record<string, boolean>;

export const getOpenGroups = (): OpenGroups => {
  const value = readJson(STORAGE_KEYS.openGroups);
  if (!isPlainObject(value)) return {};
  const groups: OpenGroups = {};
  for (const [key, open] of Object.entries(value)) {
    if (typeof open === 'boolean') groups[key] = open;
  }
  return groups;
};
export const setOpenGroups = (groups: OpenGroups): void =>
  write(STORAGE_KEYS.openGroups, JSON.stringify(groups));

// A note for the next visit of the login page, kept for this tab only and shown once.
const LOGIN_NOTICE_KEY = 'loginNotice';

export const setLoginNotice = (message: string): void => {
  try {
    window.sessionStorage.setItem(LOGIN_NOTICE_KEY, message);
  } catch {
    // no storage: the login page simply shows no note
  }
};

/** Reads and forgets the note. */
export const takeLoginNotice = (): string | null => {
  try {
    const message = window.sessionStorage.getItem(LOGIN_NOTICE_KEY);
    window.sessionStorage.removeItem(LOGIN_NOTICE_KEY);
    return message;
  } catch {
    return null;
  }
};
