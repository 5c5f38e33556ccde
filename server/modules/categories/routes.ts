import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const categoryRoutes: FastifyPluginAsyncZod = async () => {};
