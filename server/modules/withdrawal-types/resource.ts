import { sql } from 'kysely';
import { typeInUse } from '../../../contract/withdrawal-type-usage';
import {
  WITHDRAWAL_TYPE_SORT_FIELDS,
  WithdrawalType,
  WithdrawalTypeCreate,
  WithdrawalTypeReplace,
  WithdrawalTypesQuery,
} from '../../../contract/withdrawal-types';
import { plainResource } from '../../crud/plain';
import type { Database } from '../../db/connect';
import { conflict } from '../../http/errors';

/** A type withdrawals name cannot be deleted: they would name nothing. Disabling it keeps them. */
async function refuseIfUsed(trx: Database, type: WithdrawalType) {
  const { count } = await trx
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type_id', '=', type.key)
    .executeTakeFirstOrThrow();
  if (count > 0) throw conflict(typeInUse(count), 'in_use');
  return { before: type, reply: {} };
}

/**
 * A withdrawal names its type by key (withdrawals.type_id, plain text) and keeps its own copy of
 * the rate and fixed amount it was made with, so re-keying a type never changes a withdrawal
 * already made; a type in use cannot be deleted.
 */
export const withdrawalTypes = plainResource(
  'withdrawal-types',
  {
    sortFields: WITHDRAWAL_TYPE_SORT_FIELDS,
    item: WithdrawalType,
    query: WithdrawalTypesQuery,
    create: WithdrawalTypeCreate,
    update: WithdrawalTypeReplace,
  },
  {
    area: 'settings',
    search: ['key', 'title'],
    unique: ['key'],
    method: 'PUT',
    filters: ({ active }) => (active === undefined ? [] : [sql<boolean>`is_active = ${active}`]),
    beforeDelete: refuseIfUsed,
  },
);
