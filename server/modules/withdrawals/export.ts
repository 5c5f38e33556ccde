import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Withdrawal, WithdrawalsExportQuery } from '../../../contract/withdrawals';
import type { Database } from '../../db/connect';
import { afterCursor, cursorKey } from '../../db/keyset';
import { csvStream } from '../../http/csv';
import { presentWithdrawal, type WithdrawalRow } from './present';
import { inOrder, keyedSort, matching, SORT_KEYS, withDetails } from './queries';

type ExportRow = WithdrawalRow & { cursor: string };

const HEADER = [
  'id',
  'userId',
  'username',
  'email',
  'typeId',
  'pointsSpent',
  'usdValue',
  'rateUsdPerPoint',
  'fixedUsdAmount',
  'destination',
  'status',
  'adminNote',
  'createdAt',
  'decidedAt',
  'decidedBy',
];

const money = (usd: number | null) => (usd === null ? null : usd.toFixed(2));

const columns = (w: Withdrawal) => [
  w._id,
  w.userId,
  w.user?.username,
  w.user?.email,
  w.typeId,
  w.pointsSpent,
  money(w.usdValue),
  w.rateUsdPerPoint,
  money(w.fixedUsdAmount),
  w.destination,
  w.status,
  w.adminNote,
  w.createdAt,
  w.decidedAt,
  w.decidedBy,
];

/** GET /admin/withdrawals/export.csv: every matching row, fetched in keyset batches. */
export function exportWithdrawals(
  db: Database,
  { sort, ...filters }: z.output<typeof WithdrawalsExportQuery>,
): Readable {
  // `waiting` pages as createdAt the other way round: the cursor must compare the same way.
  const order = keyedSort(sort);
  const key = SORT_KEYS[order.field];
  return csvStream<ExportRow>(
    HEADER,
    (row) => columns(presentWithdrawal(row)),
    (last, limit) => {
      let query = matching(db, filters);
      if (last) {
        const cursor = { key: last.cursor, id: last.id };
        query = query.where(afterCursor(key, sql.ref('w.id'), order.direction, cursor));
      }
      return withDetails(inOrder(query, order))
        .select(cursorKey(key).as('cursor'))
        .limit(limit)
        .execute();
    },
  );
}
