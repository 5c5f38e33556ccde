import path from 'node:path';
import { z } from 'zod';
import { isGrantable, PERMISSION_CATALOGUE } from '../contract/permissions';
import { adminPasswordProblem } from './auth/admin-password-rules';
import { addressListError } from './net/addresses';
import { decodeSecretsKey } from './secrets/key-file';

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const DEFAULT_PUSH_API_URL = 'https://api.onesignal.com';

// Segments of unreserved characters, none of them `.` or `..`; a trailing slash is dropped.
const BASE_PATH = /^\/$|^(\/(?!\.\.?(\/|$))[A-Za-z0-9._~-]+)+\/?$/;

/**
 * An http(s) origin as a browser compares it (`https://reviews.example.com`), or null for
 * anything else: a path, a wildcard, a keyword, a scheme alone would widen the CSP more.
 */
function originOf(entry: string): string | null {
  if (!/^https?:\/\/[^/?#@\s;,*'"]+\/?$/i.test(entry)) return null;
  try {
    return new URL(entry).origin;
  } catch {
    return null;
  }
}

/** Sign-on group name → the permissions its members get (SSO_GROUP_PERMISSIONS). */
export type GroupMapping = ReadonlyMap<string, readonly string[]>;

const MAPPING_SHAPE =
  'must be a JSON object of group name to permission names, such as {"finance":["withdrawals:read"]}';

/** The mapping, or what is wrong with it. A Map: a group named `constructor` is only a name. */
function groupMappingOf(value: string): GroupMapping | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `is not valid JSON: ${MAPPING_SHAPE}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return MAPPING_SHAPE;
  const mapping = new Map<string, string[]>();
  for (const [group, names] of Object.entries(parsed)) {
    // The proxy sends the groups as one comma-separated list: such a name could never match.
    if (group.trim() !== group || group === '' || group.includes(',')) {
      return `group ${JSON.stringify(group)}: a group name is not blank, has no comma and no surrounding spaces`;
    }
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
      return `group ${JSON.stringify(group)}: ${MAPPING_SHAPE}`;
    }
    const unknown = names.find((name) => !isGrantable(name));
    if (unknown !== undefined) {
      return `group ${JSON.stringify(group)}: unknown permission ${JSON.stringify(unknown)}; valid names: ${PERMISSION_CATALOGUE.map((p) => p.name).join(', ')}`;
    }
    mapping.set(group, [...new Set(names as string[])]);
  }
  return mapping;
}

const flag = z.enum(['true', 'false', ''], { error: 'must be true or false' }).optional();

const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  ADMIN_USERNAME: optionalText.pipe(z.string().min(3, 'must be at least 3 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  // Held to the admin password rules by readConfig, which knows whose password it is.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // `/` and path segments only: `//host` would make the console send its token to another site.
  BASE_PATH: optionalText.pipe(
    z.string().regex(BASE_PATH, 'must be a path such as /admin').optional(),
  ),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === 'false') return false;
      if (/^\d+$/.test(v) && Number(v) >= 1) return Number(v);
      const addresses = v.split(',').map((a) => a.trim());
      if (!addressListError(addresses)) return addresses;
      ctx.addIssue({
        code: 'custom',
        message:
          "must be the number of proxies in front (such as 1) or their addresses (such as 10.0.0.0/8); 'true' would believe any client's X-Forwarded-For",
      });
      return z.NEVER;
    }),
  DEMO_DATA: flag,
  REQUIRE_2FA: flag,
  AUTH_MODE: z
    .enum(['password', 'proxy', ''], { error: 'must be password or proxy' })
    .optional()
    .transform((v) => v || 'password'),
  TRUSTED_PROXY_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as X-Forwarded-Email')
      .optional(),
  ),
  TRUSTED_PROXY_GROUPS_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as X-Forwarded-Groups')
      .optional(),
  ),
  SSO_GROUP_PERMISSIONS: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const mapping = groupMappingOf(value);
    if (typeof mapping !== 'string') return mapping;
    ctx.addIssue({ code: 'custom', message: mapping });
    return z.NEVER;
  }),
  TRUSTED_PROXIES: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const addresses = v.split(',').map((a) => a.trim());
    const error = addressListError(addresses);
    if (!error) return addresses;
    ctx.addIssue({ code: 'custom', message: error });
    return z.NEVER;
  }),
  LOGOUT_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(https?:\/\/|\/(?![/\\]))\S*$/i, 'must be an http(s) URL or a path starting with /')
      .optional(),
  ),
  FRAME_ANCESTORS: optionalText,
  CONNECT_SRC: optionalText.transform((value, ctx) => {
    const entries = value?.split(/[\s,]+/).filter(Boolean) ?? [];
    const origins = entries.map(originOf);
    if (origins.every((origin) => origin !== null)) return origins;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be http(s) origins such as https://reviews.example.com (no path), separated by commas or spaces',
    });
    return z.NEVER;
  }),
  SECRETS_KEY: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const key = decodeSecretsKey(value);
    if (key) return key;
    ctx.addIssue({
      code: 'custom',
      message: 'must be 32 bytes in base64, such as the output of: openssl rand -base64 32',
    });
    return z.NEVER;
  }),
  ONESIGNAL_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .transform((url) => (url ?? DEFAULT_PUSH_API_URL).replace(/\/+$/, '')),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string; email: string; password: string | undefined };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Sub-path the console is served under by a proxy, without trailing slash ('' at the root). */
  basePath: string;
  /** Which X-Forwarded-For hops to believe: a hop count or the proxies' addresses; false: none. */
  trustProxy: false | number | string[];
  /** Create demo players on first start: default on for embedded, off with DATABASE_URL. */
  demoData: boolean;
  /** CSP frame-ancestors: origins allowed to embed the console ('self' by default). */
  frameAncestors: string[];
  /** Origins besides its own the console may call (CSP connect-src), e.g. a REST service. */
  connectSrc: string[];
  /** SECRETS_KEY: encrypts stored secrets; unset, a key is kept in DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** The push provider's REST API base, without trailing slash. */
  pushApiUrl: string;
  /** Who signs admins in: our own password sign-in, or the single sign-on proxy in front. */
  auth: AuthSettings;
}

/**
 * `proxy`: the proxy at one of `proxies` names the signed-in user by email in `header`, and,
 * with `groups`, the user's sign-on groups in `groups.header`, which give the permissions
 * `groups.permissions` maps them to.
 */
export type AuthSettings =
  /** `requireTwoStep` (REQUIRE_2FA): no admin gets past set-up without two-step sign-in. */
  | { mode: 'password'; requireTwoStep?: boolean }
  | {
      mode: 'proxy';
      header: string;
      proxies: string[];
      logoutUrl: string;
      groups?: { header: string; permissions: GroupMapping };
    };

/** The headers oauth2-proxy sets, and its sign-out address. */
export const DEFAULT_PROXY_HEADER = 'X-Forwarded-Email';
export const DEFAULT_PROXY_GROUPS_HEADER = 'X-Forwarded-Groups';
export const DEFAULT_PROXY_LOGOUT_URL = '/oauth2/sign_out';

export class ConfigError extends Error {}

// Never echoed back, even when invalid: a URL may carry a password, a key is one.
const SECRETS = new Set(['ADMIN_PASSWORD', 'DATABASE_URL', 'SECRETS_KEY']);

/** Groups are read when either variable is set: a mapping alone reads oauth2-proxy's header. */
function groupSettings(header: string | undefined, permissions: GroupMapping | undefined) {
  if (header === undefined && permissions === undefined) return {};
  return {
    groups: {
      header: header ?? DEFAULT_PROXY_GROUPS_HEADER,
      permissions: permissions ?? new Map<string, string[]>(),
    },
  };
}

/** The first admin's names: ADMIN_USERNAME and ADMIN_EMAIL, or their defaults. */
function firstAdmin(username: string | undefined, email: string | undefined) {
  const name = username || 'admin';
  return { username: name, email: email || `${name}@example.com` };
}

/**
 * ADMIN_PASSWORD against the admin password rules, for the admin the other variables name
 * (read as they are: the check runs even when those variables are refused too).
 */
function adminPasswordIssues(env: NodeJS.ProcessEnv) {
  if (!env.ADMIN_PASSWORD) return [];
  const admin = firstAdmin(env.ADMIN_USERNAME?.trim(), env.ADMIN_EMAIL?.trim());
  const problem = adminPasswordProblem(env.ADMIN_PASSWORD, admin);
  return problem ? [{ name: 'ADMIN_PASSWORD', message: problem }] : [];
}

/** Reads the environment; a bad value throws ConfigError naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  const issues = [
    ...(parsed.error?.issues.map((issue) => ({
      name: String(issue.path[0]),
      message: issue.message,
    })) ?? []),
    ...adminPasswordIssues(env),
  ];
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map(({ name, message }) => {
      const shown = SECRETS.has(name) ? ' (value hidden)' : `=${JSON.stringify(env[name] ?? '')}`;
      return `  ${name}${shown}: ${message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AUTH_MODE === 'proxy' && !e.TRUSTED_PROXIES) {
    throw new ConfigError(
      "Invalid configuration:\n  TRUSTED_PROXIES: must list the sign-on proxy's addresses (such as 10.0.0.5 or 10.0.0.0/24) when AUTH_MODE=proxy",
    );
  }
  if (e.AUTH_MODE === 'proxy' && e.REQUIRE_2FA === 'true') {
    throw new ConfigError(
      "Invalid configuration:\n  REQUIRE_2FA: two-step sign-in is the sign-on provider's to require when AUTH_MODE=proxy; require it there and leave REQUIRE_2FA unset",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { ...firstAdmin(e.ADMIN_USERNAME, e.ADMIN_EMAIL), password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    basePath: (e.BASE_PATH ?? '').replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY ?? false,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.DATABASE_URL === undefined,
    frameAncestors: e.FRAME_ANCESTORS?.split(/\s+/) ?? ["'self'"],
    connectSrc: e.CONNECT_SRC,
    secretsKey: e.SECRETS_KEY,
    pushApiUrl: e.ONESIGNAL_API_URL,
    auth:
      e.AUTH_MODE === 'proxy' && e.TRUSTED_PROXIES
        ? {
            mode: 'proxy',
            header: e.TRUSTED_PROXY_HEADER ?? DEFAULT_PROXY_HEADER,
            proxies: e.TRUSTED_PROXIES,
            logoutUrl: e.LOGOUT_URL ?? DEFAULT_PROXY_LOGOUT_URL,
            ...groupSettings(e.TRUSTED_PROXY_GROUPS_HEADER, e.SSO_GROUP_PERMISSIONS),
          }
        : { mode: 'password', requireTwoStep: e.REQUIRE_2FA === 'true' },
  };
}
