import SvgIcon from '@mui/material/SvgIcon';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { type FakeResponse, listOf, reply } from '../../test/fakeFetch';
import { apiCalls, renderAdmin } from '../../test/renderAdmin';
import { screensOf } from './screens';
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
  renderAdmin(<Resource name="promo-codes" {...screensOf({ name: 'promo-codes', spec })} />, {
    entries: [path],
    routes: { 'GET /api/admin/promo-codes': listOf([spring]), ...routes },
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
    await user.clear(points);
    await user.type(points, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Promo code updated')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ points: 2000 });
    expect(patch?.headers['if-match']).toBe(spring.updatedAt);
  });
});
