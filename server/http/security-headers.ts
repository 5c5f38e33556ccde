import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The protective headers of every answer, computed once by helmet from our policy. They are
 * the same for every request, so the server sets them from this table: in a hook for routed
 * requests, and by hand for the few answers Fastify gives before any hook runs (an address it
 * cannot decode).
 */
export function securityHeaders({
  frameAncestors,
  connectSrc,
}: {
  /** Who may embed the console. */
  frameAncestors: string[];
  /** Origins besides its own the console may call. */
  connectSrc: string[];
}): Record<string, string> {
  const ownOriginOnly = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI and emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // frame-ancestors decides embedding; X-Frame-Options, for browsers that ignore it, can only
    // say the same when no other origin is allowed (it would contradict an allow-list).
    xFrameOptions: ownOriginOnly ? { action: 'sameorigin' } : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
