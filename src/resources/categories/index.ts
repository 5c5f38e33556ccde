import { plainScreen } from '../plain/screens';
import { categorySpec } from './spec';

/** `<Resource {...categories} />`: /categories, its Show (with the offers), Edit and Create. */
export const categories = plainScreen({ name: 'categories', spec: categorySpec });
