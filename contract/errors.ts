import { z } from 'zod';

/** Every error the API answers has this shape; `fields` names each bad input field. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** On a 403 for want of a permission: the one missing. */
  permission: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
