import { render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { App } from '../App';
import { setToken } from '../storage';
import { installFakeFetch } from './fakeFetch';
import { backgroundRoutes, type RenderAdminOptions } from './renderAdmin';

/**
 * For a describe block whose tests render the whole App (renderApp): each test leaves the
 * window at /.
 */
export const setUpAppTests = () => {
  afterEach(() => {
    window.history.pushState({}, '', '/');
  });
};

/**
 * The real App (its routes, lazy screens and guard) at `path`, signed in, over a fake API whose
 * admin ping answers 200 (and the rest of `backgroundRoutes`). Returns the recorded requests. See renderAdmin for one screen alone.
 */
export const renderApp = (path: string, routes: RenderAdminOptions['routes'] = {}) => {
  setToken('tok-1');
  window.history.pushState({}, '', path);
  const fake = installFakeFetch({ ...backgroundRoutes(), ...routes });
  return { ...fake, ...render(<App />) };
};
