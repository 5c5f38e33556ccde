// No zod here: permissions.ts reads this, and the console's first screen reads permissions.ts.

/** What an added resource's area allows, in the grant form's words. */
export interface AreaWords {
  read: string;
  write: string;
}

/**
 * The permission areas of resources added as the README's "Adding a resource" shows, a line
 * each: `<area>:read` and `<area>:write` join the catalogue (permissions.ts), and with it the
 * guard, the console's access checks, the grant form and the documentation's check.
 */
export const RESOURCE_AREAS = {
  // announcements: { read: 'See announcements', write: 'Create, edit and delete announcements' },
} as const satisfies Record<string, AreaWords>;
