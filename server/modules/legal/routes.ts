import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const legalRoutes: FastifyPluginAsyncZod = async () => {};
