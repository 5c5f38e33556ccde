/**
 * Runtime configuration.
 *
 * `basePath` is where the console is mounted ('' at the root, '/admin' under a sub-path). The
 * server writes it into index.html as `<base href>`; we read it back from `document.baseURI`.
 * `apiBase` defaults to `${basePath}/api` and may be overridden by an optional `config.json`
 * served next to index.html (so one build can point at any API that speaks the contract).
 */
export interface AppConfig {
  basePath: string;
  apiBase: string;
}

const stripTrailingSlashes = (value: string) => value.replace(/\/+$/, '');

/** Pathname of the `<base href>` without trailing slash; '' at the root or without a base. */
export const detectBasePath = (): string => {
  if (typeof document === 'undefined' || !document.querySelector('base[href]')) return '';
  return stripTrailingSlashes(new URL(document.baseURI).pathname);
};

const defaults = (): AppConfig => {
  const basePath = detectBasePath();
  return { basePath, apiBase: `${basePath}/api` };
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
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return config;
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { apiBase } = body as { apiBase?: unknown };
      if (typeof apiBase === 'string' && apiBase.trim() !== '') {
        config.apiBase = normaliseApiBase(apiBase);
      }
    }
  } catch {
    // no config.json (or not JSON): keep the defaults
  } finally {
    clearTimeout(timer);
  }
  return config;
};
