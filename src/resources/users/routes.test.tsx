import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setUpAppTests } from '../../test/renderApp';
import { detailOf, listOf, makeUser } from './testing';

const ann = makeUser();
const api = {
  'GET /api/admin/users': listOf([ann]),
  'GET /api/admin/users/USR-1': detailOf(ann),
  'GET /api/admin/users/USR-1/matches': listOf([], 0, 1, 10),
};

/** The real App: the spec's routes reach the lazily loaded users screens. */
describe('users routes in the App', () => {
  setUpAppTests();

  it('/users is the list', async () => {
    renderApp('/users', api);
    // the first visit loads the screen's chunk (transformed on demand under vitest: slow)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Users' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'ann@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('/users/{id} is the detail page', async () => {
    renderApp('/users/USR-1', api);
    expect(
      await screen.findByRole('heading', { name: 'Profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
  });

  it('/users/{id}/edit is the edit form', async () => {
    renderApp('/users/USR-1/edit', api);
    expect(await screen.findByRole('textbox', { name: 'Username' }, { timeout: 5000 })).toHaveValue(
      'ann',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
