import { exclusively, PUSH, pushSection, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

/** What the push provider's stand-in (e2e/push-stub.mjs) received. */
interface StubRequest {
  headers: Record<string, string>;
  body: { headings?: Record<string, string> } & Record<string, unknown>;
}
const STUB = `http://127.0.0.1:${process.env.E2E_PUSH_STUB_PORT}/__requests`;

test('send a push notification to external ids through the provider', async ({ page, request }) => {
  const title = `E2E push ${Date.now()}`;
  await exclusively(async () => {
    await signInQuickly(page, '/settings/integrations');
    const push = pushSection(page);
    await push.getByRole('radio', { name: 'Yes' }).check();
    await push.getByRole('textbox', { name: 'App ID' }).fill(PUSH.appId);
    await push.getByRole('textbox', { name: 'REST API Key' }).fill(PUSH.key);
    // set, they would go out with every send (integrations.spec.ts leaves a thread id)
    await push.getByRole('textbox', { name: 'Android Channel ID' }).fill('');
    await push.getByRole('textbox', { name: 'iOS Thread ID' }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Integrations saved')).toBeVisible();

    await page.goto('/settings/notifications');
    await expect(page.getByText('Push notifications are enabled')).toBeVisible();
    await expect(page.getByText(`App ID: ${PUSH.appId}`)).toBeVisible();

    const form = page.getByRole('form', { name: 'Send a notification' });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();

    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Message' }).fill('Your reward is waiting');
    await form.getByRole('textbox', { name: 'Custom data (JSON)' }).fill('{"screen": "rewards"}');
    await form.getByRole('combobox', { name: 'Target' }).selectOption('External IDs');
    await form.getByRole('textbox', { name: 'External IDs' }).fill('e2e-user-1, e2e-user-2');
    // Nothing goes out before the admin says yes to the audience and locale named.
    const question = page.getByRole('dialog', {
      name: `Send "${title}" to 2 external ids in en?`,
    });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    const sentTo = async () =>
      ((await (await request.get(STUB)).json()) as StubRequest[]).filter(
        (r) => r.body.headings?.en === title,
      );
    expect(await sentTo()).toEqual([]);
    await form.getByRole('button', { name: 'Send notification' }).click();
    await question.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Notification sent!')).toBeVisible();

    const sent = await sentTo();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe(`Key ${PUSH.key}`);
    expect(sent[0]?.body).toEqual({
      app_id: PUSH.appId,
      target_channel: 'push',
      headings: { en: title },
      contents: { en: 'Your reward is waiting' },
      data: { screen: 'rewards' },
      include_aliases: { external_id: ['e2e-user-1', 'e2e-user-2'] },
    });

    const audit = await withDatabase((db) =>
      db
        .selectFrom('audit_log')
        .select(['actor', 'after'])
        .where('action', '=', 'notification.send')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(audit).toMatchObject({
      actor: 'admin',
      after: { target: { externalIds: 2 }, headings: { en: title }, ok: true },
    });
  });
});
