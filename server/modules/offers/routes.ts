import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../crud/routes';
import { offers } from './resource';

export const offerRoutes: FastifyPluginAsyncZod = async (app) => registerCrudRoutes(app, offers);
