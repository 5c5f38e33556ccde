import { type AuthProvider, type UserIdentity, useAuthProvider } from 'react-admin';
import type { LoginAnswer, LoginBody, LoginResponse, MeResponse } from '../contract/auth';
import type { User } from '../contract/users';
import type { ScreenAreas } from './access/areas';
import { permits } from './access/permissionFor';
import { codeOf, statusOf } from './apiErrors';
import { config } from './config';
import { http } from './http';
import { stopLive } from './live/stream';
import { pageNavigation } from './navigation';
import {
  clearSession,
  getStoredUser,
  getToken,
  type StoredUser,
  setLoginNotice,
  setStoredUser,
  setToken,
} from './storage';
import { setTwoStepSetupRequired } from './twoStepGate';

export const NOT_AN_ADMIN = 'This account does not have admin access.';
/** The sign-in page's note after the server ended the session (signed out elsewhere, expired). */
export const SESSION_ENDED = 'Your session was ended';

const PROXY_RELOAD_KEY = 'proxy-reloaded-at';
const PROXY_RELOAD_PAUSE_MS = 60_000;

/**
 * Behind a sign-on proxy a 401 mostly means the proxy's own session ended: loading the page
 * again lets the proxy sign the admin in and bring them back here. Once a minute at most, so a
 * proxy that cannot sign anyone in ends on the sign-in page, not in a loop.
 */
const reloadForProxy = (): boolean => {
  if (config.authMode !== 'proxy') return false;
  try {
    const last = Number(window.sessionStorage.getItem(PROXY_RELOAD_KEY) ?? 0);
    if (Date.now() - last < PROXY_RELOAD_PAUSE_MS) return false;
    window.sessionStorage.setItem(PROXY_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  pageNavigation.replace(window.location.href);
  return true;
};

const isUnauthorized = (error: unknown) => statusOf(error) === 401;

/** REQUIRE_2FA: the admin is signed in, but the admin API opens only once two-step is set up. */
const isTwoStepRequired = (error: unknown) =>
  statusOf(error) === 403 && codeOf(error) === 'two_step_required';

/**
 * 401s that refuse what was typed on My account (a wrong code or current password) while the
 * session itself is fine.
 */
const WRONG_ENTRY_CODES = new Set(['invalid_code', 'wrong_password']);

/**
 * The one place a 401 is handled: the session is over. Behind a sign-on proxy the page reloads
 * for the proxy to sign in again (react-admin then neither logs out nor redirects); otherwise
 * react-admin logs out and shows the sign-in page, which says the session was ended.
 */
const endSession = (error: unknown, forgetPermissions: () => void): never => {
  stopLive();
  clearSession();
  forgetPermissions();
  if (reloadForProxy()) throw { logoutUser: false, redirectTo: false, message: false };
  // The proxy's sign-in page has a note of its own.
  if (config.authMode !== 'proxy') setLoginNotice(SESSION_ENDED);
  throw error;
};

/** GET auth/me answers `{user, permissions}`; a bare user object is accepted too (holding none). */
const fetchMe = async (signal?: AbortSignal): Promise<MeResponse> => {
  const res = await http<MeResponse | User>('auth/me', { signal });
  const me = 'user' in res ? res : { user: res, permissions: [], twoStepSetupRequired: false };
  setStoredUser(me.user);
  // an answer that does not say (a bare user) leaves the admin ping's word (see pingAdmin)
  if ('user' in res && typeof res.twoStepSetupRequired === 'boolean') {
    setTwoStepSetupRequired(res.twoStepSetupRequired);
  }
  return me;
};

const identityOf = (user: StoredUser): UserIdentity => ({
  id: user.userId ?? user._id ?? '',
  fullName: user.username,
});

/**
 * The admin ping. REQUIRE_2FA's refusal (403 `two_step_required`) passes too: the admin is
 * signed in, and confined to My account until two-step sign-in is set up (see Layout).
 */
const pingAdmin = async (signal?: AbortSignal) => {
  try {
    await http('admin/ping', { signal });
    setTwoStepSetupRequired(false);
  } catch (error) {
    if (!isTwoStepRequired(error)) throw error;
    setTwoStepSetupRequired(true);
  }
};

/** What a sign-in step ends in: signed in, or (two-step sign-in on) a code still to give. */
export type SignInStep = { challenge: string } | undefined;

/**
 * The console's auth provider: react-admin's, plus the code step of a two-step sign-in and the
 * synchronous access check.
 */
export interface ConsoleAuthProvider extends AuthProvider {
  login(params: LoginBody): Promise<SignInStep>;
  verifyCode(challenge: string, code: string): Promise<void>;
  canAccessNow(params: { resource: string; action: string }): boolean | undefined;
}

/**
 * What the signed-in admin may do, read once per page load (at sign-in, or on the first check
 * of the page) and kept in memory by each provider: every access check reads it without a
 * request, and loading the page again (a new provider) picks up a change.
 */
const permissionCache = () => {
  let held: Promise<readonly string[]> | null = null;
  /** The same, once read: lets a screen render its final state at once. */
  let heldNow: readonly string[] | undefined;
  const read = (me: Promise<MeResponse>) => {
    const loading = me.then((answer) => {
      if (held === loading) heldNow = answer.permissions;
      return answer.permissions;
    });
    held = loading;
    // A failed read is tried again by the next check, not kept.
    loading.catch(() => {
      if (held === loading) held = null;
    });
    return loading;
  };
  return {
    read,
    load: () => held ?? read(fetchMe()),
    now: () => heldNow,
    /**
     * Forgets what was read about the signed-in admin (what they may do, whether two-step
     * set-up is due): the next check reads it again.
     */
    forget: () => {
      held = null;
      heldNow = undefined;
      setTwoStepSetupRequired(false);
    },
  };
};

export interface AuthProviderOptions {
  /** Which area each of the console's screens belongs to (the registry's). */
  areas: ScreenAreas;
}

/** The console's auth provider over the registry's `areas`, with a permission cache of its own. */
export const createAuthProvider = ({ areas }: AuthProviderOptions): ConsoleAuthProvider => {
  const permissions = permissionCache();
  const forget = permissions.forget;

  /** Stores the new session's token and user, then refreshes the user from me (failure ignored). */
  const startSession = async ({ token, user }: LoginResponse) => {
    setToken(token);
    setStoredUser(user);
    try {
      await permissions.read(fetchMe());
    } catch {
      // spec 7: a failure of the me call after login is ignored (the first check reads it again)
    }
  };

  return {
    /**
     * Signs in (see startSession); with two-step sign-in on, the password was right and resolves
     * the challenge `verifyCode` answers, nothing stored yet.
     */
    async login({ emailOrUsername, password }: LoginBody) {
      const res = await http<LoginAnswer>('auth/login', {
        method: 'POST',
        body: { emailOrUsername, password },
      });
      if ('mfaRequired' in res) return { challenge: res.challenge };
      await startSession(res);
      return undefined;
    },

    /** The code step of a two-step sign-in: a code from the app or a recovery code. */
    async verifyCode(challenge: string, code: string) {
      await startSession(
        await http<LoginResponse>('auth/2fa/verify', { method: 'POST', body: { challenge, code } }),
      );
    },

    /** Revokes the session on the server (failure ignored) and forgets it locally. */
    async logout() {
      if (getToken()) {
        try {
          await http('auth/logout', { method: 'POST' });
        } catch {
          // the local session ends anyway
        }
      }
      stopLive();
      clearSession();
      forget();
    },

    /**
     * The guard: no token fails at once (the sign-on proxy needs none); the admin ping decides.
     * Only the server's word fails it: a 401 (the session is over) or a 403 (not an admin).
     * react-admin signs out whenever this rejects, and checks again when the tab regains focus:
     * a ping that got no answer, a 5xx or a timeout passes, the stored session kept, while the
     * top bar says 'Reconnecting…'.
     */
    async checkAuth(params) {
      const proxy = config.authMode === 'proxy';
      if (!proxy && !getToken()) throw new Error('Not signed in');
      try {
        await pingAdmin(params?.signal);
        // Who this is and what they may do, once per page load (behind the proxy the person may
        // have changed since the last visit; anywhere their permissions may have).
        // Only a 401 stops the check: otherwise the next access check reads them again.
        await permissions.load().catch((error: unknown) => {
          if (isUnauthorized(error)) throw error;
        });
      } catch (error) {
        if (isUnauthorized(error)) endSession(error, forget);
        if (statusOf(error) === 403) {
          // A valid sign-in without the admin role: say why on the login page it returns to.
          setLoginNotice(NOT_AN_ADMIN);
          throw error;
        }
        // Cancelled, or not a failed request: not a check's answer.
        if (statusOf(error) === undefined) throw error;
        // Anything else (no answer, a 5xx, a timeout, a 429) leaves the session standing.
      }
    },

    /**
     * Only a 401 ends the session, but for a wrong code or current password typed on My account;
     * 403 and everything else leave the admin signed in (a 403 `two_step_required` confines them
     * to My account).
     */
    async checkError(error) {
      if (isTwoStepRequired(error)) setTwoStepSetupRequired(true);
      if (isUnauthorized(error) && !WRONG_ENTRY_CODES.has(codeOf(error) ?? '')) {
        endSession(error, forget);
      }
    },

    /**
     * react-admin's access control: whether the admin may do `action` on a resource (its name) or
     * a custom page (its path), from the permissions in memory: never a request of its own.
     */
    async canAccess({ resource, action }) {
      try {
        return permits(areas, await permissions.load(), resource, action);
      } catch {
        return false;
      }
    },

    /** `canAccess` answered at once when what the admin may do is in memory; else undefined. */
    canAccessNow({ resource, action }: { resource: string; action: string }): boolean | undefined {
      const held = permissions.now();
      return held && permits(areas, held, resource, action);
    },

    async getIdentity(params) {
      const stored = getStoredUser();
      if (stored?.username) return identityOf(stored);
      return identityOf((await fetchMe(params?.signal)).user);
    },
  };
};

const isConsoleAuthProvider = (
  provider: AuthProvider | undefined,
): provider is ConsoleAuthProvider =>
  typeof provider?.login === 'function' && 'verifyCode' in provider;

/** The console's auth provider, as App gives it (the sign-in steps call it directly). */
export const useConsoleAuthProvider = (): ConsoleAuthProvider => {
  const provider = useAuthProvider();
  if (!isConsoleAuthProvider(provider)) throw new Error('The console needs its own auth provider');
  return provider;
};

/** Behind a single sign-on proxy, Logout leaves for the proxy's own sign-out page. */
export const signOutOfProxy = (): void => {
  clearSession();
  pageNavigation.assign(config.logoutUrl ?? `${config.basePath}/`);
};
