import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { UserStatus } from '../../contract/users';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  user_id: string;
  username: string;
  email: string;
  password_hash: string | null;
  status: UserStatus;
  balance: Generated<number>;
  xp: Generated<number>;
  referred_by: string | null;
  referral_code: string;
  admin_enabled: Generated<boolean>;
  admin_roles: Generated<string[]>;
  admin_permissions: Generated<string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: Buffer;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: number | null;
  actor: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  ip: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  at: CreatedAt;
  ip: string;
  identifier: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
