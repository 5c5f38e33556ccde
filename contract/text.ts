import { z } from 'zod';

/** A string PostgreSQL can store: text columns refuse the NUL character. */
export const text = () => z.string().regex(/^[^\u0000]*$/, 'must not contain NUL characters');
