import type { User } from '../contract/users';

/**
 * The values the console keeps in the browser (spec section 3). The session (token and me) is
 * kept in localStorage when 'Remember me' was ticked at sign-in, so it outlives the browser;
 * otherwise in sessionStorage, so it ends when the browser closes. Everything else is in
 * localStorage. Every reader tolerates a missing, blocked or corrupt value.
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

type Place = 'localStorage' | 'sessionStorage';

const readIn = (place: Place, key: string): string | null => {
  try {
    return window[place].getItem(key);
  } catch {
    return null;
  }
};

const writeIn = (place: Place, key: string, value: string | null): void => {
  try {
    if (value === null) window[place].removeItem(key);
    else window[place].setItem(key, value);
  } catch {
    // storage full or disabled: the app still works for this page view
  }
};

const read = (key: string) => readIn('localStorage', key);
const write = (key: string, value: string | null) => writeIn('localStorage', key, value);

/** A session value from wherever the session is kept. */
const readSession = (key: string): string | null =>
  readIn('sessionStorage', key) ?? readIn('localStorage', key);

/**
 * Where the session is kept: with the token already there (a remembered session), or where
 * the remember-me choice of the sign-in puts a new one.
 */
const sessionPlace = (): Place =>
  readIn('localStorage', STORAGE_KEYS.token) !== null || getRememberMe()
    ? 'localStorage'
    : 'sessionStorage';

/** Stores a session value in one place only, so nothing stale is left in the other. */
const writeSession = (place: Place, key: string, value: string | null): void => {
  writeIn(place === 'localStorage' ? 'sessionStorage' : 'localStorage', key, null);
  writeIn(place, key, value);
};

const parsed = (raw: string | null): unknown => {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const getToken = (): string | null => readSession(STORAGE_KEYS.token) || null;

/** A new token replaces any other, kept as the remember-me choice says. */
export const setToken = (token: string | null): void =>
  writeSession(
    getRememberMe() ? 'localStorage' : 'sessionStorage',
    STORAGE_KEYS.token,
    token || null,
  );

export const getStoredUser = (): StoredUser | null => {
  const value = parsed(readSession(STORAGE_KEYS.user));
  return isPlainObject(value) ? (value as StoredUser) : null;
};
export const setStoredUser = (user: StoredUser | null): void =>
  writeSession(sessionPlace(), STORAGE_KEYS.user, user ? JSON.stringify(user) : null);

/** Clears what identifies the session (token and me), as logout and any 401 do. */
export const clearSession = (): void => {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user]) {
    writeIn('localStorage', key, null);
    writeIn('sessionStorage', key, null);
  }
};

export const getRememberMe = (): boolean => read(STORAGE_KEYS.rememberMe) === 'true';
/**
 * The remember-me choice of a sign-in, made before it stores the token: the flag is set only
 * when the box is ticked (spec section 5), and an unticked sign-in ends with the browser.
 */
export const setRememberMe = (remember: boolean): void =>
  write(STORAGE_KEYS.rememberMe, remember ? 'true' : null);

export const getSidebarCollapsed = (): boolean => read(STORAGE_KEYS.sidebarCollapsed) === 'true';
export const setSidebarCollapsed = (collapsed: boolean): void =>
  write(STORAGE_KEYS.sidebarCollapsed, collapsed ? 'true' : 'false');

export type OpenGroups = Record<string, boolean>;

export const getOpenGroups = (): OpenGroups => {
  const value = parsed(read(STORAGE_KEYS.openGroups));
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
