import { signInQuickly } from './support';
import { expect, test } from './test';

test('the bots list loads nothing from another server: the demo avatars ship with the bots', async ({
  page,
  baseURL,
}) => {
  const outside: string[] = [];
  const own = new URL(baseURL ?? '').origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== own) outside.push(url);
  });
  await signInQuickly(page, '/bots');
  const avatars = page.getByRole('img', { name: /^Avatar of / });
  await expect(avatars.first()).toBeVisible();
  // every drawn avatar loaded (a broken one would fall back to the placeholder)
  for (const avatar of await avatars.all()) {
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  }
  expect(outside).toEqual([]);
});
