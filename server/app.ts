import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LIVE_RESOURCES } from '../contract/live';
import type { ReadableArea, RouteAccess } from '../contract/permissions';
import { MODULE_RECORD_AREAS } from './audit/record-areas';
import { accountRoutes } from './auth/account/routes';
import { installAdminGuard } from './auth/guard';
import { type ProxySignIn, proxySignInOf } from './auth/proxy-sign-in';
import { authRoutes } from './auth/routes';
import { twoStepRoutes } from './auth/two-step/routes';
import { type AuthSettings, DEFAULT_PUSH_API_URL } from './config';
import type { Database } from './db/connect';
import { installConsole } from './http/console';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { installJsonDepthLimit } from './http/json-depth';
import { installOpenApi } from './http/openapi-routes';
import { requestIds } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { LiveHub, type LiveOptions } from './live/hub';
import { liveRoutes } from './live/routes';
import { adjustmentRoutes } from './modules/adjustments/routes';
import { adminRoutes } from './modules/admin/routes';
import { auditRoutes } from './modules/audit/routes';
import { botRoutes } from './modules/bots/routes';
import { categoryRoutes } from './modules/categories/routes';
import { healthRoutes } from './modules/health/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { legalRoutes } from './modules/legal/routes';
import type { PushApi } from './modules/notifications/provider';
import { notificationRoutes } from './modules/notifications/routes';
import { offerRoutes } from './modules/offers/routes';
import { plainRoutes } from './modules/plain/routes';
import { settingsRoutes } from './modules/settings/routes';
import { statsRoutes } from './modules/stats/routes';
import { deckRoutes } from './modules/unity-decks/routes';
import { userRoutes } from './modules/users/routes';
import { withdrawalTypeRoutes } from './modules/withdrawal-types/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { createSecretBox, type SecretBox } from './secrets/box';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sub-path the console and its API are served under ('' at the root). */
    basePath: string;
    db: Database;
    /** Every route registered, for the test that walks the admin routes. */
    routeTable: { method: string; url: string; permission: RouteAccess | undefined }[];
    /** Audit entity → the area whose read permission shows one such record's history. */
    recordAreas: Map<string, ReadableArea>;
    /** Live resource (the console's name) → the area whose read permission hears its changes. */
    liveAreas: Map<string, ReadableArea>;
    /** Encrypts the secrets kept in the database (the push provider's key). */
    secrets: SecretBox;
    /** Where push notifications are sent. */
    pushApi: PushApi;
    /** Set when a single sign-on proxy signs admins in (AUTH_MODE=proxy). */
    proxySignIn: ProxySignIn | null;
    /** REQUIRE_2FA: admins signing in with a password must have two-step sign-in on. */
    requireTwoStep: boolean;
    /** This instance's live streams and its LISTEN connection. */
    live: LiveHub;
  }
}

export interface AppDeps {
  db: Database;
  /** The built console to serve; null for an API-only app (tests). */
  consoleDir?: string | null;
  basePath?: string;
  /** X-Forwarded-For hops to believe: a count or the proxies' addresses (never plain true). */
  trustProxy?: false | number | string[];
  logLevel?: string;
  /** Value of the CSP frame-ancestors directive: who may embed the console. */
  frameAncestors?: string[];
  /** Origins the CSP's connect-src adds to the console's own. */
  connectSrc?: string[];
  /** The 32-byte key of stored secrets; without it (tests), a key for this process only. */
  secretsKey?: Buffer;
  /** The push provider's REST API base (default its public host) and how long to wait for it. */
  push?: Partial<PushApi>;
  /** Password sign-in (default), or a single sign-on proxy's header. */
  auth?: AuthSettings;
  /** Live streams' timings and limits (tests shorten the heartbeat). */
  live?: LiveOptions;
  /** Where log lines go (default stdout): tests read them. */
  logStream?: { write(line: string): void };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const level = deps.logLevel ?? 'info';
  const basePath = deps.basePath ?? '';
  const trust = deps.trustProxy ?? false;
  const headers = securityHeaders({
    frameAncestors: deps.frameAncestors ?? ["'self'"],
    connectSrc: deps.connectSrc ?? [],
  });
  const app = Fastify({
    logger:
      level === 'silent'
        ? false
        : {
            level,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(deps.logStream && { stream: deps.logStream }),
          },
    // A hop count trusts that many proxies nearest to us.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    // One line per request is noise in a terminal; debug and trace turn it on.
    logController: new LogController({
      disableRequestLogging: level !== 'debug' && level !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIds(trust !== false),
    requestIdHeader: false,
    frameworkErrors: frameworkErrors(headers),
    // Under a sub-path, answer both the proxy that strips it and the one that passes it through.
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      if (
        !basePath ||
        !(url === basePath || url.startsWith(`${basePath}/`) || url.startsWith(`${basePath}?`))
      )
        return url;
      const rest = url.slice(basePath.length);
      return rest.startsWith('/') ? rest : `/${rest}`;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('basePath', basePath);
  app.decorate('routeTable', []);
  app.decorate('recordAreas', new Map(MODULE_RECORD_AREAS));
  app.decorate('secrets', createSecretBox(deps.secretsKey ?? randomBytes(32)));
  app.decorate('pushApi', {
    url: deps.push?.url ?? DEFAULT_PUSH_API_URL,
    timeoutMs: deps.push?.timeoutMs ?? 10_000,
  });
  app.decorate('proxySignIn', proxySignInOf(deps.auth));
  app.decorate(
    'requireTwoStep',
    deps.auth?.mode === 'password' && deps.auth.requireTwoStep === true,
  );
  app.decorate('liveAreas', new Map(Object.entries(LIVE_RESOURCES)));
  app.decorate('live', new LiveHub(deps.db, app.liveAreas, deps.live, app.log));
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    for (const method of [route.method].flat())
      app.routeTable.push({ method, url: route.url, permission });
  });

  installErrorHandling(app);
  installJsonDepthLimit(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
  // While closing, answers end their connection: a keep-alive socket left open by a request
  // that was in flight at shutdown would otherwise hold the close up until it times out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Open event streams would hold the close up forever: end them (clients reconnect elsewhere).
    await app.live.close();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
  });
  installAdminGuard(app);
  installOpenApi(app, { basePath });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(twoStepRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api' });
  await app.register(withdrawalRoutes, { prefix: '/api' });
  await app.register(adjustmentRoutes, { prefix: '/api' });
  await app.register(botRoutes, { prefix: '/api' });
  await app.register(categoryRoutes, { prefix: '/api' });
  await app.register(offerRoutes, { prefix: '/api' });
  await app.register(withdrawalTypeRoutes, { prefix: '/api' });
  await app.register(plainRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(integrationRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api' });
  await app.register(deckRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(liveRoutes, { prefix: '/api' });

  await installConsole(app, {
    dir: deps.consoleDir ?? null,
    basePath,
    auth: deps.auth ?? { mode: 'password' },
  });
  return app;
}
