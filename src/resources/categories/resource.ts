import CategoriesIcon from '@mui/icons-material/Category';
import type { Category } from '../../../contract/categories';
import { TEXT_MAX } from '../../../contract/limits';
import offerSpec from '../offers/resource';
import { plainResource } from '../plain/spec';

/**
 * Categories (spec section 'Categories and Game Offers'): Name required, the slug derived from
 * it when left empty, by sort order; deleting one deletes its offers (design). Managed on
 * /games, so no menu link of its own.
 */
export default plainResource<Category>({
  title: 'Categories',
  icon: CategoriesIcon,
  area: 'games',
  menu: false,
  fields: {
    name: { kind: 'text', required: true, maxLength: TEXT_MAX.category.name },
    slug: {
      kind: 'text',
      maxLength: TEXT_MAX.category.slug,
      helperText: 'Optional: derived from the name when empty',
    },
    isActive: { kind: 'boolean', label: 'Status', words: ['Active', 'Inactive'] },
    sortOrder: { kind: 'number', step: 1 },
  },
  defaults: { slug: '', isActive: true, sortOrder: 0 },
  sort: { field: 'sortOrder', order: 'ASC' },
  related: [{ name: 'offers', target: 'categoryId', spec: offerSpec }],
  deleteWarning: (name) => `"${name}" and all of its offers will be deleted.`,
});
