import { z } from 'zod';

/** A string PostgreSQL can store: text columns refuse the NUL character. */
export const text = () =>
  z.string().refine((value) => !value.includes('\0'), 'must not contain NUL characters');
