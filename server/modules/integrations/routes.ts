import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const integrationRoutes: FastifyPluginAsyncZod = async () => {};
