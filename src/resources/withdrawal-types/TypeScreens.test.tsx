import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectHistoryOf, oneUpdateOf } from '../../components/timeline/testing';
import { reply } from '../../test/fakeFetch';
import { API, apiCalls, giftCard, paypal, renderTypeScreens, typesApi } from './testing';

/** A screen's first render waits for its lazy chunk: on a busy machine, longer than the default. */
const FIRST = { timeout: 10_000 };

describe('the withdrawal-types resource', () => {
  it('lists the types at /withdrawal-types, each key linking to its show screen', async () => {
    const { requests } = renderTypeScreens('/withdrawal-types', typesApi([paypal, giftCard]));
    expect(await screen.findByRole('link', { name: 'paypal_10' }, FIRST)).toHaveAttribute(
      'href',
      '/withdrawal-types/wt-1/show',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawal Types' })).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'gift_card' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit gift_card' })).toHaveAttribute(
      'href',
      '/withdrawal-types/wt-2',
    );
    expect(screen.getByRole('link', { name: 'New Type' })).toHaveAttribute(
      'href',
      '/withdrawal-types/create',
    );
    expect(apiCalls(requests)).toEqual([`GET ${API}?page=1&limit=50&sort=key%3Aasc`]);
  });

  it('shows a type from a deep link, with Edit, Disable and Delete', async () => {
    renderTypeScreens('/withdrawal-types/wt-1/show', typesApi([paypal]));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PayPal $10' }, FIRST),
    ).toBeInTheDocument();
    const facts = screen.getByText('Rate (USD/pt)').closest('dl') as HTMLElement;
    expect(within(facts).getByText('paypal_10')).toBeInTheDocument();
    expect(within(facts).getByText('0.001')).toBeInTheDocument();
    expect(within(facts).getByText('$10.00')).toBeInTheDocument();
    // the fact's label and its badge
    expect(within(facts).getAllByText('Active')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Edit paypal_10' })).toHaveAttribute(
      'href',
      '/withdrawal-types/wt-1',
    );
    expect(screen.getByRole('button', { name: 'Disable paypal_10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete paypal_10' })).toBeInTheDocument();
  });

  it("an unknown id says 'Withdrawal type not found' and goes back to the list", async () => {
    renderTypeScreens('/withdrawal-types/nope/show', {
      ...typesApi([paypal]),
      [`GET ${API}/nope`]: reply(404, { error: 'Withdrawal type not found', code: 'not_found' }),
    });
    expect(await screen.findByText('Withdrawal type not found', {}, FIRST)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'paypal_10' }, FIRST)).toBeInTheDocument();
  });

  it('goes from the list to a type, then to its edit screen, and PUTs the whole type', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypeScreens('/withdrawal-types', typesApi([paypal, giftCard]));
    await user.click(await screen.findByRole('link', { name: 'gift_card' }, FIRST));
    await screen.findByRole('heading', { level: 1, name: 'Gift card' }, FIRST);
    await user.click(screen.getByRole('link', { name: 'Edit gift_card' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit withdrawal type' }, FIRST),
    ).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveValue('Gift card'));
    expect(screen.getByRole('spinbutton', { name: 'Fixed USD' })).toHaveValue(null);
    await user.clear(title);
    await user.type(title, 'Gift card $5');
    await user.type(screen.getByRole('spinbutton', { name: 'Fixed USD' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Withdrawal type saved')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`${API}/wt-2`);
    expect(put?.headers['if-match']).toBe(giftCard.updatedAt);
    expect(put?.body).toEqual({
      key: 'gift_card',
      title: 'Gift card $5',
      rateUsdPerPoint: 0.0005,
      minPoints: 2000,
      stock: 0,
      isActive: false,
      fixedUsdAmount: 5,
    });
    expect(await screen.findByRole('link', { name: 'gift_card' })).toBeInTheDocument();
    expect(screen.getByText('Gift card $5')).toBeInTheDocument();
  });

  it("edits from a deep link; a refused save says 'Save failed' and marks the field", async () => {
    const user = userEvent.setup();
    renderTypeScreens('/withdrawal-types/wt-1', {
      ...typesApi([paypal]),
      [`PUT ${API}/wt-1`]: reply(409, {
        error: 'Key already exists',
        code: 'conflict',
        fields: { key: 'Key already exists' },
      }),
    });
    const key = await screen.findByRole('textbox', { name: 'Key' }, FIRST);
    await waitFor(() => expect(key).toHaveValue('paypal_10'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(key).toHaveAccessibleDescription('Key already exists');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit withdrawal type' })).toBeVisible();
  });

  it('creates at /withdrawal-types/create from the defaults', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypeScreens('/withdrawal-types/create', typesApi([paypal]));
    const key = await screen.findByRole('textbox', { name: 'Key' }, FIRST);
    expect(screen.getByRole('spinbutton', { name: 'Min Points' })).toHaveValue(1);
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await user.type(key, 'venmo_5');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Venmo');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'venmo_5' }, FIRST)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      key: 'venmo_5',
      title: 'Venmo',
      rateUsdPerPoint: 0,
      minPoints: 1,
      stock: 0,
      isActive: true,
      fixedUsdAmount: null,
    });
  });

  it("shows a type's history, asked for by its id", async () => {
    const { requests } = renderTypeScreens('/withdrawal-types/wt-1/show', {
      ...typesApi([paypal]),
      ...oneUpdateOf('withdrawal_type', 'wt-1'),
    });
    await expectHistoryOf(requests, 'withdrawal_type', 'wt-1');
  });
});
