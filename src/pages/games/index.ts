import { lazy } from 'react';

// Its own chunk, loaded when /games first opens (the Layout wraps pages in Suspense): the
// first-visit bundle has no room for it.
export const GamesPage = lazy(() => import('./GamesPage').then((m) => ({ default: m.GamesPage })));
