import type { Page } from '@playwright/test';
import type { PublicLegalDocument } from '../contract/legal';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// One test: which version is live is state of the whole document type.

/** What the player app reads: GET /api/legal/privacy, no sign-in; null while none is live. */
const livePrivacy = async (page: Page): Promise<PublicLegalDocument | null> => {
  const res = await page.request.get('/api/legal/privacy');
  if (res.status() === 404) return null;
  expect(res.status()).toBe(200);
  return res.json();
};

/** '+ New version' with this plain text, and this text typed as the HTML. */
async function writeNewVersion(page: Page, text: string, html: string) {
  await page.getByRole('button', { name: '+ New version' }).click();
  await expect(page.getByRole('heading', { name: 'New version', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Plain text' }).fill(text);
  const editor = page.getByRole('textbox', { name: 'HTML', exact: true });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  // Whatever the version it started from held goes: one paragraph of new text.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(html);
  await expect(page.getByTestId('legal-preview')).toContainText(html);
}

const versionHeading = (page: Page, version: number) =>
  page.getByRole('heading', { name: `v${version}`, exact: true });

/** A button that makes a version live, then the confirmation's own button. */
async function confirmed(page: Page, button: string, confirm: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('goes live at once for every player');
  await dialog.getByRole('button', { name: confirm }).click();
}

test('draft, publish, then activate an older version: the public answer follows', async ({
  page,
}) => {
  test.slow(); // four versions written, three of them made live in turn
  const tag = `e2e-${Date.now()}`;
  await signInQuickly(page, '/settings/legal');
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(
    page.getByRole('list', { name: 'Versions' }).or(page.getByText('No versions yet')),
  ).toBeVisible();

  // Published at once: the player app reads it.
  await writeNewVersion(page, `Privacy A ${tag}`, `Policy A ${tag}`);
  await confirmed(page, 'Publish now', 'Publish');
  await expect(page.getByRole('button', { name: 'Edit as draft' })).toBeVisible();
  await expect.poll(async () => (await livePrivacy(page))?.contentText).toBe(`Privacy A ${tag}`);
  const a = (await livePrivacy(page)) as PublicLegalDocument;
  expect(a.contentHtml).toContain(`>Policy A ${tag}</`);
  await expect(versionHeading(page, a.version)).toBeVisible();

  // A draft of the live version is a new version: A stays live as it was.
  await page.getByRole('button', { name: 'Edit as draft' }).click();
  await expect(page.getByText('This version is live and stays live.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Plain text' }).fill(`Privacy A, reworded ${tag}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft created')).toBeVisible();
  await expect(versionHeading(page, a.version + 1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate this version' })).toBeVisible();
  expect(await livePrivacy(page)).toEqual(a);

  // A draft written as HTML source: shown for viewing, not served.
  await page.getByRole('button', { name: '+ New version' }).click();
  await page.getByRole('textbox', { name: 'Plain text' }).fill(`Privacy B ${tag}`);
  await expect(page.getByText(/^Players see the HTML/)).toBeVisible();
  const source = page.getByRole('button', { name: 'Source' });
  await source.click();
  await expect(source).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('textbox', { name: 'HTML source' })
    .fill(`<h2>Policy B ${tag}</h2><p>Body<script>alert(1)</script></p>`);
  await expect(
    page.getByTestId('legal-preview').getByRole('heading', { name: `Policy B ${tag}` }),
  ).toBeVisible();
  await source.click();
  await expect(
    page
      .getByRole('textbox', { name: 'HTML', exact: true })
      .getByRole('heading', { name: `Policy B ${tag}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(versionHeading(page, a.version + 2)).toBeVisible();
  expect(await livePrivacy(page)).toEqual(a);

  // The draft published from the editor replaces A.
  await page.getByRole('button', { name: 'Edit as draft' }).click();
  await expect(page.getByRole('heading', { name: `Editing v${a.version + 2}` })).toBeVisible();
  await confirmed(page, 'Publish now', 'Publish');
  await expect(page.getByRole('button', { name: 'Edit as draft' })).toBeVisible();
  await expect.poll(async () => (await livePrivacy(page))?.version).toBe(a.version + 2);
  const b = await livePrivacy(page);
  expect(b).toMatchObject({
    contentText: `Privacy B ${tag}`,
    contentHtml: expect.stringContaining(`<h2>Policy B ${tag}</h2>`),
  });
  expect(b?.contentHtml).not.toContain('script');

  // A goes live again as it was, with the date it was first published.
  const versions = page.getByRole('list', { name: 'Versions' });
  await versions.getByRole('button', { name: new RegExp(`^v${a.version}\\b`) }).click();
  await expect(versionHeading(page, a.version)).toBeVisible();
  await confirmed(page, 'Activate this version', 'Activate');
  await expect(page.getByRole('button', { name: 'Activate this version' })).toBeHidden();
  await expect.poll(async () => (await livePrivacy(page))?.version).toBe(a.version);
  expect(await livePrivacy(page)).toEqual(a);
  await expect(
    versions.getByRole('button', { name: new RegExp(`^v${a.version}\\b`) }),
  ).toContainText('Active');

  const active = await withDatabase((db) =>
    db
      .selectFrom('legal_documents')
      .select('version')
      .where('type', '=', 'privacy')
      .where('is_active', '=', true)
      .execute(),
  );
  expect(active).toEqual([{ version: a.version }]);
});

test('both areas emptied: the version saves, with its message, and nothing breaks', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInQuickly(page, '/settings/legal');
  await expect(
    page.getByRole('list', { name: 'Versions' }).or(page.getByText('No versions yet')),
  ).toBeVisible();
  await page.getByRole('button', { name: '+ New version' }).click();
  await page.getByRole('textbox', { name: 'Plain text' }).fill('Words');
  await page.getByRole('textbox', { name: 'Plain text' }).clear();
  const editor = page.getByRole('textbox', { name: 'HTML', exact: true });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await page.keyboard.type('Gone soon');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('legal-preview')).toHaveText(/No content/);
  await expect(
    page.getByText('Players get an empty document: both areas are empty.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft created')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit as draft' })).toBeVisible();
  await expect(page.getByTestId('legal-preview')).toHaveText(/No content/);
  expect(errors).toEqual([]);
});
