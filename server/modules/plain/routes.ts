import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../crud/routes';
import * as exported from './resources';

// Every value resources.ts exports is a resource: the type checker holds it to that here.
const resources: Record<string, exported.PlainResource> = exported;

export const plainRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const resource of Object.values(resources)) registerCrudRoutes(app, resource);
};
