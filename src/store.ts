import { localStorageStore, type Store } from 'react-admin';

// react-admin empties its whole store on logout; these are preferences of the person at this
// browser, not of the session, so they outlive it.
const KEPT_ON_RESET = ['theme'];

export function createStore(): Store {
  const base = localStorageStore();
  return {
    ...base,
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
  };
}
