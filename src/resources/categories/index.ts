export { CategoriesPanel, type CategoriesPanelProps } from './CategoriesPanel';
export type { CategoryRecord } from './category';
