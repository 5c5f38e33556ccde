import { sql } from 'kysely';
import { Offer, OfferCreate, OfferPatch, OffersQuery } from '../../../contract/offers';
import { decimal, reference } from '../../crud/fields';
import { parseId } from '../../crud/ids';
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
    name: 'name',
    gameName: 'game_name',
    price: decimal('price'),
    rewardType: 'reward_type',
    rewardAmount: 'reward_amount',
    isActive: 'is_active',
    sortOrder: 'sort_order',
  },
  search: sql`lower(name || ' ' || game_name)`,
  sort: {
    sortOrder: 'sort_order',
    name: 'name',
    gameName: 'game_name',
    price: 'price',
    rewardAmount: 'reward_amount',
    createdAt: 'created_at',
  },
  filters: ({ categoryId }) => {
    if (categoryId === undefined) return [];
    // Text that is no id names no category: an empty list.
    const id = parseId(categoryId);
    return [id === null ? sql<boolean>`false` : sql<boolean>`category_id = ${id}`];
  },
});
