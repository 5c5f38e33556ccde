import { type Kysely, sql } from 'kysely';

/**
 * Permissions are enforced from here on. So that no deployment loses access, every admin there
 * is gets `*`, what they could do before. `sso_groups` keeps the sign-on groups an admin came
 * with last, to show others which permissions those groups give.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE users SET admin_permissions = array_append(admin_permissions, '*')
    WHERE admin_enabled AND NOT ('*' = ANY (admin_permissions))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN sso_groups text[] NOT NULL DEFAULT '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN sso_groups`.execute(db);
}
