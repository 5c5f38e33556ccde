import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LegalDocument } from '../../../contract/legal';
import { expectHistoryOf, oneUpdateOf } from '../../components/timeline/testing';
import { type FakeRoute, listOf, reply } from '../../test/fakeFetch';
import { apiCalls, type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';

const API = '/api/admin/legal';

/** A screen's first render waits for its lazy chunk: on a busy machine, longer than the default. */
const FIRST = { timeout: 10_000 };

const doc = (overrides: Partial<LegalDocument>): LegalDocument => ({
  _id: 'd2',
  type: 'terms',
  version: 2,
  isActive: true,
  publishedAt: '2026-02-01T10:00:00.000Z',
  createdAt: '2026-01-30T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  contentText: 'Plain terms',
  contentHtml: '<h2>Terms</h2><p>Be nice.</p>',
  ...overrides,
});

const live = doc({});
const draft = doc({
  _id: 'd3',
  version: 3,
  isActive: false,
  publishedAt: null,
  contentHtml: '',
  contentText: 'Draft text',
});
const privacy = doc({ _id: 'p1', type: 'privacy', version: 1 });

const versionsOf = ({ contentText: _t, contentHtml: _h, ...version }: LegalDocument) => version;

/** GET /admin/legal?type=…: that type's versions, newest first; GET …/{id}: the document. */
const legalApi = (docs: LegalDocument[]): Record<string, FakeRoute> => {
  const routes: Record<string, FakeRoute> = {
    [`GET ${API}`]: (request) => {
      const type = new URL(request.url).searchParams.get('type');
      return listOf(
        docs
          .filter((d) => d.type === type)
          .sort((a, b) => b.version - a.version)
          .map(versionsOf),
      );
    },
  };
  for (const d of docs) routes[`GET ${API}/${d._id}`] = () => reply(200, d);
  return routes;
};

const renderAt = (path: string, routes: RenderAdminOptions['routes'] = {}) =>
  renderAdmin({
    entries: [path],
    routes: { ...legalApi([live, draft, privacy]), ...routes },
  });

describe('the legal resource', () => {
  it('lists the terms versions, newest first, and filters by type', async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('/legal');
    expect(await screen.findByRole('link', { name: 'Terms v3' }, FIRST)).toHaveAttribute(
      'href',
      '/legal/d3/show',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Legal' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Type', 'Version', 'Status', 'Published', 'Updated', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'v3',
      'v2',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Terms v2' })).toHaveAttribute(
      'href',
      '/legal/d2',
    );
    expect(apiCalls(requests)).toEqual([`GET ${API}?page=1&limit=20&type=terms`]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Privacy Policy');
    expect(await screen.findByRole('link', { name: 'Privacy v1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terms v3' })).not.toBeInTheDocument();
    expect(apiCalls(requests).at(-1)).toBe(`GET ${API}?page=1&limit=20&type=privacy`);
  });

  it('shows a version: its facts and its HTML, sanitised, as the preview renders it', async () => {
    renderAt('/legal/d2/show', {
      [`GET ${API}/d2`]: reply(200, {
        ...live,
        contentHtml:
          '<h2>Terms</h2><p>Be nice.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms v2' }, FIRST),
    ).toBeInTheDocument();
    const facts = screen.getByText('Terms of Service').closest('dl') as HTMLElement;
    expect(within(facts).getByText('v2')).toBeInTheDocument();
    expect(within(facts).getByText('Active')).toBeInTheDocument();
    const preview = screen.getByTestId('legal-preview');
    expect(within(preview).getByRole('heading', { level: 2, name: 'Terms' })).toBeInTheDocument();
    expect(preview.innerHTML).not.toContain('onerror');
    expect(preview.innerHTML).not.toContain('<script');
    expect(screen.getByRole('link', { name: 'Edit Terms v2' })).toHaveAttribute(
      'href',
      '/legal/d2',
    );
  });

  it('opens a version from the list, then its edit screen from its page', async () => {
    const user = userEvent.setup();
    renderAt('/legal');
    await user.click(await screen.findByRole('link', { name: 'Terms v3' }, FIRST));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms v3' })).toBeInTheDocument();
    expect(within(screen.getByTestId('legal-preview')).getByText('Draft text')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit Terms v3' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Terms v3' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Plain text' })).toHaveValue('Draft text'),
    );
  });

  it('edits: PATCHes what changed with If-Match, then shows the version', async () => {
    const user = userEvent.setup();
    const { requests } = renderAt('/legal/d3', {
      [`PATCH ${API}/d3`]: (request) =>
        reply(200, { ok: true, doc: { ...draft, ...(request.body as object) } }),
    });
    const text = await screen.findByRole('textbox', { name: 'Plain text' }, FIRST);
    await waitFor(() => expect(text).toHaveValue('Draft text'));
    await user.type(screen.getByRole('textbox', { name: 'HTML' }), '<p>New terms</p>');
    // the preview follows the typing
    expect(
      await within(screen.getByTestId('legal-preview')).findByText('New terms'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Legal document saved')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ contentHtml: '<p>New terms</p>' });
    expect(patch?.headers['if-match']).toBe(draft.updatedAt);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms v3' })).toBeInTheDocument();
  });

  it("the live version stays live: the API's 409 live_version message is shown", async () => {
    const user = userEvent.setup();
    const message =
      'This version is live: it stays live until another version is published or activated. Save the changes as a new version.';
    const { requests } = renderAt('/legal/d2', {
      [`PATCH ${API}/d2`]: reply(409, { error: message, code: 'live_version' }),
    });
    const active = await screen.findByRole('switch', { name: 'Active' }, FIRST);
    await waitFor(() => expect(active).toBeChecked());
    await user.click(active);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Terms v2' })).toBeInTheDocument();
  });

  it("shows a version's history, asked for by its id", async () => {
    const { requests } = renderAt('/legal/d2/show', oneUpdateOf('legal', 'd2'));
    await expectHistoryOf(requests, 'legal', 'd2');
  });
});
