import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../format';
import { type FakeResponse, type FakeRoute, reply } from '../../test/fakeFetch';
import { renderAdminHolding } from '../../test/renderAdmin';
import { CREDIT_RULE, PAYOUT_RULE } from './PayoutsPage';
import { LOADED_AT, patchesTo, renderSettings, SAVED_AT, saveButton } from './testing';

const URL = '/api/admin/settings/payouts';

const render = (
  patch: FakeRoute | FakeResponse = reply(200, { ok: true, updatedAt: SAVED_AT }),
  loaded: object = { secondApprovalFromUsd: null, updatedAt: null },
) =>
  renderSettings('/settings/payouts', {
    [`GET ${URL}`]: reply(200, loaded),
    [`PATCH ${URL}`]: patch,
  });

const toggle = () => screen.getByRole('switch', { name: 'Require a second approval' });
const amount = () => screen.getByRole('spinbutton', { name: 'Second approval from (USD)' });
const creditToggle = () => screen.getByRole('switch', { name: 'Second approval of credits' });
const points = () => screen.getByRole('spinbutton', { name: 'Second approval from (points)' });
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

describe('Payout Controls page', () => {
  it('off by default: explains the rule, one approval for every withdrawal', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout Controls' })).toBeVisible();
    expect(
      await screen.findByRole('switch', { name: 'Require a second approval' }),
    ).not.toBeChecked();
    expect(amount()).toBeDisabled();
    expect(amount()).toHaveValue(null);
    expect(screen.getByText(PAYOUT_RULE)).toBeVisible();
    expect(PAYOUT_RULE).toMatch(/two different admins/);
    expect(PAYOUT_RULE).toMatch(/own account/);
    expect(PAYOUT_RULE).toMatch(/fixed at its first approval/);
    expect(PAYOUT_RULE).toMatch(/Off, every withdrawal needs one approval/);
    expect(preview().getByText('Every withdrawal needs one approval.')).toBeVisible();
    expect(screen.getByText('Never saved: showing the defaults')).toBeInTheDocument();
  });

  it('shows a saved threshold with two decimals and what it means', async () => {
    render(undefined, { secondApprovalFromUsd: 250.5, updatedAt: LOADED_AT });
    expect(await screen.findByRole('switch', { name: 'Require a second approval' })).toBeChecked();
    expect(amount()).toHaveValue(250.5);
    expect(amount()).toHaveDisplayValue('250.50');
    expect(screen.getByText(`Last updated: ${formatDateTime(LOADED_AT)}`)).toBeInTheDocument();
    expect(
      preview().getByText(
        'Withdrawals of $250.50 or more need approvals from two different admins; smaller ones need one.',
      ),
    ).toBeVisible();
  });

  it('turns it on from an amount, sending the version it loaded', async () => {
    const user = userEvent.setup();
    const { requests } = render(undefined, { secondApprovalFromUsd: null, updatedAt: LOADED_AT });
    await user.click(await screen.findByRole('switch', { name: 'Require a second approval' }));
    expect(amount()).toBeEnabled();
    expect(
      preview().getByText('Enter the amount from which a second approval is required.'),
    ).toBeVisible();
    await user.type(amount(), '1000');
    await user.click(saveButton());

    expect(await screen.findByText('Payout controls saved')).toBeInTheDocument();
    const [sent] = patchesTo(requests, URL);
    expect(sent?.body).toEqual({ secondApprovalFromUsd: 1000, secondApprovalFromPoints: null });
    expect(sent?.headers['if-match']).toBe(LOADED_AT);
    expect(amount()).toHaveDisplayValue('1000.00');
    expect(screen.getByText(`Last updated: ${formatDateTime(SAVED_AT)}`)).toBeInTheDocument();
  });

  it('turning it off sends null', async () => {
    const user = userEvent.setup();
    const { requests } = render(undefined, { secondApprovalFromUsd: 250, updatedAt: LOADED_AT });
    await user.click(await screen.findByRole('switch', { name: 'Require a second approval' }));
    expect(amount()).toBeDisabled();
    await user.click(saveButton());

    expect(await screen.findByText('Payout controls saved')).toBeInTheDocument();
    expect(patchesTo(requests, URL)[0]?.body).toEqual({
      secondApprovalFromUsd: null,
      secondApprovalFromPoints: null,
    });
    expect(toggle()).not.toBeChecked();
  });

  it('credits: off by default, explained, one at once for every credit', async () => {
    render();
    expect(await screen.findByText(CREDIT_RULE)).toBeVisible();
    expect(creditToggle()).not.toBeChecked();
    expect(points()).toBeDisabled();
    expect(preview().getByText('Every credit applies at once.')).toBeVisible();
  });

  it('saves a points threshold beside the USD one, and shows a saved one', async () => {
    const user = userEvent.setup();
    const { requests } = render(undefined, {
      secondApprovalFromUsd: 250,
      secondApprovalFromPoints: null,
      updatedAt: LOADED_AT,
    });
    await user.click(await screen.findByRole('switch', { name: /of credits/ }));
    expect(
      preview().getByText('Enter the points from which a credit needs a second admin.'),
    ).toBeVisible();
    await user.type(points(), '50000');
    expect(
      preview().getByText(
        "Credits of 50,000 points or more wait for a second admin's approval; smaller ones apply at once.",
      ),
    ).toBeVisible();
    await user.click(saveButton());

    expect(await screen.findByText('Payout controls saved')).toBeInTheDocument();
    expect(patchesTo(requests, URL)[0]?.body).toEqual({
      secondApprovalFromUsd: 250,
      secondApprovalFromPoints: 50000,
    });
    expect(creditToggle()).toBeChecked();
    expect(points()).toHaveValue(50000);
    expect(toggle()).toBeChecked();
  });

  it.each([
    ['', /^Second approval from \(points\) must be a number$/],
    ['0', /^Second approval from \(points\) must be at least 1$/],
    ['1000000001', /must be at most 1000000000$/],
    ['10.5', /must be a whole number$/],
  ])('refuses %j points before sending, as the API words it', async (typed, message) => {
    const user = userEvent.setup();
    const { requests } = render();
    await user.click(await screen.findByRole('switch', { name: /of credits/ }));
    if (typed) await user.type(points(), typed);
    await user.click(saveButton());

    expect(points()).toHaveAccessibleDescription(message);
    expect(points()).toHaveAttribute('aria-invalid', 'true');
    expect(points()).toHaveFocus();
    expect(patchesTo(requests, URL)).toHaveLength(0);
  });

  it.each([
    ['', /^Second approval from \(USD\) must be a number$/],
    ['0', /must be at least 0\.01$/],
    ['1000000.01', /must be at most 1000000$/],
    ['10.555', /must have at most 2 decimals$/],
  ])('refuses %j before sending, as the API words it', async (typed, message) => {
    const user = userEvent.setup();
    const { requests } = render();
    await user.click(await screen.findByRole('switch', { name: 'Require a second approval' }));
    if (typed) await user.type(amount(), typed);
    await user.click(saveButton());

    expect(amount()).toHaveAccessibleDescription(message);
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(amount()).toHaveFocus();
    expect(patchesTo(requests, URL)).toHaveLength(0);
  });

  it("puts the API's refusal on the field, keeping what was typed", async () => {
    const user = userEvent.setup();
    render(
      reply(400, {
        error: 'Invalid body: secondApprovalFromUsd',
        code: 'invalid_input',
        fields: { secondApprovalFromUsd: 'Second approval from (USD) must be at least 0.01' },
      }),
    );
    await user.click(await screen.findByRole('switch', { name: 'Require a second approval' }));
    await user.type(amount(), '5');
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving settings');
    expect(amount()).toHaveAccessibleDescription(
      'Second approval from (USD) must be at least 0.01',
    );
    expect(amount()).toHaveValue(5);
  });

  it('a settings reader sees it read-only, Save disabled saying which permission is missing', async () => {
    const user = userEvent.setup();
    const { requests } = renderAdminHolding(['settings:read'], {
      entries: ['/settings/payouts'],
      routes: { [`GET ${URL}`]: reply(200, { secondApprovalFromUsd: 250, updatedAt: LOADED_AT }) },
    });
    expect(await screen.findByRole('switch', { name: 'Require a second approval' })).toBeDisabled();
    expect(amount()).toHaveAttribute('readonly');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.hover(save.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Missing permission: settings:write',
    );
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('is not shown to an admin without settings:read', async () => {
    renderAdminHolding(['withdrawals:read'], { entries: ['/settings/payouts'] });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});
