import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';

// One record's history, as its Show page's timeline reads it: the audit list filtered to the
// record answers before and after, and the read permission of the record's area is enough.

let t: TestContext;
let auditor: SignedIn;

const HISTORY = [
  { entity: 'bot', entityId: 'b1', action: 'bot.create', before: null, after: { skill: 50 } },
  {
    entity: 'bot',
    entityId: 'b1',
    action: 'bot.update',
    before: { skill: 50 },
    after: { skill: 70 },
  },
  {
    entity: 'bot',
    entityId: 'b2',
    action: 'bot.update',
    before: { skill: 1 },
    after: { skill: 2 },
  },
  {
    entity: 'category',
    entityId: '3',
    action: 'category.update',
    before: { name: 'A' },
    after: { name: 'B' },
  },
  {
    entity: 'withdrawal_type',
    entityId: '4',
    action: 'withdrawal_type.toggle',
    before: { isActive: true },
    after: { isActive: false },
  },
  {
    entity: 'withdrawal',
    entityId: '9',
    action: 'withdrawal.approve',
    before: { status: 'pending' },
    after: { status: 'approved' },
  },
  { entity: 'user', entityId: 'USR-1', action: 'user.update', before: { xp: 1 }, after: { xp: 2 } },
  { entity: 'user', entityId: 'USR-1', action: 'auth.login', before: null, after: { via: 'form' } },
  {
    entity: 'user',
    entityId: 'USR-1',
    action: 'auth.login_failed',
    before: null,
    after: { reason: 'password' },
  },
  {
    entity: 'legal',
    entityId: '5',
    action: 'legal.update',
    before: { contentText: 'a' },
    after: { contentText: 'b' },
  },
];

beforeAll(async () => {
  t = await createTestContext();
  auditor = await signedIn(t, { permissions: ['audit:read'] });
  let minute = 0;
  for (const row of HISTORY) {
    minute += 1;
    await t.db
      .insertInto('audit_log')
      .values({
        at: `2025-04-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
        actor_id: auditor.user.id,
        actor: 'alice',
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        before: row.before === null ? undefined : JSON.stringify(row.before),
        after: JSON.stringify(row.after),
        ip: '203.0.113.9',
      })
      .execute();
  }
});
afterAll(() => t.close());

const historyUrl = (entity: string, entityId: string) =>
  `/api/admin/audit?entity=${encodeURIComponent(entity)}&entityId=${encodeURIComponent(entityId)}`;

const missingAuditRead = {
  error: 'Missing permission: audit:read',
  code: 'forbidden',
  permission: 'audit:read',
};

describe('one record’s history (GET /api/admin/audit?entity=…&entityId=…)', () => {
  it('answers the record’s rows newest first, each with its before and after', async () => {
    const res = await auditor.get(historyUrl('bot', 'b1'));
    expect(res.statusCode, res.body).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(2);
    expect(items.map((row: { action: string }) => row.action)).toEqual([
      'bot.update',
      'bot.create',
    ]);
    expect(items[0]).toMatchObject({
      actor: 'alice',
      entity: 'bot',
      entityId: 'b1',
      before: { skill: 50 },
      after: { skill: 70 },
    });
    expect(items[1]).toMatchObject({ before: null, after: { skill: 50 } });
  });

  it('keeps the log’s own rows short: no before or after without one record named', async () => {
    for (const url of [
      '/api/admin/audit',
      '/api/admin/audit?entity=bot',
      '/api/admin/audit?entityId=b1',
    ]) {
      const res = await auditor.get(url);
      expect(res.statusCode, url).toBe(200);
      for (const row of res.json().items) {
        expect(row, url).not.toHaveProperty('before');
        expect(row, url).not.toHaveProperty('after');
      }
    }
  });

  it.each([
    ['bots:read', 'bot', 'b1'],
    ['games:read', 'category', '3'],
    ['settings:read', 'withdrawal_type', '4'],
    ['withdrawals:read', 'withdrawal', '9'],
    ['users:read', 'user', 'USR-1'],
    ['legal:read', 'legal', '5'],
    ['games:write', 'category', '3'],
  ])('lets %s read the history of a %s', async (permission, entity, entityId) => {
    const reader = await signedIn(t, { permissions: [permission] });
    const res = await reader.get(historyUrl(entity, entityId));
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items.length).toBeGreaterThan(0);
    for (const row of items)
      expect(row).toMatchObject({ entity, entityId, after: expect.anything() });
  });

  it('leaves sign-ins and addresses to audit:read: a users reader sees the changes only', async () => {
    const reader = await signedIn(t, { permissions: ['users:read'] });
    const res = await reader.get(historyUrl('user', 'USR-1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().items).toEqual([
      expect.objectContaining({ action: 'user.update', ip: null, after: { xp: 2 } }),
    ]);
    // A page past the last counts apart: the same total, sign-ins still left out.
    const past = await reader.get(`${historyUrl('user', 'USR-1')}&page=2&limit=1`);
    expect(past.json()).toMatchObject({ items: [], total: 1 });

    const full = (await auditor.get(historyUrl('user', 'USR-1'))).json();
    expect(full.total).toBe(3);
    expect(full.items.map((row: { action: string }) => row.action)).toEqual([
      'auth.login_failed',
      'auth.login',
      'user.update',
    ]);
    for (const row of full.items) expect(row.ip).toBe('203.0.113.9');
  });

  it('keeps a users reader’s history their own once both histories run from kept plans', async () => {
    // PostgreSQL plans a kept statement for its values five times, then may run one plan for
    // all: interleaved past that, at once, on the pool's few connections, neither answer may
    // take the other's rows.
    const reader = await signedIn(t, { permissions: ['users:read'] });
    const rounds = Array.from({ length: 8 }, () =>
      Promise.all([
        reader.get(historyUrl('user', 'USR-1')),
        auditor.get(historyUrl('user', 'USR-1')),
      ]),
    );
    for (const [own, full] of await Promise.all(rounds)) {
      expect(own.json()).toMatchObject({ total: 1, items: [{ action: 'user.update', ip: null }] });
      expect(full.json().total).toBe(3);
    }
  });

  it('refuses the reader of one area the rest of the log', async () => {
    const reader = await signedIn(t, { permissions: ['bots:read'] });
    const refused = [
      '/api/admin/audit',
      '/api/admin/audit?entity=bot',
      '/api/admin/audit?entityId=b1',
      `${historyUrl('bot', '')}`,
      `${historyUrl('bot', '   ')}`,
      historyUrl('user', 'USR-1'),
      historyUrl('withdrawal', '9'),
      historyUrl('settings', 'payouts'),
      historyUrl('nothing', 'b1'),
      `${historyUrl('bot', 'b1')}&entity=user`,
      '/api/admin/audit/facets',
    ];
    for (const url of refused) {
      const res = await reader.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(missingAuditRead);
    }
  });

  it('names the alternative in the API description', async () => {
    const doc = (await auditor.get('/api/openapi.json')).json();
    const operation = doc.paths['/admin/audit'].get;
    expect(operation['x-permission']).toBe('audit:read');
    expect(operation.summary).toMatch(/read permission of the record's area/);
  });
});
