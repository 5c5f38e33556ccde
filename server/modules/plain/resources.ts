import type { AnyResource } from '../../crud/resource';

/**
 * What each export of this file is: a resource that is nothing but CRUD, served at
 * /api/admin/<name>. One line each, naming its file:
 * `export { announcements } from '../announcements/resource';` (the README's "Adding a
 * resource" walks through one).
 */
export type PlainResource = AnyResource;
