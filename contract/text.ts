import { z } from 'zod';

// Half of a surrogate pair with no other half: not a character. PostgreSQL's JSON refuses it,
// and a text column would silently store a replacement character instead.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE = new RegExp(`\\0|${LONE_SURROGATE.source}`, 'g');

/** A string PostgreSQL stores exactly: no NUL character, no broken surrogate pair. */
export const text = () =>
  z
    .string()
    .refine((value) => !value.includes('\0'), 'must not contain NUL characters')
    .refine((value) => !LONE_SURROGATE.test(value), 'must not contain invalid characters');

/** Text from elsewhere made storable: each NUL or broken surrogate becomes U+FFFD. */
export const storable = (value: string) => value.replace(UNSTORABLE, '\ufffd');
