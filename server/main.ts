import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { prepareSanitiser } from './modules/legal/sanitise';
import { loadSecretsKey } from './secrets/key-file';
import { seedOnFirstStart } from './seed/demo';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message: string) => process.stdout.write(`${message}\n`);
const warn = (message: string) => process.stderr.write(`Warning: ${message}\n`);

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** Fails fast, before the database starts, when another program holds the port. */
function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} on ${host} is already in use. Stop the program using it, or set PORT to another port.`,
            )
          : error,
      ),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  await assertPortFree(config.host, config.port).catch((error: Error) => fail(error.message));
  const database = await openDatabase(config, say).catch((error: Error) => fail(error.message));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      say('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    say(`\n${signal} received: finishing in-flight requests, then stopping the database...`);
    await app?.close(); // stops accepting, waits for in-flight requests
    await database.close();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const secretsKey = loadSecretsKey(config, warn);
    await migrate(database.db);
    const seed = await seedOnFirstStart(database.db, {
      admin: config.admin,
      demoData: config.demoData,
    });
    app = await buildApp({
      db: database.db,
      consoleDir: path.join(root, 'dist', 'console'),
      basePath: config.basePath,
      trustProxy: config.trustProxy,
      logLevel: config.logLevel,
      frameAncestors: config.frameAncestors,
      connectSrc: config.connectSrc,
      secretsKey,
      push: { url: config.pushApiUrl },
      auth: config.auth,
    });
    prepareSanitiser();
    await app.listen({ host: config.host, port: config.port });
    // Listening from the start, not at the first live stream: the lists' count memo hears
    // changes through the same connection (server/db/count-memo.ts).
    void app.live.ready();

    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}${config.basePath}/`;
    const banner = ['', `  Rewards admin console: ${url}`, `  Database: ${database.location}`];
    if (config.auth.mode === 'proxy') {
      banner.push(
        `  Sign-in: by the single sign-on proxy at ${config.auth.proxies.join(', ')}, through ${config.auth.header}; admins are users with that email (npm run admin:create)`,
      );
      if (config.auth.groups) {
        const { header, permissions } = config.auth.groups;
        banner.push(
          `  Sign-on groups: through ${header}; ${permissions.size} mapped to permissions (SSO_GROUP_PERMISSIONS)`,
        );
      }
      if (seed.created) {
        banner.push(
          `  First admin: ${config.admin.email} (ADMIN_EMAIL before the first start: your sign-on email)`,
        );
      }
    } else if (seed.generatedPassword) {
      banner.push(
        `  Sign in as '${config.admin.username}' with password: ${seed.generatedPassword}`,
      );
      banner.push('  (shown once: keep it, or set ADMIN_PASSWORD before the first start)');
    } else if (seed.created) {
      banner.push(`  Sign in as '${config.admin.username}' with the password from ADMIN_PASSWORD`);
    } else {
      banner.push(
        `  Sign in as '${config.admin.username}' (or any admin); new admins: npm run admin:create`,
      );
      if (config.admin.password) {
        banner.push(
          '  Note: ADMIN_PASSWORD only applies to the first start; to reset a password run npm run admin:create',
        );
      }
    }
    if (config.auth.mode === 'password' && config.auth.requireTwoStep) {
      banner.push('  Two-step sign-in: required of every admin (REQUIRE_2FA)');
    }
    say(`${banner.join('\n')}\n`);
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    fail(error instanceof Error ? error.message : String(error));
  }
}

void main();
