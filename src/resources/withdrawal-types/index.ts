import { lazy } from 'react';

// The page is its own chunk, loaded on the first visit (the Layout wraps pages in Suspense).
export const WithdrawalTypesPage = lazy(() =>
  import('./WithdrawalTypesPage').then((module) => ({ default: module.WithdrawalTypesPage })),
);
