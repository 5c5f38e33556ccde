import { z } from 'zod';

export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const AdminRole = z.object({
  enabled: z.boolean(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type AdminRole = z.infer<typeof AdminRole>;

export const User = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  status: UserStatus,
  balance: z.number().int(),
  xp: z.number().int(),
  referredBy: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  adminRole: AdminRole,
});
export type User = z.infer<typeof User>;
