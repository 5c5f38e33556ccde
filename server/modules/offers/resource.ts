import { sql } from 'kysely';
import {
  OFFER_SORT_FIELDS,
  Offer,
  OfferCreate,
  OfferPatch,
  OffersQuery,
} from '../../../contract/offers';
import { decimal, reference } from '../../crud/fields';
import { parseId } from '../../crud/ids';
import { searchText, snakeColumns } from '../../crud/plain';
import { defineResource } from '../../crud/resource';

export const offers = defineResource({
  path: '/admin/offers',
  table: 'offers',
  entity: 'offer',
  label: 'Offer',
  schemas: {
    item: Offer,
    query: OffersQuery,
    create: OfferCreate,
    update: { method: 'PATCH', body: OfferPatch },
  },
  fields: {
    // A category being deleted takes its offers with it (see the categories module).
    categoryId: reference('category_id', {
      table: 'categories',
      message: 'Category not found',
    }),
    ...snakeColumns(['name', 'gameName', 'rewardType', 'rewardAmount', 'isActive', 'sortOrder']),
    price: decimal('price'),
  },
  search: searchText(['name', 'game_name']),
  sort: snakeColumns(OFFER_SORT_FIELDS),
  filters: ({ categoryId }) => {
    if (categoryId === undefined) return [];
    // Text that is no id names no category: an empty list.
    const id = parseId(categoryId);
    return [id === null ? sql<boolean>`false` : sql<boolean>`category_id = ${id}`];
  },
});
