import SvgIcon from '@mui/material/SvgIcon';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudSchemas } from '../../../contract/crud';
import { text } from '../../../contract/text';
import { findHistory, historyEntry, historyOf } from '../../components/timeline/testing';
import { formatDateTime } from '../../format';
import { type FakeResponse, listOf, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { plainScreen } from './screens';
import { plainResource } from './spec';

// A resource whose spec names its contract: the forms check with the contract's schema.
const Notices = crudSchemas(
  {
    title: text().trim().min(1, 'Title is required').max(120, 'must be at most 120 characters'),
    isActive: z.boolean().default(true),
    startsOn: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  },
  {
    rules: [
      {
        field: 'endsAt',
        message: 'Ends at must be after Starts on',
        holds: ({ startsOn, endsAt }) => !startsOn || !endsAt || endsAt > startsOn,
      },
    ],
  },
);
type Notice = z.infer<typeof Notices.item>;

const spec = plainResource<Notice>({
  title: 'Notices',
  icon: SvgIcon,
  area: 'settings',
  contract: async () => Notices,
  fields: { title: 'text', isActive: 'boolean', startsOn: 'date', endsAt: 'datetime' },
  defaults: { isActive: true },
});

const T0 = '2026-03-01T10:00:00.000Z';
const notice: Notice = {
  _id: '3',
  title: 'Winter sale',
  isActive: true,
  startsOn: '2026-12-20T05:00:00.000Z',
  endsAt: '2026-12-21T03:00:00.000Z',
  createdAt: T0,
  updatedAt: T0,
};

const renderAt = (path: string, routes: Record<string, FakeResponse> = {}) =>
  renderAdmin({
    entries: [path],
    routes: {
      ...routes,
      'GET /api/admin/notices': listOf([notice]),
      'GET /api/admin/notices/3': reply(200, notice),
      'POST /api/admin/notices': (request) =>
        reply(201, { ...notice, ...(request.body as object) }),
      'PATCH /api/admin/notices/3': (request) =>
        reply(200, { ...notice, ...(request.body as object) }),
    },
    resources: [plainScreen({ name: 'notices', spec })],
  });

// The admin's zone, west of UTC: a day starts there at 05:00Z in winter.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('a plain resource’s forms, checked with its contract', () => {
  it('refuses a pasted title over the limit in the contract’s words, and sends nothing', async () => {
    const { requests } = renderAt('/notices/create');
    const user = userEvent.setup();
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: /^Title/ });
    // the contract requires it: the label says so
    expect(title.labels?.[0]).toHaveTextContent(/^Title\s*\*$/);
    await user.click(title);
    await user.paste('x'.repeat(200));
    expect(title).toHaveValue('x'.repeat(200));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Title must be at most 120 characters')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('labels a field as the API’s messages do', async () => {
    renderAt('/notices/create');
    expect(await screen.findByRole('switch', { name: 'Active' })).toBeChecked();
  });

  it('saves a date and a date-time typed in the admin’s zone as UTC instants', async () => {
    const { requests } = renderAt('/notices/create');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Winter sale');
    fireEvent.change(screen.getByLabelText('Starts on'), { target: { value: '2026-12-20' } });
    fireEvent.change(screen.getByLabelText('Ends at'), { target: { value: '2026-12-20T22:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notice created')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Winter sale',
      isActive: true,
      startsOn: '2026-12-20T05:00:00.000Z',
      endsAt: '2026-12-21T03:00:00.000Z',
    });
  });

  it('shows a stored instant in the admin’s zone and refuses a rule across fields', async () => {
    const { requests } = renderAt('/notices/3');
    const user = userEvent.setup();
    const endsAt = await screen.findByLabelText('Ends at');
    await waitFor(() => expect(endsAt).toHaveValue('2026-12-20T22:00'));
    expect(screen.getByLabelText('Starts on')).toHaveValue('2026-12-20');

    fireEvent.change(endsAt, { target: { value: '2026-12-19T23:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ends at must be after Starts on')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    fireEvent.change(endsAt, { target: { value: '2026-12-21T08:30' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notice updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      endsAt: '2026-12-21T13:30:00.000Z',
    });
  });

  it('shows the record’s history by the fields’ labels, its values in words', async () => {
    const created = historyEntry({
      action: 'notice.create',
      entity: 'notice',
      entityId: '3',
      before: null,
      after: { title: 'Winter sale', isActive: true, startsOn: null, endsAt: null },
    });
    const updated = historyEntry({
      action: 'notice.update',
      entity: 'notice',
      entityId: '3',
      before: { endsAt: null, startsOn: null },
      after: { endsAt: notice.endsAt, startsOn: notice.startsOn },
    });
    renderAt('/notices/3/show', { 'GET /api/admin/audit': historyOf([updated, created]) });
    // the first screen opened in this file: its chunks load first
    await screen.findByRole('heading', { level: 1, name: 'Winter sale' }, { timeout: 15_000 });
    const card = await findHistory();
    const endsAt = `Ends at: none → ${formatDateTime(notice.endsAt)}`;
    expect(await within(card).findByText(endsAt)).toBeInTheDocument();
    expect(within(card).getByText('Starts on: none → Dec 20, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Active: set to yes')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('2026-12-21T03:00:00.000Z');
  });
});
