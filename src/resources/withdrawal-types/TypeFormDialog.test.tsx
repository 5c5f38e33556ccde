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
  paypal,
  renderTypesPage,
  typesApi,
} from './testing';

type User = ReturnType<typeof userEvent.setup>;

const listCalls = (requests: { method: string; path: string }[]) =>
  apiCalls(requests).filter((call) => call === `GET ${FIRST_PAGE}`);

const openNewForm = async (user: User) => {
  await screen.findByRole('cell', { name: 'paypal_10' });
  await user.click(screen.getByRole('button', { name: 'New Type' }));
  return screen.findByRole('dialog', { name: 'New withdrawal type' });
};

const replaceText = async (user: User, field: HTMLElement, text: string) => {
  await user.clear(field);
  if (text) await user.type(field, text);
};

describe('Withdrawal type form', () => {
  it('starts a new type with the defaults and the key hint, Key focused', async () => {
    const user = userEvent.setup();
    renderTypesPage(typesApi([paypal]));
    const dialog = await openNewForm(user);
    const form = within(dialog);

    const key = form.getByRole('textbox', { name: 'Key' });
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription('Unique key, e.g. paypal_10');
    expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(form.getByRole('spinbutton', { name: 'Rate (USD/pt)' })).toHaveValue(0);
    expect(form.getByRole('spinbutton', { name: 'Rate (USD/pt)' })).toHaveAttribute(
      'step',
      '0.0001',
    );
    expect(form.getByRole('spinbutton', { name: 'Min Points' })).toHaveValue(1);
    expect(form.getByRole('spinbutton', { name: 'Min Points' })).toHaveAttribute('step', '1');
    expect(form.getByRole('spinbutton', { name: 'Stock' })).toHaveValue(0);
    expect(form.getByRole('spinbutton', { name: 'Stock' })).toHaveAttribute('step', '1');
    expect(form.getByRole('spinbutton', { name: 'Fixed USD' })).toHaveValue(null);
    expect(form.getByRole('spinbutton', { name: 'Fixed USD' })).toHaveAttribute('step', '0.01');
    expect(form.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });

  it('creates: sends numbers and a null fixed amount, closes and reloads the list', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal]));
    const dialog = await openNewForm(user);
    const form = within(dialog);

    await user.type(form.getByRole('textbox', { name: 'Key' }), 'venmo_5');
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'Venmo');
    await replaceText(user, form.getByRole('spinbutton', { name: 'Rate (USD/pt)' }), '0.002');
    await replaceText(user, form.getByRole('spinbutton', { name: 'Min Points' }), '500');
    await replaceText(user, form.getByRole('spinbutton', { name: 'Stock' }), '7');
    const listsBefore = listCalls(requests).length;
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(API);
    expect(post?.body).toEqual({
      key: 'venmo_5',
      title: 'Venmo',
      rateUsdPerPoint: 0.002,
      minPoints: 500,
      stock: 7,
      isActive: true,
      fixedUsdAmount: null,
    });
    expect(await screen.findByRole('cell', { name: 'venmo_5' })).toBeInTheDocument();
    expect(listCalls(requests).length).toBeGreaterThan(listsBefore);
    expect(await screen.findByText('Withdrawal type saved')).toBeInTheDocument();
  });

  it('edits: shows the type and PUTs the whole type with the version it was loaded at', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal, giftCard]));
    await user.click(await screen.findByRole('button', { name: 'Edit gift_card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit withdrawal type' });
    const form = within(dialog);
    expect(form.getByRole('textbox', { name: 'Key' })).toHaveValue('gift_card');
    expect(form.getByRole('spinbutton', { name: 'Rate (USD/pt)' })).toHaveValue(0.0005);
    expect(form.getByRole('spinbutton', { name: 'Fixed USD' })).toHaveValue(null);
    expect(form.getByRole('checkbox', { name: 'Active' })).not.toBeChecked();

    await replaceText(user, form.getByRole('textbox', { name: 'Title' }), 'Gift card $5');
    await user.type(form.getByRole('spinbutton', { name: 'Fixed USD' }), '5.25');
    await user.click(form.getByRole('checkbox', { name: 'Active' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`${API}/wt-2`);
    expect(put?.headers['if-match']).toBe(giftCard.updatedAt);
    expect(put?.body).toEqual({
      key: 'gift_card',
      title: 'Gift card $5',
      rateUsdPerPoint: 0.0005,
      minPoints: 2000,
      stock: 0,
      isActive: true,
      fixedUsdAmount: 5.25,
    });
    const row = (await screen.findByRole('cell', { name: 'Gift card $5' })).closest('tr');
    expect(row).toHaveTextContent('$5.25');
  });

  it("a refused save says 'Save failed', keeps the modal and what was typed, marks the field", async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage({
      ...typesApi([paypal]),
      [`POST ${API}`]: reply(409, {
        error: 'Key already exists',
        code: 'conflict',
        fields: { key: 'Key already exists' },
      }),
    });
    const dialog = await openNewForm(user);
    const form = within(dialog);
    const key = form.getByRole('textbox', { name: 'Key' });
    await user.type(key, 'paypal_10');
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'PayPal again');
    await user.type(form.getByRole('spinbutton', { name: 'Fixed USD' }), '10');
    await user.click(form.getByRole('button', { name: 'Save' }));

    const alert = await form.findByRole('alert');
    expect(within(alert).getByText('Save failed')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Key already exists');
    expect(key).toHaveAccessibleDescription('Key already exists');
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveValue('paypal_10');
    expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('PayPal again');
    expect(form.getByRole('spinbutton', { name: 'Fixed USD' })).toHaveValue(10);
    expect(screen.getByRole('dialog', { name: 'New withdrawal type' })).toBe(dialog);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    // fixing the field takes its message away; the hint comes back
    await user.type(key, 'x');
    expect(key).toHaveAccessibleDescription('Unique key, e.g. paypal_10');
    expect(key).toHaveAttribute('aria-invalid', 'false');
    expect(dialog).toBeInTheDocument();
  });

  it('shows each field the API refuses under that field', async () => {
    const user = userEvent.setup();
    renderTypesPage({
      ...typesApi([paypal]),
      [`POST ${API}`]: reply(400, {
        error: 'Invalid withdrawal type',
        code: 'validation',
        fields: {
          key: 'Use lower-case letters, digits and underscores',
          minPoints: 'must be at least 1',
        },
      }),
    });
    const dialog = await openNewForm(user);
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Key' }), 'Bad Key');
    await replaceText(user, form.getByRole('spinbutton', { name: 'Min Points' }), '0');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('Save failed')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Key' })).toHaveAccessibleDescription(
      'Use lower-case letters, digits and underscores',
    );
    expect(form.getByRole('spinbutton', { name: 'Min Points' })).toHaveAccessibleDescription(
      'must be at least 1',
    );
  });

  it('does not send a number field left empty, and says so under it', async () => {
    const user = userEvent.setup();
    const { requests } = renderTypesPage(typesApi([paypal]));
    const form = within(await openNewForm(user));
    await user.type(form.getByRole('textbox', { name: 'Key' }), 'k');
    await user.clear(form.getByRole('spinbutton', { name: 'Stock' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(form.getByRole('spinbutton', { name: 'Stock' })).toHaveAccessibleDescription(
      'Enter a number',
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('Cancel and Escape close without saving; Escape does nothing while saving', async () => {
    const user = userEvent.setup();
    const api = typesApi([paypal]);
    const post = held(api[`POST ${API}`]);
    const { requests } = renderTypesPage({ ...api, [`POST ${API}`]: post.route });

    let dialog = await openNewForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Key' }), 'draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // a new opening starts afresh
    dialog = await openNewForm(user);
    expect(within(dialog).getByRole('textbox', { name: 'Key' })).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    dialog = await openNewForm(user);
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Key' }), 'venmo_5');
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'Venmo');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(form.getByRole('textbox', { name: 'Key' }));
    await user.keyboard('{Escape}');
    // longer than the dialog's closing transition: had Escape closed it, it would be gone
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dialog).toBeInTheDocument();

    post.open();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
