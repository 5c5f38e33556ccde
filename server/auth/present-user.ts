import type { AdminRole, User } from '../../contract/users';
import type { GroupMapping } from '../config';
import type { UserRow } from '../db/schema';
import { groupPermissionsOf } from './sso-groups';

/**
 * With the sign-on groups' mapping (a user's detail, behind the proxy): also what the groups the
 * user came with last give. Lists leave it out.
 */
export const adminRoleOf = (row: UserRow, groupMapping?: GroupMapping): AdminRole => ({
  enabled: row.admin_enabled,
  roles: row.admin_roles,
  permissions: row.admin_permissions,
  ...(groupMapping && { groupPermissions: groupPermissionsOf(row.sso_groups, groupMapping) }),
});

/** The API's view of a user: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    _id: String(row.id),
    userId: row.user_id,
    username: row.username,
    email: row.email,
    status: row.status,
    balance: row.balance,
    xp: row.xp,
    referredBy: row.referred_by,
    referralCode: row.referral_code,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    adminRole: adminRoleOf(row),
    twoStep: row.two_step_at !== null,
  };
}
