import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeFetch';
import { renderApp, setUpAppTests } from '../../test/renderApp';
import { listOf, makeBot, renderBots, summaryOf } from './testing';

const ace = makeBot();
const api = {
  'GET /api/admin/bots': listOf([ace]),
  'GET /api/admin/bots/summary': summaryOf({ total: 1, active: 1, busy: 0 }),
  'GET /api/admin/bots/BOT-ACE': reply(200, ace),
};

const editForm = async () =>
  expect(await screen.findByDisplayValue('AceBot')).toHaveAccessibleName(/^Nickname/);

/** The spec's routes, and react-admin's default paths landing on the same screens. */
describe('bots routes', () => {
  it("react-admin's /bots/{botId} leads to the edit form", async () => {
    renderBots(['/bots/BOT-ACE'], api);
    await editForm();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("react-admin's /bots/create leads to the create form", async () => {
    renderBots(['/bots/create'], api);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create bot' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Skill' })).toHaveValue(50);
  });

  describe('in the App', () => {
    setUpAppTests();

    it('/bots/new is the create form, not a bot called "new"', async () => {
      const { requests } = renderApp('/bots/new', api);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Create bot' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Bots' })).toHaveAttribute('aria-current', 'page');
      expect(requests.some((r) => r.path.startsWith('/api/admin/bots/new'))).toBe(false);
    });
  });
});
