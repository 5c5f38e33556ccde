import { sql } from 'kysely';
import type { Signal } from '../../../../contract/withdrawal-signals';
import type { Database } from '../../../db/connect';
import { withdrawalNotFound } from '../queries';
import { presentSignals, type SignalRow } from './present';

/** A withdrawal's risk signals now; 404 as the withdrawal itself for an id that names none. */
export async function signalsOf(db: Database, id: number | null): Promise<Signal[]> {
  if (id === null) throw withdrawalNotFound();
  const found = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw withdrawalNotFound();
  const { rows } = await sql<SignalRow>`
    SELECT code, level, facts FROM withdrawal_signals(${id})`.execute(db);
  return presentSignals(rows);
}
