import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeFetch';
import {
  API,
  apiCalls,
  FIRST_PAGE,
  giftCard,
  held,
  listOf,
  makeType,
  paypal,
  renderTypesPage,
  typesApi,
} from './testing';

const rowOf = async (key: string) => {
  const cell = await screen.findByRole('cell', { name: key });
  return cell.closest('tr') as HTMLElement;
};

/** Delete in the dialog, once it has checked that no withdrawal uses the type. */
const confirmDelete = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) => {
  const button = within(dialog).getByRole('button', { name: 'Delete' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
};

const listCalls = (requests: { method: string; path: string }[]) =>
  apiCalls(requests).filter((call) => call.startsWith(`GET ${API}?`));

describe('Withdrawal Types page', () => {
  it("shows 'Loading…', then one row per type with every column", async () => {
    const list = held(() => listOf([paypal, giftCard]));
    const { requests } = renderTypesPage({ [`GET ${API}`]: list.route });

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawal Types' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Type' })).toBeInTheDocument();
    list.open();

    const row = await rowOf('paypal_10');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Key',
      'Title',
      'Rate (USD/pt)',
      'Min Points',
      'Stock',
      'Fixed USD',
      'Active',
      'Actions',
    ]);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((td) => td.textContent);
    expect(cells(row)).toEqual([
      'paypal_10',
      'PayPal $10',
      '0.001',
      '10,000',
      '25',
      '$10.00',
      'Active',
    ]);
    expect(cells(await rowOf('gift_card'))).toEqual([
      'gift_card',
      'Gift card',
      '0.0005',
      '2,000',
      '0',
      '-',
      'Disabled',
    ]);
    expect(within(row).getByRole('button', { name: 'Edit paypal_10' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Disable paypal_10' })).toHaveTextContent(
      'Disable',
    );
    expect(screen.getByRole('button', { name: 'Enable gift_card' })).toHaveTextContent('Enable');
    expect(within(row).getByRole('button', { name: 'Delete paypal_10' })).toBeInTheDocument();
    expect(apiCalls(requests)).toEqual([`GET ${FIRST_PAGE}`]);
  });

  it("says 'No items' when there are none", async () => {
    renderTypesPage({ [`GET ${API}`]: listOf([]) });
    expect(await screen.findByText('No items')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it("says 'Failed to load' when the list fails, and Retry loads it again", async () => {
    let fail = true;
    const { requests } = renderTypesPage({
      [`GET ${API}`]: () =>
        fail ? reply(500, { error: 'Database is down', code: 'internal' }) : listOf([paypal]),
    });

    expect(await screen.findByText('Failed to load')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'paypal_10' })).not.toBeInTheDocument();
    const callsSoFar = listCalls(requests).length;

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('paypal_10')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load')).not.toBeInTheDocument();
    expect(listCalls(requests).length).toBe(callsSoFar + 1);
  });

  it('searches key or title on Enter and on Search; Only active filters at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal, giftCard]));
    await rowOf('gift_card');
    const box = screen.getByRole('searchbox', { name: 'Search key or title' });

    await user.type(box, 'gift{Enter}');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'paypal_10' })).toBeNull());
    expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}&q=gift`);
    expect(screen.getByRole('cell', { name: 'gift_card' })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'pay');
    await user.click(screen.getByRole('checkbox', { name: 'Only active' }));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}&q=pay&active=true`),
    );
    expect(await rowOf('paypal_10')).toBeInTheDocument();

    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}&active=true`));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'gift_card' })).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Only active' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toBe(`GET ${FIRST_PAGE}`));
    expect(await rowOf('gift_card')).toBeInTheDocument();
  });

  it('Search with unchanged terms reloads the list', async () => {
    const { requests } = renderTypesPage(typesApi([paypal]));
    await rowOf('paypal_10');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listCalls(requests)).toEqual([`GET ${FIRST_PAGE}`, `GET ${FIRST_PAGE}`]),
    );
  });

  it('Disable calls PATCH …/toggle, shows the new state and keeps the buttons off meanwhile', async () => {
    const api = typesApi([paypal]);
    const toggle = held(api[`PATCH ${API}/wt-1/toggle`]);
    const { requests } = renderTypesPage({ ...api, [`PATCH ${API}/wt-1/toggle`]: toggle.route });
    const row = await rowOf('paypal_10');

    await userEvent.click(within(row).getByRole('button', { name: 'Disable paypal_10' }));
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: 'Disable paypal_10' })).toBeDisabled(),
    );
    expect(within(row).getByRole('button', { name: 'Edit paypal_10' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Delete paypal_10' })).toBeDisabled();
    toggle.open();

    const enable = await within(row).findByRole('button', { name: 'Enable paypal_10' });
    expect(enable).toBeEnabled();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(await screen.findByText('Withdrawal type disabled')).toBeInTheDocument();
    expect(apiCalls(requests)).toContain(`PATCH ${API}/wt-1/toggle`);
    const sent = requests.find((r) => r.path === `${API}/wt-1/toggle`);
    // the version the row was shown with: another admin's toggle since then is a 409, not a flip
    expect(sent?.headers['if-match']).toBe(paypal.updatedAt);

    await userEvent.click(enable);
    expect(await within(row).findByRole('button', { name: 'Disable paypal_10' })).toBeEnabled();
    expect(within(row).getByText('Active')).toBeInTheDocument();
  });

  it("alerts 'Action failed' with the reason when the toggle fails, and keeps the state", async () => {
    renderTypesPage({
      ...typesApi([paypal]),
      [`PATCH ${API}/wt-1/toggle`]: reply(404, {
        error: 'Withdrawal type not found',
        code: 'not_found',
      }),
    });
    const row = await rowOf('paypal_10');
    await userEvent.click(within(row).getByRole('button', { name: 'Disable paypal_10' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Action failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Withdrawal type not found');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Disable paypal_10' })).toBeEnabled();
  });

  it('Delete asks \'Delete "PayPal $10"?\' and calls DELETE only on confirm', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal, giftCard]));
    const row = await rowOf('paypal_10');

    await user.click(within(row).getByRole('button', { name: 'Delete paypal_10' }));
    const question = await screen.findByRole('dialog', { name: 'Delete "PayPal $10"?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(apiCalls(requests).filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Delete paypal_10' }));
    const again = await screen.findByRole('dialog', { name: 'Delete "PayPal $10"?' });
    expect(
      await within(again).findByText('The type paypal_10 is removed for good.'),
    ).toBeInTheDocument();
    await confirmDelete(user, again);

    await waitFor(() => expect(screen.queryByRole('cell', { name: 'paypal_10' })).toBeNull());
    expect(apiCalls(requests).filter((call) => call.startsWith('DELETE'))).toEqual([
      `DELETE ${API}/wt-1`,
    ]);
    expect(screen.getByRole('cell', { name: 'gift_card' })).toBeInTheDocument();
    expect(await screen.findByText('Withdrawal type deleted')).toBeInTheDocument();
  });

  it('a type withdrawals use: the delete dialog says how many and offers Disable instead', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal, giftCard], { paypal_10: 3 }));
    const row = await rowOf('paypal_10');

    await user.click(within(row).getByRole('button', { name: 'Delete paypal_10' }));
    const question = await screen.findByRole('dialog', { name: 'Delete "PayPal $10"?' });
    expect(
      await within(question).findByText('This type is used by 3 withdrawals. Disable it instead.'),
    ).toBeInTheDocument();
    expect(within(question).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const asked = requests.filter((r) => r.path.startsWith('/api/admin/withdrawals?'));
    expect(asked.map((r) => new URL(r.url).searchParams.get('typeId'))).toEqual(['paypal_10']);

    await user.click(within(question).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Withdrawal type disabled')).toBeInTheDocument();
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(apiCalls(requests).filter((call) => /^(DELETE|PATCH)/.test(call))).toEqual([
      `PATCH ${API}/wt-1/toggle`,
    ]);
  });

  it("alerts 'Delete failed' with the reason and keeps the row", async () => {
    const user = userEvent.setup();
    renderTypesPage({
      ...typesApi([paypal]),
      [`DELETE ${API}/wt-1`]: reply(409, {
        error: 'Withdrawal type is in use',
        code: 'conflict',
      }),
    });
    const row = await rowOf('paypal_10');
    await user.click(within(row).getByRole('button', { name: 'Delete paypal_10' }));
    const question = await screen.findByRole('dialog', { name: 'Delete "PayPal $10"?' });
    await confirmDelete(user, question);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Delete failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Withdrawal type is in use');
    expect(screen.getByRole('cell', { name: 'paypal_10' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete paypal_10' })).toBeEnabled();
  });

  it('deleting the only row of the last page goes back to the page before', async () => {
    const user = userEvent.setup();
    let types = Array.from({ length: 51 }, (_, n) =>
      makeType({ _id: `wt-${n}`, key: `type_${String(n).padStart(2, '0')}`, title: `Type ${n}` }),
    );
    renderTypesPage({
      [`GET ${API}`]: (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return reply(200, {
          items: types.slice((page - 1) * 50, page * 50),
          total: types.length,
          page,
          limit: 50,
        });
      },
      'GET /api/admin/withdrawals': reply(200, { items: [], total: 0, page: 1, limit: 1 }),
      [`DELETE ${API}/wt-50`]: () => {
        types = types.slice(0, 50);
        return reply(200, { ok: true });
      },
    });
    await rowOf('type_00');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(
      within(await rowOf('type_50')).getByRole('button', { name: 'Delete type_50' }),
    );
    const question = await screen.findByRole('dialog', { name: 'Delete "Type 50"?' });
    await confirmDelete(user, question);

    expect(await rowOf('type_49')).toBeInTheDocument();
    expect(screen.queryByText('No items')).not.toBeInTheDocument();
  });
});
