import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRoute, gated, listOf, reply } from '../../test/fakeFetch';
import { callsTo, cardGames, gamesApi, renderGames } from './testing';

const categoriesPanel = () => screen.getByRole('region', { name: 'Categories' });
const offersPanel = () => screen.getByRole('region', { name: /^Offers/ });
/** The panel once the page is on screen (it loads after the admin check, as in the app). */
const shown = (name: string | RegExp) => screen.findByRole('region', { name });
const categoryButton = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Categories' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
/** The rows' names, top to bottom (each row's Edit is named after it). */
const categoryNames = () =>
  within(screen.getByRole('table', { name: 'Categories' }))
    .getAllByRole('button', { name: /^Edit / })
    .map((button) => button.getAttribute('aria-label')?.replace(/^Edit /, ''));
const categoryForm = () => within(categoriesPanel()).getByRole('form');
/** react-admin logs every failed call: silence it where the failure is the point. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});
const offersRequested = (requests: Parameters<typeof callsTo>[0]) =>
  callsTo(requests, 'GET', '/api/admin/offers').map((r) => new URL(r.url).searchParams);

describe('Game Offers page', () => {
  it('lists the categories, selects the first and shows its offers', async () => {
    const { requests } = renderGames(gamesApi().routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Game Offers' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Categories and Game Offers' })).toBeVisible();
    const first = await categoryButton('Card Games');
    expect(first).toHaveTextContent('card-games');
    expect(first).toHaveTextContent('Sort order 1');
    expect(first).toHaveTextContent('Active');
    expect(await categoryButton('Arcade')).toHaveTextContent('Inactive');

    await waitFor(() => expect(first).toHaveAttribute('aria-current', 'true'));
    expect(await categoryButton('Arcade')).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('region', { name: 'Offers in Card Games' })).toBeInTheDocument();
    expect(await within(offersPanel()).findByText('Daily Duel')).toBeInTheDocument();

    const [list] = callsTo(requests, 'GET', '/api/admin/categories');
    const params = new URL(list?.url ?? 'http://x').searchParams;
    expect(params.get('limit')).toBe('100');
    expect(params.get('sort')).toBe('sortOrder:asc');
    expect(offersRequested(requests).map((p) => p.get('categoryId'))).toEqual(['c1']);
    expect(offersRequested(requests)[0]?.get('sort')).toBe('sortOrder:asc');
  });

  it('clicking or pressing Enter on another category loads its offers', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await within(await shown(/^Offers/)).findByText('Daily Duel');

    await user.click(await categoryButton('Arcade'));

    expect(await screen.findByRole('region', { name: 'Offers in Arcade' })).toBeInTheDocument();
    expect(await within(offersPanel()).findByText('Pinball Pro')).toBeInTheDocument();
    expect(within(offersPanel()).queryByText('Daily Duel')).not.toBeInTheDocument();
    expect(await categoryButton('Arcade')).toHaveAttribute('aria-current', 'true');
    expect(await categoryButton('Card Games')).not.toHaveAttribute('aria-current');
    expect(offersRequested(requests).at(-1)?.get('categoryId')).toBe('c2');

    (await categoryButton('Card Games')).focus();
    await user.keyboard('{Enter}');
    expect(await within(offersPanel()).findByText('Daily Duel')).toBeInTheDocument();
    expect(await categoryButton('Card Games')).toHaveAttribute('aria-current', 'true');
  });

  it('creates a category with the sort order and status coerced, then empties the form', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Card Games');
    const form = within(categoryForm());
    expect(form.getByText('Optional: derived from the name when empty')).toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.type(form.getByRole('textbox', { name: /Name/ }), 'Puzzle');
    await user.clear(form.getByRole('spinbutton', { name: 'Sort order' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await user.click(form.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Category created')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/admin/categories')[0]?.body).toEqual({
      name: 'Puzzle',
      slug: '',
      isActive: false,
      sortOrder: 0,
    });
    expect(await categoryButton('Puzzle')).toHaveTextContent('puzzle');
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(form.getByRole('spinbutton', { name: 'Sort order' })).toHaveValue(0);
    expect(form.getByRole('combobox', { name: 'Status' })).toHaveValue('true');
    // the selection stays where it was
    expect(await categoryButton('Card Games')).toHaveAttribute('aria-current', 'true');
  });

  it('does not send a category without a name', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Card Games');

    await user.click(within(categoryForm()).getByRole('button', { name: 'Create' }));

    const name = within(categoryForm()).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(requests, 'POST', '/api/admin/categories')).toHaveLength(0);
  });

  it('edits a category: loads it, PATCHes the changes, then the form resets', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await waitFor(async () =>
      expect(await categoryButton('Card Games')).toHaveAttribute('aria-current', 'true'),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Card Games' }));
    const form = within(screen.getByRole('form', { name: 'Edit category' }));
    const name = form.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Card Games');
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveValue('card-games');
    expect(form.getByRole('spinbutton', { name: 'Sort order' })).toHaveValue(1);
    await user.clear(name);
    await user.type(name, 'Cards');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category updated')).toBeInTheDocument();
    const [patch] = callsTo(requests, 'PATCH', '/api/admin/categories/c1');
    expect(patch?.body).toEqual({ name: 'Cards' });
    expect(patch?.headers['if-match']).toBe(cardGames.updatedAt);
    expect(screen.getByRole('form', { name: 'New category' })).toBeInTheDocument();
    expect(within(categoryForm()).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(await categoryButton('Cards')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('region', { name: 'Offers in Cards' })).toBeInTheDocument();
  });

  it('an edit that moves a category reloads the list in the new order', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Arcade');
    expect(categoryNames()).toEqual(['Card Games', 'Arcade']);
    const loads = callsTo(requests, 'GET', '/api/admin/categories').length;

    await user.click(screen.getByRole('button', { name: 'Edit Arcade' }));
    const form = within(screen.getByRole('form', { name: 'Edit category' }));
    await user.clear(form.getByRole('spinbutton', { name: 'Sort order' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category updated')).toBeInTheDocument();
    await waitFor(() => expect(categoryNames()).toEqual(['Arcade', 'Card Games']));
    expect(callsTo(requests, 'GET', '/api/admin/categories')).toHaveLength(loads + 1);
  });

  it("Refresh shows a rename made elsewhere in the selected category's offers panel", async () => {
    const user = userEvent.setup();
    const api = gamesApi();
    renderGames(api.routes);
    expect(await screen.findByRole('region', { name: 'Offers in Card Games' })).toBeVisible();

    // another admin renames it
    api.db.categories[0] = { ...cardGames, name: 'Cards', updatedAt: '2026-03-01T00:00:00.000Z' };
    await user.click(screen.getByRole('button', { name: 'Refresh categories' }));

    expect(await screen.findByRole('region', { name: 'Offers in Cards' })).toBeVisible();
    expect(await categoryButton('Cards')).toHaveAttribute('aria-current', 'true');
  });

  it('Cancel leaves the edit without saving', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Arcade');

    await user.click(screen.getByRole('button', { name: 'Edit Arcade' }));
    const form = within(screen.getByRole('form', { name: 'Edit category' }));
    expect(form.getByRole('combobox', { name: 'Status' })).toHaveValue('false');
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('form', { name: 'New category' })).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/admin/categories/c2')).toHaveLength(0);
  });

  it('deleting the selected category asks first, then clears the selection and the offers', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await within(await shown(/^Offers/)).findByText('Daily Duel');

    await user.click(screen.getByRole('button', { name: 'Delete Card Games' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    expect(dialog).toHaveTextContent('"Card Games" and all of its offers will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', '/api/admin/categories/c1')).toHaveLength(1);
    await waitFor(() =>
      expect(within(categoriesPanel()).queryByText('Card Games')).not.toBeInTheDocument(),
    );
    // Arcade remains and is not selected in its place
    expect(await categoryButton('Arcade')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('region', { name: 'Offers' })).toHaveTextContent(
      'Select a category to see its offers.',
    );
    expect(within(offersPanel()).queryByText('Daily Duel')).not.toBeInTheDocument();
    expect(within(offersPanel()).getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('dismissing the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Arcade');

    await user.click(screen.getByRole('button', { name: 'Delete Arcade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'DELETE', '/api/admin/categories/c2')).toHaveLength(0);
    expect(await categoryButton('Arcade')).toBeInTheDocument();
  });

  it('the search box filters through the API (q)', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Arcade');

    await user.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'arc{Enter}');

    await waitFor(() =>
      expect(within(categoriesPanel()).queryByText('Card Games')).not.toBeInTheDocument(),
    );
    expect(await categoryButton('Arcade')).toBeInTheDocument();
    const last = callsTo(requests, 'GET', '/api/admin/categories').at(-1);
    expect(new URL(last?.url ?? 'http://x').searchParams.get('q')).toBe('arc');
  });

  it('Refresh loads the categories again', async () => {
    const user = userEvent.setup();
    const { requests } = renderGames(gamesApi().routes);
    await categoryButton('Arcade');
    const before = callsTo(requests, 'GET', '/api/admin/categories').length;

    await user.click(screen.getByRole('button', { name: 'Refresh categories' }));

    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/api/admin/categories').length).toBe(before + 1),
    );
  });

  it('Refresh stays usable, and keeps the keyboard focus, while the list reloads', async () => {
    const user = userEvent.setup();
    const api = gamesApi();
    const held = gated(listOf([], 0, 1, 100));
    let loads = 0;
    const list = api.routes['GET /api/admin/categories'] as FakeRoute;
    renderGames({
      ...api.routes,
      'GET /api/admin/categories': (request) => (++loads > 1 ? held.route(request) : list(request)),
    });
    await categoryButton('Arcade');

    const refresh = screen.getByRole('button', { name: 'Refresh categories' });
    refresh.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('progressbar', { name: 'Refreshing categories' })).toBeVisible();
    expect(refresh).toBeEnabled();
    expect(refresh).toHaveFocus();
    held.open();
    expect(await within(await shown('Categories')).findByText('No categories')).toBeInTheDocument();
  });

  it('while a save runs, the fields keep what was typed and the focus, read-only', async () => {
    const user = userEvent.setup();
    const api = gamesApi();
    const post = gated(reply(201, { ...cardGames, _id: 'c-new', name: 'Puzzle', slug: 'puzzle' }));
    renderGames({ ...api.routes, 'POST /api/admin/categories': post.route });
    await categoryButton('Arcade');
    const name = within(categoryForm()).getByRole('textbox', { name: /Name/ });

    await user.type(name, 'Puzzle{Enter}');

    await waitFor(() => expect(name).toHaveAttribute('readonly'));
    expect(name).toBeEnabled();
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Puzzle');
    expect(within(categoryForm()).getByRole('button', { name: 'Create' })).toBeDisabled();
    post.open();
    expect(await screen.findByText('Category created')).toBeInTheDocument();
    expect(name).not.toHaveAttribute('readonly');
  });

  it('without categories: says so, asks for a category and disables the offer form', async () => {
    renderGames(gamesApi({ categories: [], offers: [] }).routes);

    expect(await within(await shown('Categories')).findByText('No categories')).toBeInTheDocument();
    expect(offersPanel()).toHaveTextContent('Select a category to see its offers.');
    const offerForm = within(within(offersPanel()).getByRole('form', { name: 'New offer' }));
    expect(offerForm.getByRole('textbox', { name: /Offer name/ })).toBeDisabled();
    expect(offerForm.getByRole('spinbutton', { name: 'Price' })).toBeDisabled();
    expect(offerForm.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('a failed load shows the error with Retry, which loads again', async () => {
    quietFailures();
    const user = userEvent.setup();
    let fail = true;
    const api = gamesApi();
    const list = api.routes['GET /api/admin/categories'];
    renderGames({
      ...api.routes,
      'GET /api/admin/categories': (request) => {
        if (fail) return reply(500, { error: 'Database is down', code: 'internal' });
        return typeof list === 'function' ? list(request) : reply(500);
      },
    });

    const alert = await within(await shown('Categories')).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading categories');
    expect(alert).toHaveTextContent('Database is down');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await categoryButton('Card Games')).toBeInTheDocument();
    expect(within(categoriesPanel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's field error on its field and keeps what was typed", async () => {
    quietFailures();
    const user = userEvent.setup();
    const { requests } = renderGames(
      gamesApi(
        {},
        {
          'POST /api/admin/categories': reply(409, {
            error: 'Slug already exists',
            code: 'conflict',
            fields: { slug: 'Slug already exists' },
          }),
        },
      ).routes,
    );
    await categoryButton('Card Games');
    const form = within(categoryForm());

    await user.type(form.getByRole('textbox', { name: /Name/ }), 'More cards');
    await user.type(form.getByRole('textbox', { name: 'Slug' }), 'card-games');
    await user.click(form.getByRole('button', { name: 'Create' }));

    const slug = form.getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription('Slug already exists');
    expect(slug).toHaveValue('card-games');
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('More cards');
    expect(callsTo(requests, 'POST', '/api/admin/categories')).toHaveLength(1);
    expect(screen.queryByText('Category created')).not.toBeInTheDocument();
  });

  it("shows the server's message when no field is named", async () => {
    quietFailures();
    const user = userEvent.setup();
    renderGames(
      gamesApi(
        {},
        {
          'PATCH /api/admin/categories/c2': reply(409, {
            error: 'This category was changed meanwhile',
            code: 'conflict',
          }),
        },
      ).routes,
    );
    await categoryButton('Arcade');

    await user.click(screen.getByRole('button', { name: 'Edit Arcade' }));
    const form = within(screen.getByRole('form', { name: 'Edit category' }));
    await user.type(form.getByRole('textbox', { name: /Name/ }), ' Classics');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('alert')).toHaveTextContent('This category was changed meanwhile');
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('Arcade Classics');
  });

  it.each([
    ['category', () => within(categoryForm()).getByRole('textbox', { name: /Name/ })],
    ['offer', () => within(offersPanel()).getByRole('textbox', { name: /Offer name/ })],
  ])(
    'leaving with an unsaved %s asks first, whichever of the two forms holds it',
    async (_, input) => {
      const user = userEvent.setup();
      renderGames(gamesApi().routes);
      await within(await shown('Offers in Card Games')).findByText('Daily Duel');
      await user.type(input(), 'Puzzle');
      // the browser's own question (jsdom has none): first the admin stays, then leaves
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      try {
        await user.click(screen.getByRole('link', { name: 'Dashboard' }));
        await waitFor(() => expect(confirm).toHaveBeenCalledOnce());
        expect(input()).toHaveValue('Puzzle');
        confirm.mockReturnValue(true);
        await user.click(screen.getByRole('link', { name: 'Dashboard' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        expect(confirm).toHaveBeenCalledTimes(2);
      } finally {
        confirm.mockRestore();
      }
    },
  );
});
