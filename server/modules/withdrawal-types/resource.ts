import { sql } from 'kysely';
import { typeInUse } from '../../../contract/withdrawal-type-usage';
import {
  WITHDRAWAL_TYPE_SORT_FIELDS,
  WithdrawalType,
  WithdrawalTypeCreate,
  WithdrawalTypeReplace,
  WithdrawalTypesQuery,
} from '../../../contract/withdrawal-types';
import { decimal, unique } from '../../crud/fields';
import { searchText, snakeColumns } from '../../crud/plain';
import { defineResource } from '../../crud/resource';
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
export const withdrawalTypes = defineResource({
  path: '/admin/withdrawal-types',
  table: 'withdrawal_types',
  entity: 'withdrawal_type',
  label: 'Withdrawal type',
  schemas: {
    item: WithdrawalType,
    query: WithdrawalTypesQuery,
    create: WithdrawalTypeCreate,
    update: { method: 'PUT', body: WithdrawalTypeReplace },
  },
  fields: {
    ...snakeColumns(['title', 'minPoints', 'stock', 'isActive']),
    key: unique('key', 'withdrawal_types_key_key', 'Key already exists'),
    rateUsdPerPoint: decimal('rate_usd_per_point'),
    fixedUsdAmount: decimal('fixed_usd_amount'),
  },
  search: searchText(['key', 'title']),
  sort: snakeColumns(WITHDRAWAL_TYPE_SORT_FIELDS),
  filters: ({ active }) => (active === undefined ? [] : [sql<boolean>`is_active = ${active}`]),
  beforeDelete: refuseIfUsed,
});
