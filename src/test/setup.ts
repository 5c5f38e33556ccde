import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPermissions } from '../authProvider';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // the next test is a new page load: what the admin may do is read again
  forgetPermissions();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
