import type { Identifier } from 'react-admin';
import type { Category } from '../../../contract/categories';

/** A category as react-admin holds it: the API's record with `id` = _id. */
export type CategoryRecord = Category & { id: Identifier };
