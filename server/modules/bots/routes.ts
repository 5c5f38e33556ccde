import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const botRoutes: FastifyPluginAsyncZod = async () => {};
