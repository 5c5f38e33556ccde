import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import { API_PREFIX, type OpenApiDocument, openApiDocument, type RouteEntry } from './openapi';
import { docsPage } from './openapi-page';

/** The document's outline, for its own entry in itself. */
const OpenApiShape = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});

/**
 * Serves the API's OpenAPI document and a page reading it. Install before the routes: it
 * records each route as it is registered, and builds both once the app is ready, when no route
 * can be added any more.
 */
export function installOpenApi(app: FastifyInstance, options: { basePath: string }): void {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        permission: route.config?.permission,
      });
    }
  });

  let built: { document: OpenApiDocument; page: string } | undefined;
  app.addHook('onReady', async () => {
    const document = openApiDocument(routes, {
      basePath: options.basePath,
      version: packageJson.version,
    });
    built = { document, page: docsPage(document) };
  });
  // Fastify answers no request before onReady has run.
  const ready = () => built as NonNullable<typeof built>;

  app.get(
    `${API_PREFIX}/openapi.json`,
    { schema: { response: { 200: OpenApiShape } } },
    async () => ready().document,
  );
  app.get(`${API_PREFIX}/docs`, { schema: { produces: ['text/html'] } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(ready().page),
  );
}
