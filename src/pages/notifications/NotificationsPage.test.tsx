import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PushStatus } from '../../../contract/notifications';
import { type FakeResponse, type FakeRoute, gated, reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';

const PATH = '/settings/notifications';
const STATUS = '/api/admin/notifications/onesignal';
const SEND = '/api/admin/notifications/send';
const APP_ID = '202d4f61-1ca9-42df-9d36-bb17d8123abc';

const enabled: PushStatus = { enabled: true, appId: APP_ID, error: null };
const sent = reply(200, { ok: true, id: 'n-1' });

const renderPage = (routes: RenderAdminOptions['routes']) =>
  renderAdmin({ entries: [PATH], routes });

const renderWith = (status: FakeResponse | FakeRoute, send: FakeResponse | FakeRoute = sent) =>
  renderPage({ [`GET ${STATUS}`]: status, [`POST ${SEND}`]: send });

const form = () => screen.getByRole('form', { name: 'Send a notification' });
const input = (name: string) => within(form()).getByRole('textbox', { name });
const select = (name: string) => within(form()).getByRole('combobox', { name });
const sendButton = () => within(form()).getByRole('button', { name: 'Send notification' });
const sends = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === SEND).map((r) => r.body);
/** The sidebar's link to Integrations. */
const toIntegrations = () => screen.getByRole('link', { name: 'Integrations' });
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});

const HI = 'Send "Hi" to Subscribed Users in en?';

/** Send notification, then Send in the dialog that asks `question`. */
const startSend = async (user: ReturnType<typeof userEvent.setup>, question: string) => {
  await user.click(sendButton());
  const dialog = await screen.findByRole('dialog', { name: question });
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
};

/** startSend, then the dialog has gone: the send has answered. */
const confirmSend = async (user: ReturnType<typeof userEvent.setup>, question: string) => {
  await startSend(user, question);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
};

/** Types a title and a message (pasted: typing each key is slow and adds nothing here). */
const fill = async (user: ReturnType<typeof userEvent.setup>, title: string, message: string) => {
  await user.click(input('Title'));
  await user.paste(title);
  await user.click(input('Message'));
  await user.paste(message);
};

describe('Push Notifications page', () => {
  it('shows the provider enabled with its App ID, and sends to Subscribed Users by default', async () => {
    const user = userEvent.setup();
    const send = gated(sent);
    const status = gated(reply(200, enabled));
    const { requests } = renderWith(status.route, send.route);
    expect(await screen.findByText('Loading status…')).toBeInTheDocument();
    status.open();
    expect(await screen.findByText('Push notifications are enabled')).toBeVisible();
    expect(screen.getByText(`App ID: ${APP_ID}`)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Push Notifications' })).toBeVisible();
    expect(select('Locale')).toHaveValue('en');
    expect(select('Target')).toHaveValue('subscribed');
    expect(input('Custom data (JSON)')).toHaveValue('{}');

    await fill(user, ' Double points ', 'This weekend only');
    const dialog = await startSend(user, 'Send "Double points" to Subscribed Users in en?');
    // the dialog stays, busy, until the send has answered
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled(),
    );
    send.open();

    expect(await screen.findByText('Notification sent!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sendButton()).toBeEnabled();
    expect(sends(requests)).toEqual([
      {
        headings: { en: 'Double points' },
        contents: { en: 'This weekend only' },
        data: {},
        includedSegments: ['Subscribed Users'],
      },
    ]);
  });

  it('sends in Spanish to a chosen segment, with custom data', async () => {
    const user = userEvent.setup();
    const { requests } = renderWith(reply(200, enabled));
    await screen.findByText('Push notifications are enabled');
    await user.selectOptions(select('Locale'), 'es');
    await fill(user, 'Hola', 'Tienes premios');
    await user.clear(input('Custom data (JSON)'));
    await user.type(input('Custom data (JSON)'), '{{"screen": "offers"}');
    await user.selectOptions(select('Target'), 'Segment');
    expect(select('Segment')).toHaveValue('Subscribed Users');
    await user.selectOptions(select('Segment'), 'Inactive Users');
    await confirmSend(user, 'Send "Hola" to Inactive Users in es?');

    await screen.findByText('Notification sent!');
    expect(sends(requests)).toEqual([
      {
        headings: { es: 'Hola' },
        contents: { es: 'Tienes premios' },
        data: { screen: 'offers' },
        includedSegments: ['Inactive Users'],
      },
    ]);
  });

  it('sends to external ids split on commas, and needs at least one', async () => {
    const user = userEvent.setup();
    const { requests } = renderWith(reply(200, enabled));
    await screen.findByText('Push notifications are enabled');
    await fill(user, 'Your reward', 'Claim it now');
    await user.selectOptions(select('Target'), 'External IDs');
    await user.type(input('External IDs'), ' , ');
    await user.click(sendButton());
    expect(await screen.findByText('Provide at least 1 external_id')).toBeVisible();
    expect(input('External IDs')).toHaveFocus();
    expect(sends(requests)).toHaveLength(0);

    await user.clear(input('External IDs'));
    await user.type(input('External IDs'), 'user-1, user-2,');
    await confirmSend(user, 'Send "Your reward" to 2 external ids in en?');
    await screen.findByText('Notification sent!');
    expect(sends(requests)).toEqual([
      {
        headings: { en: 'Your reward' },
        contents: { en: 'Claim it now' },
        data: {},
        includeExternalIds: ['user-1', 'user-2'],
      },
    ]);
  });

  it('asks first, naming the audience and the locale; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderWith(reply(200, enabled));
    await screen.findByText('Push notifications are enabled');
    await fill(user, 'Hi', 'There');
    await user.selectOptions(select('Target'), 'External IDs');
    await user.type(input('External IDs'), 'user-1, user-2, user-3');
    await user.click(sendButton());

    const dialog = await screen.findByRole('dialog', {
      name: 'Send "Hi" to 3 external ids in en?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sends(requests)).toHaveLength(0);
    expect(screen.queryByText('Notification sent!')).not.toBeInTheDocument();
    expect(input('Title')).toHaveValue('Hi');
  });

  it('checks the form before sending, with the specification’s messages', async () => {
    const user = userEvent.setup();
    const { requests } = renderWith(reply(200, enabled));
    await screen.findByText('Push notifications are enabled');
    await user.type(input('Title'), '   ');
    await user.clear(input('Custom data (JSON)'));
    await user.type(input('Custom data (JSON)'), '{{not json');
    await user.click(sendButton());

    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();
    expect(screen.getByText('Invalid JSON in custom data')).toBeVisible();
    expect(input('Title')).toHaveFocus();
    expect(sends(requests)).toHaveLength(0);

    await user.click(within(form()).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(input('Title')).toHaveValue('');
    expect(input('Custom data (JSON)')).toHaveValue('{}');
  });

  it('shows the provider’s error, or “Failed to send” when there is none', async () => {
    const user = userEvent.setup();
    const answers = [
      reply(200, { ok: false, error: 'All included players are not subscribed' }),
      reply(200),
    ];
    renderWith(reply(200, enabled), () => answers.shift() ?? sent);
    await screen.findByText('Push notifications are enabled');
    await fill(user, 'Hi', 'There');
    await confirmSend(user, HI);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'All included players are not subscribed',
    );
    expect(screen.queryByText('Notification sent!')).not.toBeInTheDocument();

    await confirmSend(user, HI);
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent('Failed to send'),
    );
  });

  it('shows the API’s refusal on the fields, and reloads the status when push was turned off', async () => {
    const user = userEvent.setup();
    quietFailures();
    const statuses = [
      reply(200, enabled),
      reply(200, {
        enabled: false,
        appId: APP_ID,
        error: 'Push notifications are turned off in Integrations',
      }),
    ];
    const answers = [
      reply(400, {
        error: 'Invalid body: data',
        code: 'invalid_input',
        fields: { data: 'must be at most 2048 bytes as JSON' },
      }),
      reply(409, {
        error: 'Push notifications are turned off in Integrations',
        code: 'push_disabled',
      }),
    ];
    renderWith(
      () => statuses.shift() ?? reply(200, enabled),
      () => answers.shift() ?? sent,
    );
    await screen.findByText('Push notifications are enabled');
    await fill(user, 'Hi', 'There');
    await confirmSend(user, HI);
    expect(await screen.findByText('must be at most 2048 bytes as JSON')).toBeVisible();
    expect(input('Custom data (JSON)')).toHaveAttribute('aria-invalid', 'true');

    await confirmSend(user, HI);
    expect(await screen.findByText('Push notifications are disabled')).toBeVisible();
    expect(sendButton()).toBeDisabled();
  });

  it('shows why push is disabled, links to Integrations, and keeps Send disabled', async () => {
    const user = userEvent.setup();
    renderWith(
      reply(200, { enabled: false, appId: null, error: 'No App ID is set in Integrations' }),
    );
    expect(await screen.findByText('Push notifications are disabled')).toBeVisible();
    expect(screen.getByText(/No App ID is set in Integrations/)).toBeVisible();
    await fill(user, 'Hi', 'There');
    expect(sendButton()).toBeDisabled();

    // what is typed has not gone out: leaving asks first (the browser's question; jsdom has none)
    const leave = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Configure Integrations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('asks before leaving a send typed and not gone out; staying keeps it, a sent one leaves freely', async () => {
    const user = userEvent.setup();
    renderWith(reply(200, enabled));
    await screen.findByText('Push notifications are enabled');
    await fill(user, 'Hi', 'There');
    const leave = vi.spyOn(window, 'confirm').mockReturnValue(false);

    await user.click(toIntegrations());
    expect(leave).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { level: 1, name: 'Push Notifications' })).toBeVisible();
    expect(input('Title')).toHaveValue('Hi');

    // asked and cancelled: still not gone out
    await user.click(sendButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: HI })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(toIntegrations());
    expect(leave).toHaveBeenCalledTimes(2);

    await confirmSend(user, HI);
    expect(await screen.findByText('Notification sent!')).toBeVisible();
    await user.click(toIntegrations());
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    expect(leave).toHaveBeenCalledTimes(2);
  });

  it('says when the status cannot be loaded, and Reload status tries again', async () => {
    const user = userEvent.setup();
    quietFailures();
    const failing = reply(503, { error: 'Service unavailable', code: 'unavailable' });
    const answers = [failing, failing];
    const { requests } = renderWith(() => answers.shift() ?? reply(200, enabled));
    expect(await screen.findByText('Error loading status')).toBeVisible();
    expect(screen.getByText('Service unavailable')).toBeVisible();
    expect(sendButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reload status' }));
    expect(await screen.findByText('Push notifications are enabled')).toBeVisible();
    expect(sendButton()).toBeEnabled();
    expect(requests.filter((r) => r.path === STATUS).length).toBeGreaterThanOrEqual(3);
  });
});
