import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { z } from 'zod';
import { EVERYTHING, isGrantable, PERMISSION_CATALOGUE } from '../../contract/permissions';
import { audit } from '../audit/audit';
import { adminPasswordProblem, type PasswordOwner } from '../auth/admin-password-rules';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { turnOff } from '../auth/two-step/store';
import { ConfigError, readConfig } from '../config';
import { connect } from '../db/connect';
import { runningConnection } from '../db/embedded';
import { DataDirLockedError } from '../db/lock';
import { migrate } from '../db/migrate';
import { APP_DATABASE, type OpenDatabase, openDatabase } from '../db/open';
import { createUser } from '../modules/users/create';

const USAGE = `Creates an admin, or makes an existing user an admin with a new password.

  npm run admin:create -- --username NAME --email EMAIL [--permissions a,b] [--reset-two-step]

The admin gets every permission (*) unless --permissions names fewer, from the catalogue
(npm run admin:create -- --help lists it). For an existing user, --reset-two-step also turns
their two-step sign-in off (a lost authenticator and recovery codes): they sign in with the
password alone and set it up again.

The password is read from ADMIN_PASSWORD (the admin password rules: at least 8 characters, at
most 256, not a common password, nor the account's username or email); without it a random one
is generated and printed once. Uses DATABASE_URL, or the embedded database in DATA_DIR (also
while the server is running).`;

const Args = z.object({
  username: z.string().trim().min(3, 'at least 3 characters').max(64),
  email: z.email('not an email address'),
  permissions: z
    .string()
    .transform((list) => [
      ...new Set(
        list
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .refine(isGrantable, { error: (issue) => `unknown permission ${String(issue.input)}` }),
        )
        .min(1, 'name at least one permission'),
    ),
});

const catalogue = () =>
  PERMISSION_CATALOGUE.map(({ name, description }) => `  ${name.padEnd(22)}${description}`).join(
    '\n',
  );

async function open(config: ReturnType<typeof readConfig>): Promise<OpenDatabase> {
  try {
    return await openDatabase(config, (m) => console.log(m));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The server is running on this DATA_DIR: talk to its database instead of starting one.
    const db = connect(runningConnection(config.dataDir, APP_DATABASE), 1);
    return { db, location: config.dataDir, close: () => db.destroy() };
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      permissions: { type: 'string' },
      'reset-two-step': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.username) {
    console.log(`${USAGE}\n\nPermissions:\n${catalogue()}`);
    return values.help ? 0 : 2;
  }
  const chosen = process.env.ADMIN_PASSWORD;
  const generated = chosen ? undefined : randomBytes(12).toString('base64url');
  const password = chosen || generated || '';
  /** A chosen password against the admin password rules, named as the server names it. */
  const refusal = (owner: PasswordOwner) => {
    const problem = chosen ? adminPasswordProblem(chosen, owner) : undefined;
    return problem && `ADMIN_PASSWORD: ${problem}`;
  };
  const given = {
    username: values.username,
    email: values.email ?? `${values.username}@example.com`,
  };
  const parsed = Args.safeParse({ ...given, permissions: values.permissions ?? EVERYTHING });
  const problems = [
    ...(parsed.error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`) ?? []),
    refusal(given),
  ].filter((problem) => problem !== undefined);
  if (!parsed.success || problems.length > 0) {
    for (const problem of problems) console.error(problem);
    return 2;
  }
  const { username, email, permissions } = parsed.data;
  const config = readConfig(process.env);
  const database = await open(config);
  try {
    await migrate(database.db);
    const outcome = await database.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
          ]),
        )
        .executeTakeFirst();
      const system = { id: null, username: 'cli', ip: null };
      if (!existing) {
        const user = await createUser(trx, { username, email, password, admin: true, permissions });
        await audit(trx, system, {
          action: 'user.create_admin',
          entity: 'user',
          entityId: user.user_id,
          after: { permissions },
        });
        return `Created admin '${user.username}'`;
      }
      // The account's own names, which may differ from those given (it is found by either).
      const refused = refusal(existing);
      if (refused) return { refused };
      await trx
        .updateTable('users')
        .set({
          password_hash: await hashPassword(password),
          admin_enabled: true,
          admin_roles: sql<string[]>`array(SELECT DISTINCT unnest(admin_roles || '{admin}'))`,
          admin_permissions: permissions,
          status: 'active',
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', existing.id)
        .execute();
      await revokeUserSessions(trx, existing.id);
      const resetTwoStep = values['reset-two-step'] === true && existing.two_step_at !== null;
      if (resetTwoStep) await turnOff(trx, existing.id);
      await audit(trx, system, {
        action: 'user.reset_admin',
        entity: 'user',
        entityId: existing.user_id,
        before: {
          adminEnabled: existing.admin_enabled,
          status: existing.status,
          permissions: existing.admin_permissions,
        },
        after: {
          adminEnabled: true,
          status: 'active',
          permissions,
          ...(resetTwoStep && { twoStep: false }),
        },
      });
      const twoStep = resetTwoStep ? ', two-step sign-in off' : '';
      return `'${existing.username}' is now an admin with a new password (other sessions ended${twoStep})`;
    });
    if (typeof outcome !== 'string') {
      console.error(outcome.refused);
      return 2;
    }
    console.log(outcome);
    if (generated) console.log(`Password (shown once): ${generated}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
