import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { audit } from '../audit/audit';
import type { Database } from '../db/connect';
import { createUser } from '../modules/users/create';
import { insertDemoData } from './demo-data';

export interface SeedOptions {
  admin: { username: string; email: string; password: string | undefined };
  /** Also create demo players (off for a real deployment on DATABASE_URL). */
  demoData: boolean;
}

export interface SeedResult {
  /** False when the database already had users: nothing was written. */
  created: boolean;
  /** Set only when no ADMIN_PASSWORD was given: the generated one, to print once. */
  generatedPassword?: string;
}

/** First start on an empty database: the demo admin and the demo data set, in one transaction. */
export async function seedOnFirstStart(db: Database, options: SeedOptions): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    // Several instances may start at once on one database: only the first seeds.
    await sql`SELECT pg_advisory_xact_lock(hashtext('rewards.seed'))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return { created: false };

    const generatedPassword =
      options.admin.password === undefined ? randomBytes(12).toString('base64url') : undefined;
    const admin = await createUser(trx, {
      username: options.admin.username,
      email: options.admin.email,
      password: options.admin.password ?? generatedPassword,
      admin: true,
    });
    const system = { id: null, username: 'system', ip: null };
    await audit(trx, system, {
      action: 'user.create_admin',
      entity: 'user',
      entityId: admin.user_id,
    });

    if (options.demoData) {
      const counts = await insertDemoData(trx, {
        adminId: admin.id,
        taken: [admin.username.toLowerCase(), admin.email.toLowerCase()],
      });
      await audit(trx, system, { action: 'seed.demo', entity: 'user', after: counts });
    }
    return { created: true, generatedPassword };
  });
}
