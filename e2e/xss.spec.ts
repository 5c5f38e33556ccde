import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { LEGAL_LIST_LIMIT } from '../contract/legal';
import { XSS_PAYLOADS } from '../server/test/xss-corpus';
import { type OwnServer, ownServer } from './own-server';
import { expect, test } from './test';

// Stored XSS through legal documents, the one place admins save HTML that others render.
// Every payload calls alert(): a dialog in any page means something ran. On a server of its
// own: the raw payloads it stores must meet no other test's page (whose policy would report
// them even when nothing ran).

// Both write versions of one type, and the second reads its own back from the latest listed.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'xss-e2e-admin-password';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer('xss_e2e', { ADMIN_PASSWORD: PASSWORD });
});

test.afterAll(() => server?.close());

/** Dialogs a page opened, dismissed as they come so nothing hangs. */
function dialogsOf(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/**
 * What in `root` could run or reach out: elements that execute or embed, handler attributes,
 * and addresses with a scheme other than http(s), mailto or tel. Also fires every element's
 * mouse and focus handlers, so a handler that survived would open its dialog.
 */
const runnableIn = (page: Page, selector: string) =>
  page.locator(selector).evaluate((root) => {
    const found: string[] = [];
    const RUNNABLE =
      'script, iframe, frame, object, embed, svg, math, form, style, base, meta, link';
    for (const element of root.querySelectorAll(RUNNABLE)) found.push(`<${element.localName}>`);
    for (const element of root.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        if (name.startsWith('on')) found.push(`${element.localName} ${name}`);
        const scheme = /^([a-z][a-z\d+.-]*):/i.exec(value.replace(/[\s\p{Cc}]/gu, ''))?.[1];
        if (['href', 'src', 'action', 'formaction', 'background'].includes(name) && scheme) {
          if (!['http', 'https', 'mailto', 'tel'].includes(scheme.toLowerCase()))
            found.push(`${element.localName} ${name}=${value}`);
        }
      }
      for (const type of ['mouseover', 'mouseenter', 'focus', 'animationstart']) {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
    }
    return found;
  });

test('no payload survives the server’s sanitiser, even rendered without any CSP', async ({
  page,
}) => {
  test.slow(); // dozens of payloads, each saved and inspected
  const login = await page.request.post(`${server.base}/api/auth/login`, {
    data: { emailOrUsername: 'admin', password: PASSWORD },
  });
  const authorization = `Bearer ${(await login.json()).token}`;
  const stored: string[] = [];
  for (const payload of XSS_PAYLOADS) {
    const res = await page.request.post(`${server.base}/api/admin/legal`, {
      headers: { authorization },
      data: { type: 'terms', contentText: 'XSS corpus', contentHtml: payload },
    });
    expect(res.status(), payload).toBe(201);
    stored.push((await res.json()).doc.contentHtml);
  }

  // As a player app would show it: straight into a page, with no policy to stop a script.
  const bare = await page.context().newPage();
  const dialogs = dialogsOf(bare);
  await bare.setContent('<!doctype html><html><body><main></main></body></html>');
  await bare.evaluate((htmls) => {
    const main = document.querySelector('main') as HTMLElement;
    for (const html of htmls) {
      const holder = document.createElement('section');
      holder.innerHTML = html;
      main.append(holder);
    }
  }, stored);
  expect(await runnableIn(bare, 'main')).toEqual([]);
  await bare.waitForTimeout(500); // images that fail to load would fire onerror by now
  expect(dialogs).toEqual([]);
});

/** Payloads per stored version: each a separate document would take minutes to click through. */
const PER_VERSION = 3;

/**
 * The console without its Content-Security-Policy: CSP would stop an inline handler that reached
 * the page, and this test is about what the console itself lets through.
 */
const withoutCsp = (page: Page) =>
  page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const { 'content-security-policy': _csp, ...headers } = response.headers();
    return route.fulfill({ response, headers });
  });

test('the console’s preview and editor run nothing, even from HTML that skipped the server’s sanitiser', async ({
  browser,
}) => {
  test.slow(); // the corpus again, each batch opened in the console
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const dialogs = dialogsOf(page);
  await withoutCsp(page);
  await page.goto('/login');
  await page.getByLabel('Email or username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Hi, admin')).toBeVisible();

  const documents: string[] = [];
  for (let i = 0; i < XSS_PAYLOADS.length; i += PER_VERSION)
    documents.push(XSS_PAYLOADS.slice(i, i + PER_VERSION).join('\n'));

  // As if rows had been written by anything but this server: raw payloads, straight in.
  const inserted: number[] = [];
  try {
    for (let start = 0; start < documents.length; start += LEGAL_LIST_LIMIT) {
      const batch = documents.slice(start, start + LEGAL_LIST_LIMIT);
      const versions: { id: number; version: number }[] = [];
      for (const html of batch) {
        const {
          rows: [row],
        } = await sql<{ id: number; version: number }>`
          INSERT INTO legal_documents (type, version, content_text, content_html)
          SELECT 'terms', coalesce(max(version), 0) + 1, 'XSS corpus', ${html}
          FROM legal_documents WHERE type = 'terms'
          RETURNING id, version`.execute(server.db);
        if (row) versions.push(row);
      }
      inserted.push(...versions.map(({ id }) => id));

      await page.goto('/settings/legal');
      const list = page.getByRole('list', { name: 'Versions' });
      for (const [index, { version }] of versions.entries()) {
        await list.getByRole('button', { name: new RegExp(`^v${version}\\b`) }).click();
        await expect(page.getByRole('heading', { name: `v${version}`, exact: true })).toBeVisible();
        await expect(page.getByTestId('legal-preview')).toBeVisible();
        const html = batch[index];
        expect(await runnableIn(page, '[data-testid="legal-preview"]'), html).toEqual([]);
        // The rich-text editor shows the version too, read-only, under its tab.
        await page.getByRole('tab', { name: 'HTML' }).click();
        expect(await runnableIn(page, '.ProseMirror'), html).toEqual([]);
      }
    }
    await page.waitForTimeout(500); // images that fail to load would fire onerror by now
    expect(dialogs).toEqual([]);
  } finally {
    if (inserted.length > 0) {
      await server.db.deleteFrom('legal_documents').where('id', 'in', inserted).execute();
    }
    await context.close();
  }
});
