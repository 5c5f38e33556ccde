import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const offerRoutes: FastifyPluginAsyncZod = async () => {};
