import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ConsoleConfig } from '../../contract/console-config';
import type { AuthSettings } from '../config';

export interface ConsoleOptions {
  /** The built console (vite's outDir); absent or unbuilt → a page saying how to build it. */
  dir: string | null;
  /** Sub-path a proxy serves us under ('' at the root). */
  basePath: string;
  /** How admins sign in, for the console's config.json. */
  auth: AuthSettings;
}

const NOT_BUILT =
  '<!doctype html><title>Console not built</title><p>The console has not been built. Run <code>npm run build</code>, then reload.</p>';

function isApiPath(urlPath: string): boolean {
  return urlPath === '/api' || urlPath.startsWith('/api/');
}

/** The path as typed, or as the static handler would decode it: either names the API. */
function namesApi(url: string): boolean {
  const urlPath = url.split('?')[0] ?? '/';
  let decoded = urlPath;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {}
  return isApiPath(urlPath) || isApiPath(decoded);
}

/**
 * Serves the console: hashed assets with long caching, and index.html (with the <base href>
 * the sub-path needs) for every other GET without a file extension, so deep links work.
 * Anything else unknown, and every unknown /api path, answers a JSON 404.
 */
export async function installConsole(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const indexFile = options.dir && path.join(options.dir, 'index.html');
  const html =
    indexFile && fs.existsSync(indexFile)
      ? fs
          .readFileSync(indexFile, 'utf8')
          .replace(/<base href="[^"]*"\s*\/?>/, `<base href="${options.basePath}/">`)
      : null;

  if (html && options.dir) {
    // The static handler's wildcard would take an unknown /api path, and answer it 403 if it
    // holds a dot segment: the API's own 404 answers it instead.
    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route && !route.startsWith('/api') && namesApi(request.url)) {
        return reply.callNotFound();
      }
    });
    await app.register(fastifyStatic, {
      root: options.dir,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply) =>
    reply
      .code(html ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html ?? NOT_BUILT);

  // The static handler would answer the root directory itself with 403.
  app.get('/', (_request, reply) => sendPage(reply));
  const runtime: ConsoleConfig = {
    apiBase: `${options.basePath}/api`,
    basePath: options.basePath,
    authMode: options.auth.mode,
    logoutUrl: options.auth.mode === 'proxy' ? options.auth.logoutUrl : null,
  };
  // The console reads it at start: one build runs under any sub-path and either sign-in.
  app.get('/config.json', (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(runtime),
  );
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(urlPath) &&
      !/\.[A-Za-z0-9]+$/.test(urlPath);
    if (!wantsPage) return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    return sendPage(reply);
  });
}
