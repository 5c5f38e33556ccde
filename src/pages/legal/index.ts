import { lazy } from 'react';

// Its own chunk, with the rich-text editor and DOMPurify, loaded when /settings/legal first
// opens (the Layout wraps pages in Suspense): the first-visit bundle has no room for them.
export const LegalPage = lazy(() => import('./LegalPage').then((m) => ({ default: m.LegalPage })));
