import { invalidField } from '../../crud/errors';

const SLUG_MAX = 100;

/**
 * Lower-case letters and digits (any script, accents stripped), each run of anything else one
 * '-', none at either end; cut to the column's length.
 */
export function slugify(text: string): string {
  const words = text
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Decomposing can lengthen text: cut by characters, as PostgreSQL counts them.
  return Array.from(words).slice(0, SLUG_MAX).join('').replace(/-+$/, '');
}

export const NO_SLUG = 'Enter a slug: none can be made from this name';

/** The slug to store: the one sent, normalised, or else one made from the name. */
export function slugFor(sent: string, name: string): string {
  const slug = slugify(sent) || slugify(name);
  if (!slug) throw invalidField('slug', NO_SLUG);
  return slug;
}
