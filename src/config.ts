import type { ConsoleConfig } from '../contract/console-config';

/**
 * Runtime configuration, read at start so one build runs anywhere.
 *
 * `basePath` is where the console is mounted ('' at the root, '/admin' under a sub-path). The
 * server writes it into index.html as `<base href>`; we read it back from `document.baseURI`.
 * `config.json`, next to index.html, may then set every field (the server answers its own;
 * a static host may serve one that points at any API speaking the contract):
 * `apiBase` (default `${basePath}/api`), `basePath`, `authMode` and `logoutUrl`.
 */
export type AppConfig = ConsoleConfig;

const stripTrailingSlashes = (value: string) => value.replace(/\/+$/, '');

/** Pathname of the `<base href>` without trailing slash; '' at the root or without a base. */
export const detectBasePath = (): string => {
  if (typeof document === 'undefined' || !document.querySelector('base[href]')) return '';
  return stripTrailingSlashes(new URL(document.baseURI).pathname);
};

const defaults = (): AppConfig => {
  const basePath = detectBasePath();
  return { basePath, apiBase: `${basePath}/api`, authMode: 'password', logoutUrl: null };
};

/** The live configuration; read it at call time (loadConfig may replace its values). */
export const config: AppConfig = defaults();

/** Turns a configured API base into an absolute path or URL without trailing slash. */
const normaliseApiBase = (value: string): string => {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/')) {
    return stripTrailingSlashes(trimmed);
  }
  // relative to the console's base, e.g. "api" or "../api"
  const resolved = new URL(trimmed, document.baseURI);
  return stripTrailingSlashes(resolved.pathname);
};

const CONFIG_TIMEOUT_MS = 1500;

/** An HTTP or HTTPS URL, or a path on this host (not `//host`, which leaves it). */
const SIGN_OUT_ADDRESS = /^(https?:\/\/|\/(?![/\\]))/i;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The usable fields of config.json; each one missing or malformed keeps its default. */
const apply = (body: Record<string, unknown>) => {
  const basePath = typeof body.basePath === 'string' ? body.basePath.trim() : undefined;
  if (basePath !== undefined && /^(\/[^/?#\s]+)*\/?$/.test(basePath)) {
    config.basePath = stripTrailingSlashes(basePath);
    config.apiBase = `${config.basePath}/api`;
  }
  const apiBase = text(body.apiBase);
  if (apiBase) config.apiBase = normaliseApiBase(apiBase);
  if (body.authMode === 'password' || body.authMode === 'proxy') config.authMode = body.authMode;
  const logoutUrl = text(body.logoutUrl);
  if (logoutUrl && SIGN_OUT_ADDRESS.test(logoutUrl)) config.logoutUrl = logoutUrl;
};

/**
 * Reads `config.json` relative to the base. It is optional: a 404, a network error, a slow
 * answer or anything that is not a JSON object leaves the defaults in place.
 */
export const loadConfig = async (): Promise<AppConfig> => {
  Object.assign(config, defaults());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONFIG_TIMEOUT_MS);
  try {
    const url = new URL('config.json', document.baseURI).toString();
    const response = await fetch(url, {
      // Behind a sign-on proxy even this file needs the proxy's cookie.
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return config;
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      apply(body as Record<string, unknown>);
    }
  } catch {
    // no config.json (or not JSON): keep the defaults
  } finally {
    clearTimeout(timer);
  }
  return config;
};
