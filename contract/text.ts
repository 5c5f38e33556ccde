import { z } from 'zod';

// Half of a surrogate pair with no other half: not a character. PostgreSQL's JSON refuses it,
// and a text column would silently store a replacement character instead.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string PostgreSQL stores exactly: no NUL character, no broken surrogate pair. */
export const text = () =>
  z
    .string()
    .refine((value) => !value.includes('\0'), 'must not contain NUL characters')
    .refine((value) => !LONE_SURROGATE.test(value), 'must not contain invalid characters');
