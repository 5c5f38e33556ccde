import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const withdrawalTypeRoutes: FastifyPluginAsyncZod = async () => {};
