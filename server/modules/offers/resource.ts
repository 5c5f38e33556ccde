import { sql } from 'kysely';
import {
  OFFER_SORT_FIELDS,
  Offer,
  OfferCreate,
  OfferPatch,
  OffersQuery,
} from '../../../contract/offers';
import { parseId } from '../../crud/ids';
import { plainResource } from '../../crud/plain';

export const offers = plainResource(
  'offers',
  {
    sortFields: OFFER_SORT_FIELDS,
    item: Offer,
    query: OffersQuery,
    create: OfferCreate,
    update: OfferPatch,
  },
  {
    area: 'games',
    search: ['name', 'gameName'],
    // A category being deleted takes its offers with it (see the categories module).
    references: { categoryId: { table: 'categories', message: 'Category not found' } },
    filters: ({ categoryId }) => {
      if (categoryId === undefined) return [];
      // Text that is no id names no category: an empty list.
      const id = parseId(categoryId);
      return [id === null ? sql<boolean>`false` : sql<boolean>`category_id = ${id}`];
    },
  },
);
