import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DailyRewards } from '../../../contract/settings';
import { formatDateTime } from '../../format';
import { type FakeResponse, type FakeRoute, gated, reply } from '../../test/fakeFetch';
import { LOADED_AT, patchesTo, renderSettings, SAVED_AT, saveButton } from './testing';

const URL = '/api/admin/daily-rewards';
const loaded: DailyRewards = {
  labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sunday bonus'],
  values: [20, 25, 30, 35, 40, 60, 150],
  isActive: true,
  updatedAt: LOADED_AT,
};

const render = (
  patch: FakeRoute | FakeResponse = reply(200, { ok: true, updatedAt: SAVED_AT }),
  get: FakeRoute | FakeResponse = reply(200, loaded),
) => renderSettings('/settings/daily-rewards', { [`GET ${URL}`]: get, [`PATCH ${URL}`]: patch });

const row = (day: string) => within(screen.getByRole('group', { name: day }));
const label = (day: string) => row(day).getByRole('textbox', { name: /^Label/ });
const value = (day: string) => row(day).getByRole('spinbutton', { name: /^Value/ });
const enabled = () => screen.getByRole('checkbox', { name: 'Enable daily rewards' });
const preview = () => within(screen.getByRole('list', { name: 'Week preview' }));

describe('Daily Rewards page', () => {
  it('shows the loaded schedule in seven rows, the last update and a preview', async () => {
    const get = gated(reply(200, loaded));
    render(undefined, get.route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Rewards' })).toBeVisible();
    expect(await within(screen.getByRole('main')).findByRole('status')).toHaveTextContent(
      'Loading daily rewards…',
    );
    get.open();

    expect(await screen.findByRole('group', { name: 'Sun' })).toBeInTheDocument();
    expect(label('Mon')).toHaveValue('Mon');
    expect(label('Sun')).toHaveValue('Sunday bonus');
    expect(value('Mon')).toHaveValue(20);
    expect(value('Sun')).toHaveValue(150);
    expect(enabled()).toBeChecked();
    expect(screen.getByText(`Last updated: ${formatDateTime(LOADED_AT)}`)).toBeInTheDocument();
    expect(
      preview()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mon20 pts',
      'Tue25 pts',
      'Wed30 pts',
      'Thu35 pts',
      'Fri40 pts',
      'Sat60 pts',
      'Sunday bonus150 pts',
    ]);
    expect(
      screen.getByText('A player who claims every day earns 360 points a week.'),
    ).toBeVisible();
  });

  it('falls back to Mon..Sun and 10..50 for lists that are not 7 long', async () => {
    render(
      undefined,
      reply(200, { labels: ['A', 'B'], values: [], isActive: false, updatedAt: null }),
    );
    await screen.findByRole('group', { name: 'Mon' });
    expect(label('Mon')).toHaveValue('Mon');
    expect(label('Sun')).toHaveValue('Sun');
    expect(value('Mon')).toHaveValue(10);
    expect(value('Sun')).toHaveValue(50);
    expect(enabled()).not.toBeChecked();
    expect(screen.getByText('Never saved: showing the defaults')).toBeInTheDocument();
    expect(screen.getByText('Daily rewards are disabled: players are offered none.')).toBeVisible();
  });

  it('shows the defaults, switched on, for an answer with no config at all', async () => {
    render(undefined, reply(200, null));
    await screen.findByRole('group', { name: 'Mon' });
    expect(label('Sun')).toHaveValue('Sun');
    expect(value('Wed')).toHaveValue(20);
    expect(enabled()).toBeChecked();
    expect(screen.getByText('Never saved: showing the defaults')).toBeInTheDocument();
  });

  it('loads each value as whole points of at least 0', async () => {
    const values = [-5, 12.7, null, 'x', 30, 40, 50];
    render(undefined, reply(200, { ...loaded, values }));
    await screen.findByRole('group', { name: 'Mon' });
    const shown = { Mon: 0, Tue: 12, Wed: 0, Thu: 0, Fri: 30 };
    for (const [day, points] of Object.entries(shown)) expect(value(day), day).toHaveValue(points);
  });

  it('says under a value what it will be saved as, before saving', async () => {
    const user = userEvent.setup();
    render();
    await screen.findByRole('group', { name: 'Mon' });
    expect(value('Sat')).not.toHaveAccessibleDescription();

    await user.clear(value('Sat'));
    await user.type(value('Sat'), '-5');
    expect(value('Sat')).toHaveAccessibleDescription('Saved as 0: values cannot be negative');
    await user.clear(value('Fri'));
    await user.type(value('Fri'), '12.5');
    expect(value('Fri')).toHaveAccessibleDescription('Saved as 12: whole numbers only');
  });

  it('saves the edited schedule with If-Match, spinning while it saves, then says so', async () => {
    const user = userEvent.setup();
    const patch = gated(reply(200, { ok: true, updatedAt: SAVED_AT }));
    const { requests } = render(patch.route);
    await screen.findByRole('group', { name: 'Mon' });

    await user.clear(label('Sat'));
    await user.type(label('Sat'), '  Weekend ');
    await user.clear(value('Sat'));
    await user.type(value('Sat'), '75.9');
    await user.clear(value('Fri'));
    await user.click(enabled());
    expect(preview().getAllByRole('listitem')[5]).toHaveTextContent('Weekend75 pts');
    await user.click(saveButton());

    // the same busy button as every settings page (Integrations: spec section 2)
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveTextContent('Saving…');
    expect(label('Sat')).toHaveAttribute('readonly');
    patch.open();

    expect(await screen.findByText('Daily Rewards updated')).toBeInTheDocument();
    const [sent] = patchesTo(requests, URL);
    expect(sent?.body).toEqual({
      labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Weekend', 'Sunday bonus'],
      values: [20, 25, 30, 35, 0, 75, 150],
      isActive: false,
    });
    expect(sent?.headers['if-match']).toBe(LOADED_AT);
    // the form shows what was saved, and the new time
    expect(label('Sat')).toHaveValue('Weekend');
    expect(value('Sat')).toHaveValue(75);
    expect(value('Fri')).toHaveValue(0);
    expect(saveButton()).toBeEnabled();
    expect(saveButton()).toHaveTextContent('Save changes');
    expect(screen.getByText(`Last updated: ${formatDateTime(SAVED_AT)}`)).toBeInTheDocument();
    expect(screen.getByText('Daily rewards are disabled: players are offered none.')).toBeVisible();

    // the next save is based on the new version
    await user.click(saveButton());
    await waitFor(() => expect(patchesTo(requests, URL)).toHaveLength(2));
    expect(patchesTo(requests, URL)[1]?.headers['if-match']).toBe(SAVED_AT);
  });

  it('sends nothing while a label is blank, and says which', async () => {
    const user = userEvent.setup();
    const { requests } = render();
    await screen.findByRole('group', { name: 'Wed' });

    await user.clear(label('Wed'));
    await user.type(label('Wed'), '   ');
    await user.click(saveButton());

    expect(label('Wed')).toHaveAccessibleDescription('Label is required');
    expect(label('Wed')).toHaveAttribute('aria-invalid', 'true');
    expect(label('Wed')).toHaveFocus();
    expect(patchesTo(requests, URL)).toHaveLength(0);

    await user.type(label('Wed'), 'Midweek');
    expect(label('Wed')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("refuses a value past the API's maximum before sending, naming the day's row", async () => {
    const user = userEvent.setup();
    const { requests } = render();
    await screen.findByRole('group', { name: 'Sun' });
    await user.clear(value('Sun'));
    await user.type(value('Sun'), '5000000000');
    await user.click(saveButton());

    expect(value('Sun')).toHaveAccessibleDescription('Value 7 must be at most 1000000000');
    expect(value('Sun')).toHaveFocus();
    expect(patchesTo(requests, URL)).toHaveLength(0);
  });

  it("says 'Could not save changes' when the answer lacks ok, keeping what was typed", async () => {
    const user = userEvent.setup();
    render(reply(200, { saved: true }));
    await screen.findByRole('group', { name: 'Mon' });
    await user.clear(value('Mon'));
    await user.type(value('Mon'), '99');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save changes');
    expect(screen.queryByText('Daily Rewards updated')).not.toBeInTheDocument();
    expect(value('Mon')).toHaveValue(99);
    expect(screen.getByText(`Last updated: ${formatDateTime(LOADED_AT)}`)).toBeInTheDocument();
  });

  it("says 'Error saving configuration' with the reason, and puts field errors on their row", async () => {
    const user = userEvent.setup();
    render(
      reply(400, {
        error: 'Invalid body: values.6',
        code: 'invalid_input',
        fields: { 'values.6': 'Value 7 is over the weekly budget' },
      }),
    );
    await screen.findByRole('group', { name: 'Sun' });
    await user.clear(value('Sun'));
    await user.type(value('Sun'), '5000');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving configuration');
    expect(alert).toHaveTextContent('Invalid body: values.6');
    expect(value('Sun')).toHaveAccessibleDescription('Value 7 is over the weekly budget');
    expect(value('Sun')).toHaveValue(5000);
    expect(saveButton()).toBeEnabled();
  });

  it('offers Retry after a failed load', async () => {
    const user = userEvent.setup();
    let calls = 0;
    render(undefined, () => {
      calls += 1;
      return calls <= 2
        ? reply(503, { error: 'Database unavailable', code: 'unavailable' })
        : reply(200, loaded);
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading daily rewards');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Mon' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
