import SvgIcon from '@mui/material/SvgIcon';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectHistoryOf, oneUpdateOf } from '../../components/timeline/testing';
import { type FakeResponse, listOf, reply } from '../../test/fakeFetch';
import { apiCalls, renderAdmin } from '../../test/renderAdmin';
import { plainScreen } from './screens';
import { plainResource } from './spec';

interface PromoCode {
  _id: string;
  code: string;
  points: number;
  active: boolean;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const spec = plainResource<PromoCode>({
  title: 'Promo codes',
  icon: SvgIcon,
  area: 'settings',
  fields: { code: 'text', points: 'number', active: 'boolean', expiresAt: 'datetime' },
  defaults: { active: true },
});

const spring: PromoCode = {
  _id: '7',
  code: 'SPRING25',
  points: 1500,
  active: true,
  expiresAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

const renderAt = (path: string, routes: Record<string, FakeResponse> = {}) =>
  renderAdmin({
    entries: [path],
    routes: { 'GET /api/admin/promo-codes': listOf([spring]), ...routes },
    resources: [plainScreen({ name: 'promo-codes', spec })],
  });

describe('a plain resource’s screens', () => {
  it('lists the records newest first, each field shown by its kind, with Edit and Delete', async () => {
    const { requests } = renderAt('/promo-codes');
    expect(await screen.findByRole('cell', { name: 'SPRING25' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Code', 'Points', 'Active', 'Expires at', 'Created', 'Actions']);
    const row = screen.getByRole('row', { name: /SPRING25/ });
    expect(within(row).getByText('1,500')).toBeInTheDocument();
    expect(within(row).getByText('yes')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit SPRING25' })).toHaveAttribute(
      'href',
      '/promo-codes/7',
    );
    expect(screen.getByRole('link', { name: '+ Create promo code' })).toHaveAttribute(
      'href',
      '/promo-codes/create',
    );
    expect(apiCalls(requests)).toEqual([
      'GET /api/admin/promo-codes?page=1&limit=20&sort=createdAt%3Adesc',
    ]);
  });

  it("deletes a record only once 'Delete this promo code?' is confirmed", async () => {
    const { requests } = renderAt('/promo-codes', {
      'DELETE /api/admin/promo-codes/7': reply(200, { ok: true }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING25' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this promo code?' });
    expect(apiCalls(requests)).not.toContain('DELETE /api/admin/promo-codes/7');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Promo code deleted')).toBeInTheDocument();
    expect(apiCalls(requests)).toContain('DELETE /api/admin/promo-codes/7');
  });

  it('creates from the defaults and shows a 409 on its field', async () => {
    const taken = {
      error: 'Code already exists',
      code: 'duplicate',
      fields: { code: 'Code already exists' },
    };
    const { requests } = renderAt('/promo-codes/create', {
      'POST /api/admin/promo-codes': reply(409, taken),
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create promo code' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'SPRING25');
    await user.type(screen.getByRole('spinbutton', { name: 'Points' }), '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('Code already exists').length).toBeGreaterThan(0);
    const posted = requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posted).toEqual([{ code: 'SPRING25', points: 50, active: true }]);
  });

  it('edits with If-Match, sending only what changed', async () => {
    const { requests } = renderAt('/promo-codes/7', {
      'GET /api/admin/promo-codes/7': reply(200, spring),
      'PATCH /api/admin/promo-codes/7': reply(200, { ...spring, points: 2000 }),
    });
    const user = userEvent.setup();
    const points = await screen.findByRole('spinbutton', { name: 'Points' });
    await waitFor(() => expect(points).toHaveValue(1500));
    // Save is enabled before any change, as on every form of the console
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(points);
    await user.type(points, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Promo code updated')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ points: 2000 });
    expect(patch?.headers['if-match']).toBe(spring.updatedAt);
  });
});

interface Team {
  _id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}
interface Player {
  _id: string;
  name: string;
  teamId: string;
  position: string;
  createdAt: string;
  updatedAt: string;
}

const players = plainResource<Player>({
  title: 'Players',
  icon: SvgIcon,
  area: 'settings',
  fields: {
    name: { kind: 'text', required: true },
    teamId: {
      kind: 'reference',
      reference: 'teams',
      label: 'Team',
      required: 'Pick a team',
      filter: true,
    },
    position: {
      kind: 'select',
      choices: [
        { id: 'gk', name: 'Goalkeeper' },
        { id: 'fw', name: 'Forward' },
      ],
    },
  },
  defaults: { position: 'fw' },
});
const teams = plainResource<Team>({
  title: 'Teams',
  icon: SvgIcon,
  area: 'settings',
  fields: { name: 'text' },
  related: [{ name: 'players', target: 'teamId', spec: players }],
});

const T0 = '2026-03-01T10:00:00.000Z';
const reds: Team = { _id: '1', name: 'Reds', createdAt: T0, updatedAt: T0 };
const blues: Team = { _id: '2', name: 'Blues', createdAt: T0, updatedAt: T0 };
const ann: Player = {
  _id: '5',
  name: 'Ann',
  teamId: '1',
  position: 'gk',
  createdAt: T0,
  updatedAt: T0,
};

const renderLeague = (path: string, routes: Record<string, FakeResponse> = {}) =>
  renderAdmin({
    entries: [path],
    routes: {
      'GET /api/admin/teams': listOf([reds, blues]),
      'GET /api/admin/teams/1': reply(200, reds),
      'GET /api/admin/players': listOf([ann]),
      'GET /api/admin/players/5': reply(200, ann),
      ...routes,
    },
    resources: [
      plainScreen({ name: 'teams', spec: teams }),
      plainScreen({ name: 'players', spec: players }),
    ],
  });

describe('a plain resource’s Show and references', () => {
  it('shows a record by its name, with Edit and the records that name it', async () => {
    const { requests } = renderLeague('/teams/1/show');

    expect(await screen.findByRole('heading', { level: 1, name: 'Reds' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/teams/1');
    const related = await screen.findByRole('table', { name: 'Players' });
    const row = within(related).getByRole('row', { name: /Ann/ });
    expect(row).toHaveTextContent('Goalkeeper');
    const asked = requests.find((r) => r.path.startsWith('/api/admin/players'));
    expect(new URL(asked?.url ?? 'http://x').searchParams.get('teamId')).toBe('1');
  });

  it('lists a reference by the named record’s name, linked to its Show, and filters by it', async () => {
    const user = userEvent.setup();
    const { requests } = renderLeague('/players');

    const row = await screen.findByRole('row', { name: /Ann/ });
    expect(within(row).getByRole('link', { name: 'Ann' })).toHaveAttribute(
      'href',
      '/players/5/show',
    );
    expect(await within(row).findByRole('link', { name: 'Reds' })).toHaveAttribute(
      'href',
      '/teams/1/show',
    );
    expect(within(row).getByText('Goalkeeper')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blues' }));
    await waitFor(() => {
      const last = requests.filter((r) => r.path.startsWith('/api/admin/players?')).at(-1);
      expect(new URL(last?.url ?? 'http://x').searchParams.get('teamId')).toBe('2');
    });
  });

  it('shows the record’s history, asked for as the API’s kit names it: team 1', async () => {
    const { requests } = renderLeague('/teams/1/show', oneUpdateOf('team', '1'));
    await expectHistoryOf(requests, 'team', '1');
  });

  it('shows a category’s and an offer’s history as category and offer', async () => {
    const cards = {
      _id: '3',
      name: 'Cards',
      slug: 'cards',
      isActive: true,
      sortOrder: 0,
      createdAt: T0,
      updatedAt: T0,
    };
    const solitaire = {
      _id: '4',
      name: 'Solitaire 1',
      categoryId: '3',
      gameName: 'Solitaire',
      price: 1,
      rewardType: 'points',
      rewardAmount: 10,
      isActive: true,
      sortOrder: 0,
      createdAt: T0,
      updatedAt: T0,
    };
    const routes = {
      'GET /api/admin/categories': listOf([cards]),
      'GET /api/admin/categories/3': reply(200, cards),
      'GET /api/admin/offers': listOf([solitaire]),
      'GET /api/admin/offers/4': reply(200, solitaire),
    };
    const category = renderAdmin({
      entries: ['/categories/3/show'],
      routes: { ...routes, ...oneUpdateOf('category', '3') },
    });
    await expectHistoryOf(category.requests, 'category', '3');
    category.unmount();

    const offer = renderAdmin({
      entries: ['/offers/4/show'],
      routes: { ...routes, ...oneUpdateOf('offer', '4') },
    });
    await expectHistoryOf(offer.requests, 'offer', '4');
  });

  it('an unknown id says the record is not found and goes back to the list', async () => {
    renderLeague('/teams/9/show', {
      'GET /api/admin/teams/9': reply(404, { error: 'Team not found', code: 'not_found' }),
    });

    expect(await screen.findByText('Team not found')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
  });

  it('a refused save names every field that needs attention, by its label', async () => {
    const user = userEvent.setup();
    const { requests } = renderLeague('/players/create');
    await screen.findByRole('textbox', { name: /Name/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 fields need attention: Name, Team')).toBeInTheDocument();
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates with the reference picked and refuses it left empty', async () => {
    const user = userEvent.setup();
    const { requests } = renderLeague('/players/create', {
      'POST /api/admin/players': reply(201, { ...ann, _id: '6', name: 'Bo', teamId: '2' }),
    });

    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick a team')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // react-admin's 'The form is not valid' names the fields instead
    expect(await screen.findByText('1 field needs attention: Team')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Team/ }));
    await user.click(await screen.findByRole('option', { name: 'Blues' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Player created')).toBeInTheDocument();
    const posted = requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posted).toEqual([{ name: 'Bo', teamId: '2', position: 'fw' }]);
  });
});
