import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { UserStatus } from '../../contract/users';
import { audit } from '../audit/audit';
import type { Database } from '../db/connect';
import { createUser } from '../modules/users/create';

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

const PLAYERS: { username: string; status: UserStatus; balance: number; xp: number }[] = [
  { username: 'maria.lopez', status: 'active', balance: 12_450, xp: 3_820 },
  { username: 'kenji_t', status: 'active', balance: 860, xp: 15_200 },
  { username: 'amara.o', status: 'pending', balance: 0, xp: 40 },
  { username: 'lukas.weber', status: 'active', balance: 5_300, xp: 7_710 },
  { username: 'priya.s', status: 'disabled', balance: 150, xp: 990 },
  { username: 'tom.h', status: 'active', balance: 27_900, xp: 22_050 },
];

/** First start on an empty database: the demo admin and a few players, in one transaction. */
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
      let referrer: string | null = null;
      for (const player of PLAYERS) {
        const row = await createUser(trx, {
          ...player,
          email: `${player.username.replace(/[^a-z0-9]/g, '')}@example.com`,
          referredBy: referrer,
        });
        referrer ??= row.referral_code;
      }
      await audit(trx, system, {
        action: 'seed.demo',
        entity: 'user',
        after: { players: PLAYERS.length },
      });
    }
    return { created: true, generatedPassword };
  });
}
