import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWithdrawal, type WithdrawalRow } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let headers: ReturnType<typeof bearer>;
let special: WithdrawalRow;

const HEADER =
  'id,userId,username,email,typeId,pointsSpent,usdValue,rateUsdPerPoint,fixedUsdAmount,' +
  'destination,status,adminNote,createdAt,decidedAt,decidedBy';
const BULK_ROWS = 1200;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  headers = bearer(await t.login(admin.username, admin.password));
  const player = await t.user({ username: '=HYPERLINK("x")', email: '+sum@example.com' });
  special = await insertWithdrawal(t.db, {
    userId: player.user_id,
    typeId: '@type',
    pointsSpent: 1234,
    usdValue: '15.4',
    rateUsdPerPoint: '0.0125',
    destination: 'line one, "two"\nthree',
    createdAt: new Date('2020-01-01T00:00:00Z'),
  });
  // Many rows share a created_at (now() is fixed per statement) and a pointsSpent, so the
  // keyset cursor crosses batch boundaries inside runs of equal sort keys.
  await sql`
    INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                             destination, status, created_at)
    SELECT ${player.user_id}, 'bulk_5', g % 7 + 1, 5, 0.001, 'bulk-' || g,
           CASE WHEN g % 4 = 0 THEN 'approved' ELSE 'pending' END,
           now() - (g % 3) * interval '1 second'
    FROM generate_series(1, ${BULK_ROWS}) AS g`.execute(t.db);
});
afterAll(() => t.close());

/** RFC 4180 records: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const field = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/gy;
  let record: string[] = [];
  while (field.lastIndex < text.length) {
    const match = field.exec(text);
    if (!match) throw new Error(`bad CSV at ${field.lastIndex}`);
    const [, raw = '', end] = match;
    record.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
    if (end !== ',') {
      records.push(record);
      record = [];
    }
  }
  return records;
}

async function exportCsv(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawals/export.csv${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function idsInOrder(orderBy: ReturnType<typeof sql>, status?: string) {
  const rows = await sql<{ id: number }>`
    SELECT id FROM withdrawals
    WHERE ${status === undefined ? sql`true` : sql`status = ${status}`}
    ORDER BY ${orderBy}`.execute(t.db);
  return rows.rows.map((row) => String(row.id));
}

describe('GET /api/admin/withdrawals/export.csv', () => {
  it('answers a CSV attachment with the header line first', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="withdrawals.csv"');
    expect(res.body.split('\r\n')[0]).toBe(HEADER);
  });

  it('streams every row, past several batches, in the list order', async () => {
    const [header, ...records] = parseCsv((await exportCsv()).body);
    expect(header?.join(',')).toBe(HEADER);
    expect(records).toHaveLength(BULK_ROWS + 1);
    expect(records.map((r) => r[0])).toEqual(await idsInOrder(sql`created_at DESC, id DESC`));
  });

  it('exports only the filtered rows, in the asked order', async () => {
    const approved = parseCsv((await exportCsv('?status=approved&sort=pointsSpent:asc')).body);
    expect(approved.slice(1).map((r) => r[0])).toEqual(
      await idsInOrder(sql`points_spent ASC, id ASC`, 'approved'),
    );
    expect(approved).toHaveLength(BULK_ROWS / 4 + 1);
    expect(approved.slice(1).every((r) => r[10] === 'approved')).toBe(true);

    const searched = parseCsv((await exportCsv('?q=BULK-11')).body).slice(1);
    // bulk-11 and bulk-110..119 and bulk-1100..1199
    expect(searched).toHaveLength(1 + 10 + 100);
  });

  it('sorts by waiting: desc is the oldest first, asc the newest, across batches', async () => {
    for (const [direction, order] of [
      ['desc', sql`created_at ASC, id ASC`],
      ['asc', sql`created_at DESC, id DESC`],
    ] as const) {
      const records = parseCsv((await exportCsv(`?sort=waiting:${direction}`)).body).slice(1);
      expect(records.map((r) => r[0])).toEqual(await idsInOrder(order));
    }
  });

  it('quotes what needs quoting, defuses formulas and writes USD with 2 decimals', async () => {
    const records = parseCsv((await exportCsv('?q=@type')).body);
    expect(records).toHaveLength(2);
    expect(records[1]).toEqual([
      String(special.id),
      special.user_id,
      `'=HYPERLINK("x")`,
      `'+sum@example.com`,
      `'@type`,
      '1234',
      '15.40',
      '0.0125',
      '',
      'line one, "two"\nthree',
      'pending',
      '',
      '2020-01-01T00:00:00.000Z',
      '',
      '',
    ]);
    const raw = (await exportCsv('?q=@type')).body;
    expect(raw).toContain(`,"'=HYPERLINK(""x"")",'+sum@example.com,'@type,1234,15.40,`);
  });

  it('refuses a sort off the allow-list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/withdrawals/export.csv?sort=id:asc',
      headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
