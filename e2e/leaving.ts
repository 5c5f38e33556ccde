import { expect, type Page } from '@playwright/test';
import { menu } from './support';

/** react-admin's question before unsaved edits are left behind (ra.message.unsaved_changes). */
export const UNSAVED_QUESTION =
  "Some of your changes weren't saved. Are you sure you want to ignore them?";

/**
 * Clicks the main menu's `link` with unsaved edits on screen: the console must ask first. The
 * admin answers Cancel (`stay`), and the page stays, or OK, and the page is left.
 */
export async function leaveWithUnsavedEdits(page: Page, link: string, answer: 'stay' | 'leave') {
  const from = page.url();
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const question = dialog.message();
    if (answer === 'stay') await dialog.dismiss();
    else await dialog.accept();
    return question;
  });
  await menu(page).getByRole('link', { name: link, exact: true }).click();
  expect(await asked).toBe(UNSAVED_QUESTION);
  if (answer === 'stay') await expect(page).toHaveURL(from);
  else await expect(page).not.toHaveURL(from);
}
