import { z } from 'zod';
import type { PermissionInfo } from './permissions';

/** GET /api/admin/permissions: every name that may be granted, and what it allows. */
export const PermissionCatalogue = z.array(
  z.object({ name: z.string(), description: z.string() }) satisfies z.ZodType<PermissionInfo>,
);
