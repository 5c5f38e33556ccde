import { lazy } from 'react';

// Its own chunk, loaded on the first visit (the Layout wraps pages in Suspense): the first-visit
// bundle has no room for it.
export const IntegrationsPage = lazy(() =>
  import('./IntegrationsPage').then((module) => ({ default: module.IntegrationsPage })),
);
