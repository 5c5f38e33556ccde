import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type FakeResponse,
  type FakeRoute,
  gated,
  networkError,
  reply,
} from '../../test/fakeFetch';
import { callsTo, legalApiFake, makeDoc, PUBLISHED, renderLegal, termsV2 } from './testing';

const versionList = () => screen.findByRole('list', { name: 'Versions' });
const versionButton = async (label: string) =>
  within(await versionList()).getByRole('button', { name: new RegExp(`^${label}\\b`) });
const preview = () => screen.getByTestId('legal-preview');
const button = (name: string) => screen.getByRole('button', { name });
const plainText = () => screen.getByRole('textbox', { name: 'Plain text' });
/** Viewing, the version shows once: its preview, or with a tab its plain text or HTML. */
const viewTab = (name: 'Preview' | 'Plain text' | 'HTML') =>
  userEvent.click(screen.getByRole('tab', { name }));
/** react-admin logs every failed call: silence it where the failure is the point. */
const quietFailures = () => vi.spyOn(console, 'error').mockImplementation(() => {});
const searchOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

/** Answers the confirmation that a button opened with its confirm button. */
const confirmWith = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));
/** 'Publish now', then 'Publish' in the confirmation. */
const publishNow = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(button('Publish now'));
  await confirmWith(user, 'Publish');
};
const htmlSource = () => screen.getByRole('textbox', { name: 'HTML source' });

/** Waits for the live terms version (v1) to be on show, as the page opens. */
const shownV1 = () =>
  screen.findByRole('heading', { name: 'v1' }).then(() => within(preview()).findByText(/v1/));

/** Opens the newest terms version (v2, a draft) from the list, once the page shows v1. */
const shownV2 = async () => {
  await shownV1();
  await userEvent.click(await versionButton('v2'));
  await screen.findByRole('heading', { name: 'v2' });
  return within(preview()).findByText(/v2/);
};

describe('Legal page', () => {
  it('lists the versions newest first and opens on the live one, not the newest draft', async () => {
    const { requests } = renderLegal(legalApiFake().routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Terms of Service' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const items = within(await versionList()).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual(['v2', 'v1Active']);
    await shownV1();
    expect(await versionButton('v1')).toHaveAttribute('aria-current', 'true');
    expect(within(preview()).getByText('Terms v1 in HTML')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate this version' })).not.toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/admin/legal/latest')).toEqual([]);

    // the newest, a draft, is one click away
    await shownV2();
    expect(await versionButton('v2')).toHaveAttribute('aria-current', 'true');
    expect(within(preview()).getByText('Terms v2 in HTML')).toBeInTheDocument();
    expect(screen.getByText('Not published', { selector: 'p' })).toBeInTheDocument();
    expect(button('Activate this version')).toBeEnabled();
    expect(button('Edit as draft')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    // once, not three times: the preview, the plain text and the HTML each under its tab
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('textbox', { name: 'Plain text' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'HTML' })).not.toBeInTheDocument();
    await viewTab('Plain text');
    expect(plainText()).toHaveValue('Terms v2');
    expect(screen.queryByTestId('legal-preview')).not.toBeInTheDocument();
    await viewTab('HTML');
    const html = await screen.findByRole('textbox', { name: 'HTML' });
    expect(html).toHaveTextContent('Terms v2 in HTML');
    expect(html).toHaveAttribute('contenteditable', 'false');

    const [list] = callsTo(requests, 'GET', '/api/admin/legal');
    expect(searchOf(list?.url ?? '')).toEqual({ type: 'terms', limit: '20' });
  });

  it('opens on the newest version when none is live', async () => {
    const { requests } = renderLegal(legalApiFake([termsV2]).routes);
    await screen.findByRole('heading', { name: 'v2' });
    const [latest] = callsTo(requests, 'GET', '/api/admin/legal/latest');
    expect(searchOf(latest?.url ?? '')).toEqual({ type: 'terms' });
  });

  it('shows the published date of a version as its tooltip', async () => {
    const user = userEvent.setup();
    renderLegal(legalApiFake().routes);
    await user.hover(await versionButton('v1'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Published /);
    expect(tooltip).toHaveTextContent(String(new Date(PUBLISHED).getFullYear()));
    await user.unhover(await versionButton('v1'));
    await user.hover(await versionButton('v2'));
    expect(await screen.findByRole('tooltip', { name: 'Not published' })).toBeInTheDocument();
  });

  it('views a chosen version: the active one offers no activation', async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(await versionButton('v1'));
    expect(await screen.findByRole('heading', { name: 'v1' })).toBeInTheDocument();
    expect(await within(preview()).findByText('Terms v1 in HTML')).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/admin/legal/t1').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Activate this version' })).not.toBeInTheDocument();
    expect(button('Edit as draft')).toBeEnabled();
  });

  it('switches to the Privacy Policy and its newest version', async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('Privacy Policy'));
    await waitFor(() => expect(within(preview()).getByText('Privacy v1 in HTML')).toBeVisible());
    expect(within(await versionList()).getAllByRole('button')).toHaveLength(1);
    const lists = callsTo(requests, 'GET', '/api/admin/legal').map((r) => searchOf(r.url).type);
    expect(lists).toEqual(['terms', 'privacy']);
  });

  it("activates the version on show, with If-Match, and says 'Activated this version'", async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('Activate this version'));
    // It goes live for every player: asked first, and nothing is sent until confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Activate v2?' });
    expect(dialog).toHaveTextContent(/goes live at once for every player/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'PATCH', '/api/admin/legal/t2/activate')).toHaveLength(0);
    await user.click(button('Activate this version'));
    await confirmWith(user, 'Activate');

    expect(await screen.findByText('Activated this version')).toBeInTheDocument();
    const [call] = callsTo(requests, 'PATCH', '/api/admin/legal/t2/activate');
    expect(call?.headers['if-match']).toBe(termsV2.updatedAt);
    await waitFor(async () =>
      expect(
        within(await versionList())
          .getAllByRole('button')
          .map((item) => item.textContent),
      ).toEqual(['v2Active', 'v1']),
    );
    expect(screen.queryByRole('button', { name: 'Activate this version' })).not.toBeInTheDocument();
  });

  it("creates a draft from '+ New version', then views the new version", async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('+ New version'));

    expect(screen.getByRole('heading', { name: 'New version' })).toBeInTheDocument();
    expect(button('Publish now')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit as draft' })).not.toBeInTheDocument();
    // The new version starts from the one on show; nothing else can be chosen meanwhile.
    expect(plainText()).toHaveValue('Terms v2');
    expect(button('+ New version')).toBeDisabled();
    expect(button('Privacy Policy')).toBeDisabled();

    await user.clear(plainText());
    await user.type(plainText(), 'Terms v3');
    await user.click(button('Save draft'));

    expect(await screen.findByText('Draft created: v3')).toBeInTheDocument();
    const [post] = callsTo(requests, 'POST', '/api/admin/legal');
    expect(post?.body).toEqual({
      type: 'terms',
      contentText: 'Terms v3',
      contentHtml: '<p>Terms v2 in HTML</p>',
      isActive: false,
    });
    expect(await screen.findByRole('heading', { name: 'v3' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(requests, 'GET', '/api/admin/legal/n1')).not.toHaveLength(0),
    );
    expect(await versionButton('v3')).toHaveAttribute('aria-current', 'true');
    expect(button('Activate this version')).toBeInTheDocument();
  });

  it("publishes a new version at once: 'Published', and it is the active one", async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('+ New version'));
    await user.click(button('Publish now'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this version now?' });
    expect(dialog).toHaveTextContent(/goes live at once for every player/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', '/api/admin/legal')).toHaveLength(0);
    await publishNow(user);

    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/admin/legal')[0]?.body).toMatchObject({
      isActive: true,
    });
    expect(await screen.findByRole('heading', { name: 'v3' })).toBeInTheDocument();
    await waitFor(async () => expect(await versionButton('v3')).toHaveTextContent('v3Active'));
    expect(await versionButton('v1')).toHaveTextContent(/^v1$/);
  });

  it("edits the version on show: 'Save draft' patches it, back to viewing", async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('Edit as draft'));
    expect(screen.getByRole('heading', { name: 'Editing v2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'HTML' })).toHaveAttribute(
        'contenteditable',
        'true',
      ),
    );

    await user.clear(plainText());
    await user.type(plainText(), 'Terms v2, amended');
    await user.click(button('Save draft'));

    expect(await screen.findByText('Draft saved: v2')).toBeInTheDocument();
    const [call] = callsTo(requests, 'PATCH', '/api/admin/legal/t2');
    expect(call?.body).toEqual({
      contentText: 'Terms v2, amended',
      contentHtml: '<p>Terms v2 in HTML</p>',
      isActive: false,
    });
    expect(call?.headers['if-match']).toBe(termsV2.updatedAt);
    expect(await screen.findByRole('heading', { name: 'v2' })).toBeInTheDocument();
    await waitFor(() => expect(button('Edit as draft')).toHaveFocus());
    await viewTab('Plain text');
    expect(plainText()).toHaveValue('Terms v2, amended');
  });

  it('saves a draft of the live version as a new version: the live one stays live', async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(await versionButton('v1'));
    await screen.findByRole('heading', { name: 'v1' });
    await user.click(button('Edit as draft'));
    expect(screen.getByText(/This version is live and stays live/)).toBeInTheDocument();
    await user.clear(plainText());
    await user.type(plainText(), 'Terms v1, reworded');
    await user.click(button('Save draft'));

    expect(await screen.findByText('Draft created: v3')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/admin/legal/t1')).toHaveLength(0);
    expect(callsTo(requests, 'POST', '/api/admin/legal')[0]?.body).toEqual({
      type: 'terms',
      contentText: 'Terms v1, reworded',
      contentHtml: '<p>Terms v1 in HTML</p>',
      isActive: false,
    });
    expect(await screen.findByRole('heading', { name: 'v3' })).toBeInTheDocument();
    await waitFor(async () =>
      expect(
        within(await versionList())
          .getAllByRole('button')
          .map((item) => item.textContent),
      ).toEqual(['v3', 'v2', 'v1Active']),
    );
  });

  it('Publish now on the live version keeps it live with the changes', async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(await versionButton('v1'));
    await screen.findByRole('heading', { name: 'v1' });
    await user.click(button('Edit as draft'));
    await publishNow(user);
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/admin/legal/t1')[0]?.body).toMatchObject({
      isActive: true,
    });
  });

  it('Cancel goes back to viewing without a call', async () => {
    const user = userEvent.setup();
    const { requests } = renderLegal(legalApiFake().routes);
    await shownV2();
    await user.click(button('Edit as draft'));
    // the keyboard goes on where the admin writes, and back where it was after
    expect(plainText()).toHaveFocus();
    await user.type(plainText(), ' more');
    await user.click(button('Cancel'));
    expect(await screen.findByRole('button', { name: 'Edit as draft' })).toHaveFocus();
    await viewTab('Plain text');
    expect(plainText()).toHaveValue('Terms v2');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  describe('failures', () => {
    const failing = async (route: string, answer: FakeRoute | FakeResponse) => {
      const user = userEvent.setup();
      renderLegal(legalApiFake(undefined, { [route]: answer }).routes);
      await shownV2();
      return user;
    };

    it("'Could not create draft' when the answer lacks ok; the typing stays", async () => {
      const user = await failing('POST /api/admin/legal', reply(200, {}));
      await user.click(button('+ New version'));
      await user.click(button('Save draft'));
      expect(await screen.findByText('Could not create draft')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'New version' })).toBeInTheDocument();
      expect(button('Save draft')).toBeEnabled();
    });

    it("'Error creating draft' when the call fails without a reason", async () => {
      quietFailures();
      const user = await failing('POST /api/admin/legal', reply(500));
      await user.click(button('+ New version'));
      await user.click(button('Save draft'));
      expect(await screen.findByText('Error creating draft')).toBeInTheDocument();
    });

    it("the server's error field, and a refused field's message under the field", async () => {
      quietFailures();
      const user = await failing(
        'POST /api/admin/legal',
        reply(400, {
          error: 'Invalid body: contentText',
          code: 'invalid_input',
          fields: { contentText: 'must be at most 200000 characters' },
        }),
      );
      await user.click(button('+ New version'));
      await publishNow(user);
      expect(await screen.findByText('Invalid body: contentText')).toBeInTheDocument();
      expect(await screen.findByText('must be at most 200000 characters')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(plainText()).toHaveAccessibleDescription('must be at most 200000 characters');
    });

    it("'Could not save draft' / the server's reason of a stale edit", async () => {
      quietFailures();
      const stale =
        'This legal document was changed by someone else. Reload to see the latest values.';
      const user = await failing(
        'PATCH /api/admin/legal/t2',
        reply(409, { error: stale, code: 'stale' }),
      );
      await user.click(button('Edit as draft'));
      await user.click(button('Save draft'));
      expect(await screen.findByText(stale)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Editing v2' })).toBeInTheDocument();
    });

    it("'Could not publish' and 'Error publishing'", async () => {
      quietFailures();
      const user = await failing('PATCH /api/admin/legal/t2', reply(200, { ok: false }));
      await user.click(button('Edit as draft'));
      await publishNow(user);
      expect(await screen.findByText('Could not publish')).toBeInTheDocument();
    });

    it("'Error publishing' when the call throws", async () => {
      quietFailures();
      const user = await failing('POST /api/admin/legal', reply(502, '<html>Bad gateway</html>'));
      await user.click(button('+ New version'));
      await publishNow(user);
      expect(await screen.findByText('Error publishing')).toBeInTheDocument();
    });

    it("'Error saving draft' when there is no connection", async () => {
      quietFailures();
      const user = userEvent.setup();
      renderLegal({ ...legalApiFake().routes, 'PATCH /api/admin/legal/t2': networkError });
      await shownV2();
      await user.click(button('Edit as draft'));
      await user.click(button('Save draft'));
      expect(await screen.findByText('Error saving draft')).toBeInTheDocument();
    });

    it("'Could not activate' and 'Error activating version'", async () => {
      quietFailures();
      const user = await failing('PATCH /api/admin/legal/t2/activate', reply(200, {}));
      await user.click(button('Activate this version'));
      await confirmWith(user, 'Activate');
      expect(await screen.findByText('Could not activate')).toBeInTheDocument();
    });

    it("'Error activating version' when the call throws", async () => {
      quietFailures();
      const user = userEvent.setup();
      renderLegal({ ...legalApiFake().routes, 'PATCH /api/admin/legal/t2/activate': networkError });
      await shownV2();
      await user.click(button('Activate this version'));
      await confirmWith(user, 'Activate');
      expect(await screen.findByText('Error activating version')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(button('Activate this version')).toBeEnabled();
    });
  });

  describe('live updates', () => {
    it("another admin's activation shows in the list and on the version on show", async () => {
      const fake = legalApiFake();
      const { liveStream } = renderLegal(fake.routes);
      await shownV2();
      expect(button('Activate this version')).toBeInTheDocument();
      await liveStream.connected();

      fake.db.docs = fake.db.docs.map((doc) =>
        doc.type === 'terms' ? { ...doc, isActive: doc._id === 't2', publishedAt: PUBLISHED } : doc,
      );
      liveStream.emit('resource', { topic: 'resource/legal', type: 'updated', ids: ['t1', 't2'] });

      await waitFor(async () =>
        expect(
          within(await versionList())
            .getAllByRole('button')
            .map((item) => item.textContent),
        ).toEqual(['v2Active', 'v1']),
      );
      await waitFor(() =>
        expect(
          screen.queryByRole('button', { name: 'Activate this version' }),
        ).not.toBeInTheDocument(),
      );
    });
  });

  describe('states', () => {
    it('loading, then the versions', async () => {
      const fake = legalApiFake();
      const list = gated(fake.routes['GET /api/admin/legal'] ?? reply(500));
      renderLegal({ ...fake.routes, 'GET /api/admin/legal': list.route });
      expect(await screen.findByText('Loading versions…')).toBeInTheDocument();
      list.open();
      expect(await versionList()).toBeInTheDocument();
      expect(screen.queryByText('Loading versions…')).not.toBeInTheDocument();
    });

    it("'No versions yet' for a type without any", async () => {
      renderLegal(legalApiFake([]).routes);
      expect(await screen.findByText('No versions yet')).toBeInTheDocument();
      expect(button('+ New version')).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Edit as draft' })).not.toBeInTheDocument();
    });

    it('a failed load with Retry', async () => {
      quietFailures();
      let fail = true;
      const fake = legalApiFake();
      const list = fake.routes['GET /api/admin/legal'];
      renderLegal({
        ...fake.routes,
        'GET /api/admin/legal': (request) =>
          fail || typeof list !== 'function'
            ? reply(500, { error: 'Database unavailable', code: 'internal' })
            : list(request),
      });
      expect(
        await screen.findByText('Error loading versions', {}, { timeout: 6000 }),
      ).toBeVisible();
      expect(screen.getByText('Database unavailable')).toBeInTheDocument();
      fail = false;
      const alert = screen.getByText('Error loading versions').closest('[role="alert"]');
      await userEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Retry' }));
      expect(await versionList()).toBeInTheDocument();
    });
  });

  describe('HTML source', () => {
    it("'Source' shows the HTML as markup to edit or paste; back to rich text, sanitised", async () => {
      const user = userEvent.setup();
      const { requests } = renderLegal(legalApiFake().routes);
      await shownV2();
      await user.click(button('Edit as draft'));
      const source = screen.getByRole('button', { name: 'Source' });
      expect(source).toHaveAttribute('aria-pressed', 'false');
      await user.click(source);
      expect(source).toHaveAttribute('aria-pressed', 'true');
      expect(screen.queryByRole('textbox', { name: 'HTML' })).not.toBeInTheDocument();
      expect(htmlSource()).toHaveValue('<p>Terms v2 in HTML</p>');

      await user.clear(htmlSource());
      await user.click(htmlSource());
      await user.paste('<h2>Pasted title</h2><p onclick="steal()">Body<script>x()</script></p>');
      expect(
        await within(preview()).findByRole('heading', { name: 'Pasted title' }),
      ).toBeInTheDocument();

      await user.click(source);
      const rich = await screen.findByRole('textbox', { name: 'HTML' });
      expect(within(rich).getByRole('heading', { name: 'Pasted title' })).toBeInTheDocument();
      await user.click(source);
      expect(htmlSource()).toHaveValue('<h2>Pasted title</h2><p>Body</p>');

      await user.click(button('Save draft'));
      expect(await screen.findByText('Draft saved: v2')).toBeInTheDocument();
      expect(callsTo(requests, 'PATCH', '/api/admin/legal/t2')[0]?.body).toMatchObject({
        contentHtml: '<h2>Pasted title</h2><p>Body</p>',
      });
    });

    it('says which area the preview and the players get, and saves both areas emptied', async () => {
      const user = userEvent.setup();
      const { requests } = renderLegal(legalApiFake().routes);
      await shownV2();
      await user.click(button('+ New version'));
      const note = () => screen.getByText(/^Players (see|get)/);
      expect(note()).toHaveTextContent(
        'Players see the HTML, as the preview shows. The plain text is shown only when the HTML is empty.',
      );
      await user.click(button('Source'));
      await user.clear(htmlSource());
      await waitFor(() =>
        expect(note()).toHaveTextContent(
          'Players see the plain text, as the preview shows: the HTML is empty.',
        ),
      );
      await user.clear(plainText());
      await waitFor(() =>
        expect(note()).toHaveTextContent('Players get an empty document: both areas are empty.'),
      );

      await user.click(button('Save draft'));
      // saved, and said to be empty
      expect(
        await screen.findByText(
          'Draft created: v3. It is empty: both areas are empty, so players would get an empty document if it went live.',
        ),
      ).toBeInTheDocument();
      expect(callsTo(requests, 'POST', '/api/admin/legal')[0]?.body).toEqual({
        type: 'terms',
        contentText: '',
        contentHtml: '',
        isActive: false,
      });
    });

    it('warns before publishing an empty document', async () => {
      const user = userEvent.setup();
      renderLegal(legalApiFake().routes);
      await shownV2();
      await user.click(button('+ New version'));
      await user.click(button('Source'));
      await user.clear(htmlSource());
      await user.clear(plainText());
      await user.click(button('Publish now'));
      expect(await screen.findByRole('dialog')).toHaveTextContent(
        /Both areas are empty: players will get an empty document\./,
      );
    });
  });

  describe('preview', () => {
    it('shows sanitised HTML: an onerror handler never reaches the page', async () => {
      const hostile = makeDoc({
        _id: 't9',
        version: 9,
        contentHtml: '<p>Hi</p><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">x</a>',
      });
      renderLegal(legalApiFake([hostile]).routes);
      const shown = await within(await screen.findByTestId('legal-preview')).findByText('Hi');
      const box = shown.closest('[data-testid="legal-preview"]') as HTMLElement;
      const image = box.querySelector('img');
      expect(image).not.toBeNull();
      expect(image).not.toHaveAttribute('onerror');
      expect(box.querySelector('a')).not.toHaveAttribute('href');
      expect(box.innerHTML).not.toMatch(/onerror|javascript:/);
    });

    it("shows the plain text without HTML, and 'No content' without either, live while typing", async () => {
      const user = userEvent.setup();
      const textOnly = makeDoc({
        _id: 't1',
        version: 1,
        contentHtml: '',
        contentText: 'Only text',
      });
      const empty = makeDoc({ _id: 't2', version: 2, contentHtml: '', contentText: '' });
      renderLegal(legalApiFake([textOnly, empty]).routes);
      expect(
        await within(await screen.findByTestId('legal-preview')).findByText('No content'),
      ).toBeInTheDocument();
      await user.click(await versionButton('v1'));
      expect(await within(preview()).findByText('Only text')).toBeInTheDocument();

      await user.click(button('Edit as draft'));
      await user.clear(plainText());
      expect(await within(preview()).findByText('No content')).toBeInTheDocument();
      await user.type(plainText(), 'Typed line');
      expect(await within(preview()).findByText('Typed line')).toBeInTheDocument();
    });
  });
});
