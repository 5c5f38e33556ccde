import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPermissions } from '../authProvider';
import { live } from '../live/connection';

afterEach(() => {
  cleanup();
  // the next test's page opens its own live stream, over its own fake fetch
  live.stop();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // the next test is a new page load: what the admin may do is read again
  forgetPermissions();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
