import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const HEADER =
  'userId,username,email,status,balance,xp,role,permissions,referredBy,referralCode,createdAt';

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      field += c;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else {
      // \r\n ends the record
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    }
  }
  return records;
}

async function exportCsv(query: string) {
  const res = await admin.get(`/api/admin/users/export.csv?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { res, header: header?.join(','), rows };
}

describe('GET /api/admin/users/export.csv', () => {
  it('answers every matching user as a CSV attachment', async () => {
    const tag = randomBytes(4).toString('hex');
    const boss = await t.user({ username: `boss_${tag}`, admin: true, referredBy: 'REF12345' });
    await t.db
      .updateTable('users')
      .set({ admin_permissions: ['withdrawals:approve', 'users:edit'] })
      .where('id', '=', boss.id)
      .execute();
    const pending = await t.user({ username: `pend_${tag}`, status: 'pending', balance: 7, xp: 3 });
    await t.user({ username: `other_${tag}`, status: 'disabled' });

    const { res, header, rows } = await exportCsv(`q=${tag}&sort=username:asc`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    expect(header).toBe(HEADER);
    expect(rows.map((r) => r[1])).toEqual([`boss_${tag}`, `other_${tag}`, `pend_${tag}`]);
    expect(rows[0]).toEqual([
      boss.user_id,
      `boss_${tag}`,
      boss.email,
      'active',
      '0',
      '0',
      'admin',
      'withdrawals:approve users:edit',
      'REF12345',
      boss.referral_code,
      boss.created_at.toISOString(),
    ]);
    expect(rows[2]).toEqual([
      pending.user_id,
      `pend_${tag}`,
      pending.email,
      'pending',
      '7',
      '3',
      'user',
      '',
      '',
      pending.referral_code,
      pending.created_at.toISOString(),
    ]);

    const filtered = await exportCsv(`q=${tag}&status=pending`);
    expect(filtered.rows.map((r) => r[0])).toEqual([pending.user_id]);
  });

  it('defuses spreadsheet formulas and quotes commas, quotes and line breaks', async () => {
    const tag = randomBytes(4).toString('hex');
    const names = [`=HYPERLINK("x")${tag}`, `@SUM${tag}`, `-2+3${tag}`, `Doe, "Jr" ${tag}`];
    for (const username of names)
      await t.user({ username, email: `${randomBytes(4).toString('hex')}@x.example` });
    const { res, rows } = await exportCsv(`q=${encodeURIComponent(tag)}&sort=createdAt:asc`);
    expect(rows.map((r) => r[1])).toEqual([
      `'=HYPERLINK("x")${tag}`,
      `'@SUM${tag}`,
      `'-2+3${tag}`,
      `Doe, "Jr" ${tag}`,
    ]);
    expect(res.body).toContain(`"Doe, ""Jr"" ${tag}"`);
  });

  it('streams far more rows than one batch, each exactly once, in the list order', async () => {
    const tag = randomBytes(4).toString('hex');
    // 2,500 users sharing three created_at instants a microsecond apart: ties and microseconds
    // across batch boundaries are where keyset paging goes wrong.
    await sql`
      INSERT INTO users (user_id, username, email, status, balance, referral_code, created_at)
      SELECT 'u_' || ${tag} || g, 'bulk' || g || '_' || ${tag}, 'bulk' || g || '_' || ${tag} || '@example.com',
             'active', g % 7, 'R' || ${tag} || g,
             '2026-03-01T10:00:00.000001Z'::timestamptz + make_interval(secs => (g % 3) / 1000000.0)
      FROM generate_series(1, 2500) AS g`.execute(t.db);

    for (const sort of ['createdAt:desc', 'balance:asc', 'username:desc']) {
      const { rows } = await exportCsv(`q=${tag}&sort=${sort}`);
      expect(rows).toHaveLength(2500);
      expect(new Set(rows.map((r) => r[0])).size).toBe(2500);

      const [field, direction] = sort.split(':') as [string, 'asc' | 'desc'];
      const firstPage = await admin.get(`/api/admin/users?q=${tag}&sort=${sort}&limit=100`);
      const lastPage = await admin.get(`/api/admin/users?q=${tag}&sort=${sort}&limit=100&page=25`);
      const ids = (res: typeof firstPage) =>
        res.json().items.map((u: { userId: string }) => u.userId);
      expect(
        rows.slice(0, 100).map((r) => r[0]),
        `${field} ${direction}`,
      ).toEqual(ids(firstPage));
      expect(rows.slice(2400).map((r) => r[0])).toEqual(ids(lastPage));
    }
  });

  it('answers only the header when nothing matches, and 400 for a bad sort', async () => {
    const { header, rows } = await exportCsv('q=nothing-matches-this-at-all');
    expect(header).toBe(HEADER);
    expect(rows).toEqual([]);
    const bad = await admin.get('/api/admin/users/export.csv?sort=password:asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_input' });
  });
});
