import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { live } from '../live/connection';
import { setTwoStepSetupRequired } from '../twoStepGate';

afterEach(() => {
  cleanup();
  // the next test's page opens its own live stream, over its own fake fetch
  live.stop();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // the next test is a new page load: whether two-step set-up is due is read again
  setTwoStepSetupRequired(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
