import { z } from 'zod';
import type { Viewer as ViewerShape } from './live';

/** PUT /api/admin/presence (every PRESENCE_INTERVAL_MS while the page is open) and DELETE. */
export const PresenceBody = z
  .object({
    resource: z.string().trim().min(1).max(64),
    id: z.string().trim().min(1).max(100),
  })
  .strict();
export type PresenceBody = z.infer<typeof PresenceBody>;

const Viewer = z.object({
  adminId: z.string(),
  username: z.string(),
}) satisfies z.ZodType<ViewerShape>;

/** The answer to PUT /api/admin/presence: who views the record now, the caller included. */
export const PresenceAnswer = z.object({ viewers: z.array(Viewer) });
export type PresenceAnswer = z.infer<typeof PresenceAnswer>;
