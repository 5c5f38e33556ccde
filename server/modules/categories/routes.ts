import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../crud/routes';
import { categories } from './resource';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) =>
  registerCrudRoutes(app, categories);
