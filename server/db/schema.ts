import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdjustmentReason, AdjustmentStatus } from '../../contract/adjustments';
import type { UserStatus } from '../../contract/users';
import type { SignalLevel } from '../../contract/withdrawal-signals';
import type { RejectReason } from '../../contract/withdrawals';
import type { Sealed } from '../secrets/box';

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
  /** The single sign-on groups the admin came with last (proxy sign-in only). */
  sso_groups: Generated<string[]>;
  /** When two-step sign-in was turned on; null while it is off. */
  two_step_at: Date | null;
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

/** A browser that signed in to the account with its password (see 0016_device_cookies). */
export interface DeviceCookiesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface DeviceFailuresTable {
  device_id: number;
  at: CreatedAt;
}

export interface LoginAttemptsInFlightTable {
  account: string;
  until: Date;
}

type Numeric = ColumnType<string, string | number, string | number>;
/** A numeric column with a default: optional on insert. */
type NumericDefault = ColumnType<string, string | number | undefined, string | number>;

export interface BotsTable {
  id: Generated<number>;
  bot_id: string;
  nickname: string;
  avatar_url: string | null;
  active: Generated<boolean>;
  current_sessions: Generated<number>;
  max_sessions: Generated<number>;
  skill: Generated<number>;
  allowed_offers: Generated<string[]>;
  last_used_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MatchesTable {
  id: Generated<number>;
  match_id: string;
  user_id: number;
  opponent_user_id: number | null;
  opponent_bot_id: string | null;
  game_name: string;
  /** numeric: pg answers a string, exact. */
  price: Numeric;
  reward_amount: number;
  reward_type: 'points' | 'xp';
  user_score: number;
  opponent_score: number;
  outcome: 'win' | 'loss' | 'draw';
  started_at: Date | string;
  ended_at: Date | string | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  /** The player's public userId. */
  user_id: string;
  type_id: string;
  points_spent: number;
  usd_value: Numeric;
  rate_usd_per_point: Numeric;
  fixed_usd_amount: Numeric | null;
  destination: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  admin_note: string | null;
  decided_at: Date | null;
  decided_by: number | null;
  /** 1 or 2; NULL until the first approval or the decision fixes it. */
  approvals_required: number | null;
  /** The first of two approvals (the final one is decided_by/decided_at/admin_note). */
  first_approved_by: number | null;
  first_approved_at: Date | null;
  first_approval_note: string | null;
  reason_code: RejectReason | null;
  /** The highest level of its risk signals (null: none) and how many; kept by triggers. */
  risk_level: Generated<SignalLevel | null>;
  risk_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A balance credit waiting for, or decided by, a second admin. */
export interface AdjustmentsTable {
  id: Generated<number>;
  /** The player's public userId. */
  user_id: string;
  /** Points added to the balance when approved (always positive). */
  delta: number;
  reason: AdjustmentReason;
  note: string | null;
  requested_by: number;
  requested_at: CreatedAt;
  status: Generated<AdjustmentStatus>;
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string | null;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OffersTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  game_name: string;
  price: NumericDefault;
  reward_type: Generated<'points' | 'xp'>;
  reward_amount: Generated<number>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WithdrawalTypesTable {
  id: Generated<number>;
  key: string;
  title: string;
  rate_usd_per_point: NumericDefault;
  min_points: Generated<number>;
  stock: Generated<number>;
  is_active: Generated<boolean>;
  fixed_usd_amount: Numeric | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SettingsTable {
  /** 'daily_rewards', 'referral', 'app_info', 'integrations'. */
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface LegalDocumentsTable {
  id: Generated<number>;
  type: 'terms' | 'privacy';
  version: number;
  content_text: Generated<string>;
  content_html: Generated<string>;
  is_active: Generated<boolean>;
  published_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UnityDecksTable {
  /** A date column: read as 'YYYY-MM-DD' text (see connect.ts). */
  date_key: string;
  cards: ColumnType<unknown, string | undefined, string>;
  reset_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A user's TOTP secret in force, sealed with the secrets key (see migration 0015). */
export interface TwoStepSecretsTable {
  user_id: number;
  secret: ColumnType<Sealed | null, string | null, string | null>;
  last_step: number | null;
  updated_at: Timestamp;
}

/** A set-up in progress: its secret, sealed, for the session that started it (migration 0017). */
export interface TwoStepSetupsTable {
  session_id: number;
  user_id: number;
  secret: ColumnType<Sealed, string, string>;
  created_at: Timestamp;
}

/** A wrong two-step code, whichever route it was typed into: the per-account cap counts these. */
export interface TwoStepCodeFailuresTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  at: Timestamp;
}

/** The owner's warning: wrong codes after a right password, since `first_at`. */
export interface TwoStepWarningsTable {
  user_id: number;
  first_at: Timestamp;
  last_at: Timestamp;
  last_ip: string;
  wrong_codes: Generated<number>;
}

export interface RecoveryCodesTable {
  user_id: number;
  code_hash: Buffer;
  used_at: Date | null;
}

export interface SignInChallengesTable {
  id: Generated<number>;
  token_hash: Buffer;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

/** Who views which record (live presence); rows older than 30 s are dropped. */
export interface PresenceTable {
  admin_id: number;
  resource: string;
  record_id: string;
  seen_at: Generated<Date>;
}

export interface DB {
  bots: BotsTable;
  categories: CategoriesTable;
  offers: OffersTable;
  withdrawal_types: WithdrawalTypesTable;
  settings: SettingsTable;
  legal_documents: LegalDocumentsTable;
  unity_decks: UnityDecksTable;
  matches: MatchesTable;
  withdrawals: WithdrawalsTable;
  adjustments: AdjustmentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
  login_attempts_in_flight: LoginAttemptsInFlightTable;
  device_cookies: DeviceCookiesTable;
  device_failures: DeviceFailuresTable;
  presence: PresenceTable;
  two_step_secrets: TwoStepSecretsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  two_step_setups: TwoStepSetupsTable;
  two_step_code_failures: TwoStepCodeFailuresTable;
  two_step_warnings: TwoStepWarningsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
