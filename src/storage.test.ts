import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getStoredUser,
  getToken,
  STORAGE_KEYS,
  setRememberMe,
  setStoredUser,
  setToken,
} from './storage';

const kept = () => ({
  remembered: window.localStorage.getItem(STORAGE_KEYS.token),
  forTheBrowserSession: window.sessionStorage.getItem(STORAGE_KEYS.token),
});

describe('the stored session', () => {
  it('ends with the browser unless Remember me was ticked: kept in sessionStorage', () => {
    setRememberMe(false);
    setToken('tok-1');
    setStoredUser({ username: 'admin' });
    expect(kept()).toEqual({ remembered: null, forTheBrowserSession: 'tok-1' });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBeNull();
    expect(getToken()).toBe('tok-1');
    expect(getStoredUser()).toEqual({ username: 'admin' });
  });

  it('outlives the browser when Remember me was ticked: kept in localStorage', () => {
    setRememberMe(true);
    setToken('tok-2');
    setStoredUser({ username: 'admin' });
    expect(kept()).toEqual({ remembered: 'tok-2', forTheBrowserSession: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBe('{"username":"admin"}');
    expect(getToken()).toBe('tok-2');
  });

  it('leaves nothing of an earlier session behind, and logout clears both places', () => {
    setRememberMe(true);
    setToken('tok-old');
    setRememberMe(false);
    setToken('tok-new');
    expect(kept()).toEqual({ remembered: null, forTheBrowserSession: 'tok-new' });
    setStoredUser({ username: 'admin' });
    clearSession();
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });
});
