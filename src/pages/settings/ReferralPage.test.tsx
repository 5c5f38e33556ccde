import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../format';
import { callsTo, type FakeResponse, type FakeRoute, reply } from '../../test/fakeFetch';
import { LOADED_AT, patchesTo, renderSettings, SAVED_AT, saveButton } from './testing';

const URL = '/api/admin/settings/referral';

const render = (
  patch: FakeRoute | FakeResponse = reply(200, { ok: true, updatedAt: SAVED_AT }),
  loaded: object = { maxReferralsPerUser: 10, pointsPerReferral: 100, updatedAt: LOADED_AT },
) =>
  renderSettings('/settings/referral', {
    [`GET ${URL}`]: reply(200, loaded),
    [`PATCH ${URL}`]: patch,
  });

const maxReferrals = () => screen.getByRole('spinbutton', { name: 'Max referrals per user' });
const points = () => screen.getByRole('spinbutton', { name: 'Points per referral' });
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

describe('Referral Settings page', () => {
  it('shows both numbers, the last update and what a referral earns', async () => {
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Referral Settings' }),
    ).toBeVisible();
    expect(await screen.findByRole('spinbutton', { name: 'Max referrals per user' })).toHaveValue(
      10,
    );
    expect(points()).toHaveValue(100);
    expect(screen.getByText(`Last updated: ${formatDateTime(LOADED_AT)}`)).toBeInTheDocument();
    expect(
      preview().getByText('Each referral earns 100 points, up to 10 referrals per user.'),
    ).toBeVisible();
    expect(
      preview().getByText('A user can earn at most 1,000 points from referrals.'),
    ).toBeVisible();
  });

  it('says under a number what it will be saved as, before saving', async () => {
    const user = userEvent.setup();
    render();
    await screen.findByRole('spinbutton', { name: 'Max referrals per user' });
    expect(points()).toHaveAccessibleDescription('Whole points, 0 or more');

    await user.clear(maxReferrals());
    await user.type(maxReferrals(), '2.7');
    expect(maxReferrals()).toHaveAccessibleDescription('Saved as 2: whole numbers only');
    await user.clear(points());
    await user.type(points(), '-25');
    expect(points()).toHaveAccessibleDescription('Saved as 0: values cannot be negative');
    await user.clear(points());
    await user.type(points(), '25');
    expect(points()).toHaveAccessibleDescription('Whole points, 0 or more');
  });

  it('saves whole numbers, floored and at least 0, then shows them and the new time', async () => {
    const user = userEvent.setup();
    const { requests } = render();
    await screen.findByRole('spinbutton', { name: 'Max referrals per user' });

    await user.clear(maxReferrals());
    await user.type(maxReferrals(), '7.8');
    await user.clear(points());
    await user.type(points(), '-25');
    expect(
      preview().getByText('Each referral earns 0 points, up to 7 referrals per user.'),
    ).toBeVisible();
    await user.clear(points());
    await user.type(points(), '250');
    await user.click(saveButton());

    expect(await screen.findByText('Referral settings saved')).toBeInTheDocument();
    const [sent] = patchesTo(requests, URL);
    expect(sent?.body).toEqual({ maxReferralsPerUser: 7, pointsPerReferral: 250 });
    expect(sent?.headers['if-match']).toBe(LOADED_AT);
    expect(maxReferrals()).toHaveValue(7);
    expect(screen.getByText(`Last updated: ${formatDateTime(SAVED_AT)}`)).toBeInTheDocument();
  });

  it('shows a save as normalised even when it leaves the stored numbers as they were', async () => {
    const user = userEvent.setup();
    render(undefined, { maxReferralsPerUser: 7, pointsPerReferral: 100, updatedAt: LOADED_AT });
    await screen.findByRole('spinbutton', { name: 'Max referrals per user' });
    await user.type(maxReferrals(), '.8');
    expect(maxReferrals()).toHaveAccessibleDescription('Saved as 7: whole numbers only');
    await user.click(saveButton());

    expect(await screen.findByText('Referral settings saved')).toBeInTheDocument();
    expect(maxReferrals()).toHaveValue(7);
    expect(maxReferrals()).toHaveAccessibleDescription(
      'How many referred players earn their referrer points',
    );
  });

  it('tells when the settings were never saved, and sends no version then', async () => {
    const user = userEvent.setup();
    const { requests } = render(undefined, {
      maxReferralsPerUser: 10,
      pointsPerReferral: 100,
      updatedAt: null,
    });
    expect(await screen.findByText('Never saved: showing the defaults')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('Referral settings saved')).toBeInTheDocument();
    expect(patchesTo(requests, URL)[0]?.headers['if-match']).toBeUndefined();
  });

  it("says 'Error saving settings' with the reason, keeping what was typed", async () => {
    const user = userEvent.setup();
    render(
      reply(400, {
        error: 'Invalid body: pointsPerReferral',
        code: 'invalid_input',
        fields: { pointsPerReferral: 'must be at most 1000000000' },
      }),
    );
    await screen.findByRole('spinbutton', { name: 'Points per referral' });
    await user.clear(points());
    await user.type(points(), '20000000000');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving settings');
    expect(alert).toHaveTextContent('Invalid body: pointsPerReferral');
    expect(points()).toHaveAccessibleDescription('must be at most 1000000000');
    expect(points()).toHaveValue(20000000000);
    expect(screen.queryByText('Referral settings saved')).not.toBeInTheDocument();
  });

  it('is not reloaded under what is typed when the live stream comes back after a gap', async () => {
    const user = userEvent.setup();
    const { requests, liveStream } = render();
    await liveStream.connected();
    await screen.findByRole('spinbutton', { name: 'Max referrals per user' });
    await user.clear(maxReferrals());
    await user.type(maxReferrals(), '3');
    const counts = () => callsTo(requests, 'GET', '/api/admin/adjustments');
    const before = counts().length;

    liveStream.drop();
    // what else is on screen reloads after the gap (the menu's pending count)
    await waitFor(() => expect(counts().length).toBeGreaterThan(before), { timeout: 10_000 });
    expect(callsTo(requests, 'GET', URL)).toHaveLength(1);
    expect(maxReferrals()).toHaveValue(3);
  });
});
