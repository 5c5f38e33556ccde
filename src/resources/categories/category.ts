import type { Identifier } from 'react-admin';
import type { Category, CategoryCreate } from '../../../contract/categories';
import type { FieldErrors } from '../../apiErrors';
import { activeValue, toBoolean, toNumber } from '../../components/panel/formValues';

/** A category as react-admin holds it: the API's record with `id` = _id. */
export type CategoryRecord = Category & { id: Identifier };

/** The texts of the specification (sections 5 and 8), and the few this screen adds. */
export const CATEGORY_MESSAGES = {
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
  confirmDelete: 'Delete this category?',
  saveFailed: 'Error saving category',
  deleteFailed: 'Error deleting category',
  nameRequired: 'Name is required',
} as const;

/** What deleting a category also does (design: its offers go with it). */
export const deleteCategoryDescription = (name: string) =>
  `"${name}" and all of its offers will be deleted.`;

export type CategoryFormValues = {
  name: string;
  slug: string;
  isActive: string;
  sortOrder: string;
};

/** A new category: active, sort order 0 (spec section 9). */
export const EMPTY_CATEGORY: CategoryFormValues = {
  name: '',
  slug: '',
  isActive: 'true',
  sortOrder: '0',
};

export const categoryFormValues = (category: Category): CategoryFormValues => ({
  name: category.name,
  slug: category.slug,
  isActive: activeValue(category.isActive),
  sortOrder: String(category.sortOrder),
});

export const validateCategory = (values: CategoryFormValues): FieldErrors =>
  values.name.trim() ? {} : { name: CATEGORY_MESSAGES.nameRequired };

/**
 * The body of a create or update: sort order a number (fallback 0), isActive a boolean. An empty
 * slug is sent as '' so the server derives it from the name.
 */
export const toCategoryBody = (values: CategoryFormValues): Required<CategoryCreate> => ({
  name: values.name.trim(),
  slug: values.slug.trim(),
  isActive: toBoolean(values.isActive),
  sortOrder: toNumber(values.sortOrder),
});
