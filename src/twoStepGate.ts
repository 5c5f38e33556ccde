import { useSyncExternalStore } from 'react';

/**
 * REQUIRE_2FA: the signed-in admin has no two-step sign-in yet, so the API opens nothing but
 * My account (403 `two_step_required`). Set from `GET auth/me` and from a refused admin check;
 * My account clears it once two-step sign-in is on.
 */
let required = false;

/** My account: the one page open while the gate is set. */
export const ACCOUNT_PATH = '/account';
const listeners = new Set<() => void>();

export const isTwoStepSetupRequired = (): boolean => required;

export const setTwoStepSetupRequired = (value: boolean): void => {
  if (required === value) return;
  required = value;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Re-renders when the gate opens or closes. */
export const useTwoStepSetupRequired = (): boolean =>
  useSyncExternalStore(subscribe, isTwoStepSetupRequired);
