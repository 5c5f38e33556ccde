import type { AnyResource } from '../../crud/resource';

/**
 * What each export of this file is: a resource that is nothing but CRUD, served at
 * /api/admin/<name>. One line each, `export const promoCodes = plainResource('promo-codes', …)`
 * (the README's "Adding a resource" walks through one).
 */
export type PlainResource = AnyResource;
