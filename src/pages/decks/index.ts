import { lazy } from 'react';

// Its own chunk, loaded when /unity/decks first opens (the Layout wraps pages in Suspense): the
// first-visit bundle has no room for it.
export const DecksPage = lazy(() => import('./DecksPage').then((m) => ({ default: m.DecksPage })));
