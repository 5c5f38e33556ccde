import { z } from 'zod';
import { listQuery, patchOf } from './crud';
import { wholeNumber } from './numbers';
import { text } from './text';

export const SORT_ORDER_LIMIT = 1_000_000;
export const sortOrder = () => wholeNumber(-SORT_ORDER_LIMIT, SORT_ORDER_LIMIT);

export const Category = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof Category>;

export const CATEGORY_SORT_FIELDS = ['sortOrder', 'name', 'slug', 'createdAt'] as const;

/** GET /admin/categories: q over name or slug; 100 a page, by sortOrder ascending. */
export const CategoriesQuery = listQuery(CATEGORY_SORT_FIELDS, 'sortOrder:asc', 100);
export type CategoriesQuery = z.input<typeof CategoriesQuery>;

const categoryFields = {
  name: text().trim().min(1, 'Name is required').max(100, 'must be at most 100 characters'),
  /** Normalised to lower-case words joined by hyphens; '' derives it from the name. */
  slug: text().trim().max(100, 'must be at most 100 characters'),
  isActive: z.boolean('must be true or false'),
  sortOrder: sortOrder(),
};

/** POST /admin/categories: active and sortOrder 0 by default. */
export const CategoryCreate = z.strictObject({
  name: categoryFields.name,
  slug: categoryFields.slug.default(''),
  isActive: categoryFields.isActive.default(true),
  sortOrder: categoryFields.sortOrder.default(0),
});
export type CategoryCreate = z.input<typeof CategoryCreate>;

/** PATCH /admin/categories/{id}: any subset; slug '' derives it again from the name. */
export const CategoryPatch = patchOf(categoryFields);
export type CategoryPatch = z.input<typeof CategoryPatch>;

/** DELETE /admin/categories/{id}: the category and its offers are gone. */
export const CategoryDeleted = z.object({
  ok: z.literal(true),
  deletedOffers: z.number().int(),
});
export type CategoryDeleted = z.infer<typeof CategoryDeleted>;
