import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App';
import { setUnauthorizedHandler } from '../../http';
import { setToken } from '../../storage';
import { installFakeFetch, reply } from '../../test/fakeFetch';
import { detailOf, listOf, makeUser } from './testing';

const ann = makeUser();
const api = {
  'GET /api/admin/ping': reply(200, { ok: true }),
  'GET /api/admin/users': listOf([ann]),
  'GET /api/admin/users/USR-1': detailOf(ann),
  'GET /api/admin/users/USR-1/matches': listOf([], 0, 1, 10),
};

/** The real App: the spec's routes reach the lazily loaded users screens. */
describe('users routes in the App', () => {
  beforeEach(() => {
    setUnauthorizedHandler(vi.fn());
    setToken('tok-1');
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    window.history.pushState({}, '', '/');
  });

  it('/users is the list', async () => {
    window.history.pushState({}, '', '/users');
    installFakeFetch(api);
    render(<App />);
    // the first visit loads the screen's chunk (transformed on demand under vitest: slow)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'ann@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('/users/{id} is the detail page', async () => {
    window.history.pushState({}, '', '/users/USR-1');
    installFakeFetch(api);
    render(<App />);
    expect(
      await screen.findByRole('heading', { name: 'Profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
  });

  it('/users/{id}/edit is the edit form', async () => {
    window.history.pushState({}, '', '/users/USR-1/edit');
    installFakeFetch(api);
    render(<App />);
    expect(await screen.findByRole('textbox', { name: 'Username' }, { timeout: 5000 })).toHaveValue(
      'ann',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
