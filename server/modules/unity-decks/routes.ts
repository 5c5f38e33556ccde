import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const deckRoutes: FastifyPluginAsyncZod = async () => {};
