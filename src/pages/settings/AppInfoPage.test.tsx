import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../format';
import { type FakeResponse, type FakeRoute, networkError, reply } from '../../test/fakeFetch';
import { LOADED_AT, patchesTo, renderSettings, SAVED_AT, saveButton } from './testing';

const URL = '/api/admin/app-info';
const loaded = {
  title: 'Rewards Arena',
  description: 'Play skill games and cash out.',
  email: 'support@example.com',
  version: '2.4.0',
  updatedAt: LOADED_AT,
};
/** The API's answer to a save: what it stored, and when. */
const stored = (request: { body: unknown }) =>
  reply(200, { ok: true, appInfo: { ...(request.body as object), updatedAt: SAVED_AT } });

const render = (patch: FakeRoute | FakeResponse | typeof networkError = stored) =>
  renderSettings('/settings/appinfo', {
    [`GET ${URL}`]: reply(200, loaded),
    [`PATCH ${URL}`]: patch,
  });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const preview = () => within(screen.getByRole('group', { name: 'App info preview' }));

describe('App Info page', () => {
  it('shows the four fields, the last update and a preview', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'App Info' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Rewards Arena');
    expect(field('Version')).toHaveValue('2.4.0');
    expect(field('Support email')).toHaveValue('support@example.com');
    expect(field('Description')).toHaveValue('Play skill games and cash out.');
    for (const name of ['Title', 'Version', 'Support email', 'Description']) {
      expect(field(name)).toBeRequired();
    }
    expect(screen.getByText(`Last updated: ${formatDateTime(LOADED_AT)}`)).toBeInTheDocument();
    expect(preview().getByRole('heading', { name: 'Rewards Arena' })).toBeVisible();
    expect(preview().getByText('v2.4.0')).toBeVisible();
    expect(preview().getByText('Support: support@example.com')).toBeVisible();
  });

  it('saves every field trimmed, then shows what was saved and when', async () => {
    const user = userEvent.setup();
    const { requests } = render();
    await screen.findByRole('textbox', { name: /^Title/ });

    await user.clear(field('Title'));
    await user.type(field('Title'), '  Rewards Arena Pro ');
    await user.clear(field('Version'));
    await user.type(field('Version'), '2.5.0 ');
    await user.clear(field('Support email'));
    await user.type(field('Support email'), ' help@rewards.example');
    expect(preview().getByRole('heading', { name: 'Rewards Arena Pro' })).toBeVisible();
    await user.click(saveButton());

    expect(await screen.findByText('App info saved')).toBeInTheDocument();
    const [sent] = patchesTo(requests, URL);
    expect(sent?.body).toEqual({
      title: 'Rewards Arena Pro',
      description: 'Play skill games and cash out.',
      email: 'help@rewards.example',
      version: '2.5.0',
    });
    expect(sent?.headers['if-match']).toBe(LOADED_AT);
    expect(field('Title')).toHaveValue('Rewards Arena Pro');
    expect(screen.getByText(`Last updated: ${formatDateTime(SAVED_AT)}`)).toBeInTheDocument();
  });

  it('sends nothing while a field is blank or the email is not one, and says which', async () => {
    const user = userEvent.setup();
    const { requests } = render();
    await screen.findByRole('textbox', { name: /^Title/ });

    await user.clear(field('Version'));
    await user.clear(field('Description'));
    await user.type(field('Description'), '   ');
    await user.clear(field('Support email'));
    await user.type(field('Support email'), 'support at example');
    await user.click(saveButton());

    expect(field('Version')).toHaveAccessibleDescription('Version is required');
    expect(field('Version')).toHaveFocus();
    expect(field('Support email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(field('Description')).toHaveAccessibleDescription('Description is required');
    expect(field('Title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(patchesTo(requests, URL)).toHaveLength(0);

    await user.clear(field('Support email'));
    await user.click(saveButton());
    expect(field('Support email')).toHaveAccessibleDescription('Support email is required');
    expect(patchesTo(requests, URL)).toHaveLength(0);
  });

  it("shows the server's error text, keeping what was typed", async () => {
    const user = userEvent.setup();
    const stale = 'This app info was changed by someone else. Reload to see the latest values.';
    render(reply(409, { error: stale, code: 'stale' }));
    await screen.findByRole('textbox', { name: /^Title/ });
    await user.type(field('Title'), ' 2');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(field('Title')).toHaveValue('Rewards Arena 2');
    expect(screen.queryByText('App info saved')).not.toBeInTheDocument();
  });

  it("says 'Error saving app info' when the server gave no text", async () => {
    const user = userEvent.setup();
    render(networkError);
    await screen.findByRole('textbox', { name: /^Title/ });
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving app info');
    expect(alert).toHaveTextContent('Cannot reach the server.');
  });
});
