import {
  CATEGORY_SORT_FIELDS,
  CategoriesQuery,
  Category,
  CategoryCreate,
  CategoryDeleted,
  CategoryPatch,
} from '../../../contract/categories';
import { unique } from '../../crud/fields';
import { searchText, snakeColumns } from '../../crud/plain';
import { defineResource } from '../../crud/resource';
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

export const categories = defineResource({
  path: '/admin/categories',
  table: 'categories',
  entity: 'category',
  label: 'Category',
  schemas: {
    item: Category,
    query: CategoriesQuery,
    create: CategoryCreate,
    update: { method: 'PATCH', body: CategoryPatch },
    deleted: CategoryDeleted,
  },
  fields: {
    ...snakeColumns(['name', 'isActive', 'sortOrder']),
    slug: unique('slug', 'categories_slug_key', 'Slug already exists'),
  },
  search: searchText(['name', 'slug']),
  sort: snakeColumns(CATEGORY_SORT_FIELDS),
  // A slug sent (even '') is normalised or made again from the name; a new name alone keeps it.
  prepare: (input, current) =>
    input.slug === undefined
      ? input
      : { ...input, slug: slugFor(input.slug, input.name ?? current?.name ?? '') },
  beforeDelete: deleteOffersOf,
});
