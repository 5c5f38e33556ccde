import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Integrations } from '../../../contract/integrations';
import { type FakeRoute, gated, networkError, reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderPageAt } from '../../test/renderAdmin';

const PATH = '/settings/integrations';
const API = '/api/admin/integrations';

const stored: Integrations = {
  onesignal: {
    enabled: true,
    appId: '202d4f61-1ca9-42df-9d36-bb17d8123abc',
    restApiKey: '••••••••abcd',
    androidChannelId: 'chan-1',
    iosThreadId: '',
  },
  unityAds: {
    enabled: false,
    testMode: true,
    androidGameId: '5551234',
    iosGameId: '',
    rewardedPlacementAndroid: 'Rewarded_Android',
    rewardedPlacementIos: 'Rewarded_iOS',
  },
};

const renderPage = (routes: RenderAdminOptions['routes']) => renderPageAt(PATH, routes);

const pushSection = () => screen.getByRole('region', { name: 'Push notifications (OneSignal)' });
const adsSection = () => screen.getByRole('region', { name: 'Video ads (Unity Ads)' });
const field = (section: HTMLElement, name: string) =>
  within(section).getByRole('textbox', { name });
const choice = (section: HTMLElement, group: string, name: string) =>
  within(within(section).getByRole('radiogroup', { name: group })).getByRole('radio', { name });
const saveButton = () => screen.getByRole('button', { name: /Save changes|Saving…/ });
/** react-admin logs failed calls: silence it where the failure is the point. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});

/** A save that answers what was sent, the key masked as the API does. */
const savesAsSent: FakeRoute = (request) => {
  const body = request.body as Integrations;
  const key = body.onesignal.restApiKey;
  const masked = key.startsWith('••••') || key === '' ? key : `••••••••${key.slice(-4)}`;
  return reply(200, {
    ok: true,
    integrations: { ...body, onesignal: { ...body.onesignal, restApiKey: masked } },
  });
};

describe('Integrations page', () => {
  it('shows the loading state, then both groups with every field', async () => {
    const load = gated(reply(200, { integrations: stored }));
    renderPage({ [`GET ${API}`]: load.route });
    expect(await screen.findByText('Loading integrations…')).toBeInTheDocument();
    load.open();

    const push = await screen.findByRole('region', { name: 'Push notifications (OneSignal)' });
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    expect(choice(push, 'Enabled', 'Yes')).toBeChecked();
    expect(field(push, 'App ID')).toHaveValue(stored.onesignal.appId);
    expect(field(push, 'REST API Key')).toHaveValue('••••••••abcd');
    expect(
      within(push).getByText(
        'Leave the masked value to keep the current key; type a new one to replace it',
      ),
    ).toBeVisible();
    expect(field(push, 'Android Channel ID')).toHaveValue('chan-1');
    expect(field(push, 'iOS Thread ID')).toHaveValue('');

    const ads = adsSection();
    expect(choice(ads, 'Enabled', 'No')).toBeChecked();
    expect(choice(ads, 'Test mode', 'On')).toBeChecked();
    expect(choice(ads, 'Test mode', 'Off')).not.toBeChecked();
    expect(field(ads, 'Android Game ID')).toHaveValue('5551234');
    expect(field(ads, 'iOS Game ID')).toHaveValue('');
    expect(field(ads, 'Rewarded Placement (Android)')).toHaveValue('Rewarded_Android');
    expect(field(ads, 'Rewarded Placement (iOS)')).toHaveValue('Rewarded_iOS');
    expect(saveButton()).toHaveTextContent('Save changes');
  });

  it('saves both groups, says Saving… meanwhile, then shows the key masked from the answer', async () => {
    const user = userEvent.setup();
    const save = gated(savesAsSent);
    const { requests } = renderPage({
      [`GET ${API}`]: reply(200, { integrations: stored }),
      [`PATCH ${API}`]: save.route,
    });
    const key = field(await screen.findByRole('region', { name: /OneSignal/ }), 'REST API Key');
    await user.clear(key);
    await user.type(key, 'os_v2_app_brand-new-key-9876');
    await user.click(choice(adsSection(), 'Enabled', 'Yes'));
    await user.click(choice(adsSection(), 'Test mode', 'Off'));
    await user.type(field(adsSection(), 'iOS Game ID'), ' 7654321 ');
    await user.click(saveButton());

    await waitFor(() => expect(saveButton()).toHaveTextContent('Saving…'));
    expect(saveButton()).toBeDisabled();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      onesignal: { ...stored.onesignal, restApiKey: 'os_v2_app_brand-new-key-9876' },
      unityAds: { ...stored.unityAds, enabled: true, testMode: false, iosGameId: '7654321' },
    });
    save.open();

    expect(await screen.findByText('Integrations saved')).toBeVisible();
    expect(saveButton()).toHaveTextContent('Save changes');
    expect(field(pushSection(), 'REST API Key')).toHaveValue('••••••••9876');
    expect(field(adsSection(), 'iOS Game ID')).toHaveValue('7654321');
  });

  it('says “Could not save changes” when the answer does not say ok', async () => {
    const user = userEvent.setup();
    renderPage({
      [`GET ${API}`]: reply(200, { integrations: stored }),
      [`PATCH ${API}`]: reply(200, { ok: false }),
    });
    await screen.findByRole('region', { name: /OneSignal/ });
    await user.click(saveButton());
    expect(await screen.findByText('Could not save changes')).toBeVisible();
    expect(screen.queryByText('Integrations saved')).not.toBeInTheDocument();
  });

  it('says “Error saving integrations” and puts the API’s messages on the fields', async () => {
    const user = userEvent.setup();
    quietFailures();
    const refusal = {
      error: 'Invalid body: onesignal.appId',
      code: 'invalid_input',
      fields: {
        'onesignal.appId': 'must be an App ID such as 202d4f61-1ca9-42df-9d36-bb17d8123abc',
      },
    };
    const answers = [
      reply(400, refusal),
      reply(400, {
        error: 'Invalid body: unityAds',
        code: 'invalid_input',
        fields: { unityAds: 'Invalid input: expected object, received undefined' },
      }),
    ];
    renderPage({
      [`GET ${API}`]: reply(200, { integrations: stored }),
      [`PATCH ${API}`]: () => answers.shift() ?? reply(500),
    });
    const appId = field(await screen.findByRole('region', { name: /OneSignal/ }), 'App ID');
    await user.clear(appId);
    await user.type(appId, 'my app');
    await user.click(saveButton());

    expect(await screen.findByText('Error saving integrations')).toBeVisible();
    expect(appId).toHaveAccessibleDescription(
      'must be an App ID such as 202d4f61-1ca9-42df-9d36-bb17d8123abc',
    );
    expect(appId).toHaveAttribute('aria-invalid', 'true');
    expect(appId).toHaveValue('my app');
    // typing again clears the message on that field
    await user.type(appId, 'x');
    expect(appId).toHaveAttribute('aria-invalid', 'false');

    // a message about no input of the form: the API's reason goes under the title
    await user.click(saveButton());
    expect(await screen.findByText('Invalid body: unityAds')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Error saving integrations');
  });

  it('says “Error saving integrations” with the reason when the server cannot be reached', async () => {
    const user = userEvent.setup();
    quietFailures();
    renderPage({
      [`GET ${API}`]: reply(200, { integrations: stored }),
      [`PATCH ${API}`]: networkError,
    });
    await screen.findByRole('region', { name: /OneSignal/ });
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving integrations');
    expect(alert).toHaveTextContent('Cannot reach the server');
    expect(saveButton()).toBeEnabled();
  });

  it('says when the configuration cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    quietFailures();
    const answers = [
      reply(500, { error: 'Database down', code: 'internal' }),
      reply(500, { error: 'Database down', code: 'internal' }),
    ];
    renderPage({
      [`GET ${API}`]: () => answers.shift() ?? reply(200, { integrations: stored }),
    });
    expect(await screen.findByText('Error loading integrations')).toBeVisible();
    expect(screen.getByText('Database down')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: /OneSignal/ })).toBeVisible();
  });
});
