import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRow } from '../../test/bots';
import { type SignedIn, signedIn } from '../../test/client';
import { auditsOfKind } from '../../test/crud';
import { type BotRow, insertBot } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const bulk = (payload: object) => admin.patch('/api/admin/bots/bulk', payload);
const bulkAudits = async () =>
  (await auditsOfKind(t, 'bot')).filter((row) => row.action === 'bot.bulk_active');
const activeOf = async (bots: BotRow[]) =>
  Promise.all(bots.map(async (bot) => (await botRow(t, bot.bot_id))?.active));

describe('PATCH /api/admin/bots/bulk', () => {
  it('sets active on the listed bots at once, reporting changes and unknown ids', async () => {
    const bots = [
      await insertBot(t.db, { active: true, createdAt: new Date(0) }),
      await insertBot(t.db, { active: false, createdAt: new Date(0) }),
      await insertBot(t.db, { active: false, createdAt: new Date(0) }),
    ];
    const untouched = await insertBot(t.db, { active: false });
    const [on, off1, off2] = bots as [BotRow, BotRow, BotRow];

    const res = await bulk({
      ids: [off2.bot_id, on.bot_id, 'bot_nope', off1.bot_id, off2.bot_id, 'new'],
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, updated: 2, notFound: ['bot_nope', 'new'] });
    expect(await activeOf(bots)).toEqual([true, true, true]);
    expect((await botRow(t, untouched.bot_id))?.active).toBe(false);

    // Only the bots whose flag changed were written.
    expect((await botRow(t, on.bot_id))?.updated_at).toEqual(on.updated_at);
    expect((await botRow(t, off1.bot_id))?.updated_at.getTime()).toBeGreaterThan(0);

    const audits = await bulkAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      entity: 'bot',
      entity_id: null,
      actor: admin.user.username,
      actor_id: admin.user.id,
      after: { ids: [off1.bot_id, off2.bot_id], active: true },
    });
    // One row for the whole action, none per bot.
    expect(await auditsOfKind(t, 'bot')).toHaveLength(1);
  });

  it('turns bots off too, and changes nothing (no audit) when all already are', async () => {
    const bots = [await insertBot(t.db), await insertBot(t.db)];
    const ids = bots.map((bot) => bot.bot_id);
    const before = (await bulkAudits()).length;

    const off = await bulk({ ids, active: false });
    expect(off.json()).toEqual({ ok: true, updated: 2, notFound: [] });
    expect(await activeOf(bots)).toEqual([false, false]);
    expect(await bulkAudits()).toHaveLength(before + 1);
    expect((await bulkAudits()).at(-1)?.after).toEqual({ ids, active: false });

    const again = await bulk({ ids, active: false });
    expect(again.json()).toEqual({ ok: true, updated: 0, notFound: [] });
    expect(await bulkAudits()).toHaveLength(before + 1);

    const none = await bulk({ ids: ['bot_ghost'], active: true });
    expect(none.json()).toEqual({ ok: true, updated: 0, notFound: ['bot_ghost'] });
    expect(await bulkAudits()).toHaveLength(before + 1);
  });

  it('needs at least one id and a boolean active: 400, nothing changed', async () => {
    const bot = await insertBot(t.db, { active: false });
    const before = (await auditsOfKind(t, 'bot')).length;
    const empty = await bulk({ ids: [], active: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'invalid_input',
      fields: { ids: 'Select at least one row.' },
    });
    for (const [body, field] of [
      [{ ids: [bot.bot_id] }, 'active'],
      [{ ids: [bot.bot_id], active: 'true' }, 'active'],
      [{ active: true }, 'ids'],
      [{ ids: bot.bot_id, active: true }, 'ids'],
      [{ ids: [bot.bot_id], active: true, force: true }, 'force'],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect((await botRow(t, bot.bot_id))?.active).toBe(false);
    expect(await auditsOfKind(t, 'bot')).toHaveLength(before);
  });
});
