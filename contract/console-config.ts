import { z } from 'zod';

/**
 * `config.json`, next to the console's index.html: what the built console needs to know of the
 * place it is served from, read at start, so one build works under any sub-path and sign-in.
 */
export const ConsoleConfig = z.strictObject({
  /** Where the API lives: `/admin/api`, or another origin's `https://api.example.com/api`. */
  apiBase: z.string(),
  /** The sub-path the console is served under: '' at the root, or `/admin`. */
  basePath: z.string(),
  /** `password`: the console's own sign-in; `proxy`: a single sign-on proxy signs admins in. */
  authMode: z.enum(['password', 'proxy']),
  /** Where Logout goes when the proxy signs admins in (its sign-out address); null otherwise. */
  logoutUrl: z.string().nullable(),
});
export type ConsoleConfig = z.infer<typeof ConsoleConfig>;
