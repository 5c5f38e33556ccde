import {
  CATEGORY_SORT_FIELDS,
  CategoriesQuery,
  Category,
  CategoryCreate,
  CategoryDeleted,
  CategoryPatch,
} from '../../../contract/categories';
import { plainResource } from '../../crud/plain';
import type { Database } from '../../db/connect';
import { offers } from '../offers/resource';
import { slugFor } from './slug';

/** Deletes the category's offers (the database would cascade; we keep them for the audit). */
async function deleteOffersOf(trx: Database, category: Category) {
  const rows = await trx
    .deleteFrom('offers')
    .where('category_id', '=', Number(category._id))
    .returningAll()
    .execute();
  const deleted = rows
    .map(offers.present)
    .sort((a, b) => a.sortOrder - b.sortOrder || Number(a._id) - Number(b._id));
  return { before: { category, offers: deleted }, reply: { deletedOffers: deleted.length } };
}

export const categories = plainResource(
  'categories',
  {
    sortFields: CATEGORY_SORT_FIELDS,
    item: Category,
    query: CategoriesQuery,
    create: CategoryCreate,
    update: CategoryPatch,
    deleted: CategoryDeleted,
  },
  {
    area: 'games',
    search: ['name', 'slug'],
    unique: ['slug'],
    // A slug sent (even '') is normalised or made again from the name; a new name alone keeps it.
    prepare: (input, current) =>
      input.slug === undefined
        ? input
        : { ...input, slug: slugFor(input.slug, input.name ?? current?.name ?? '') },
    beforeDelete: deleteOffersOf,
  },
);
