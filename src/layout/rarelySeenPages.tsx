import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingScreen } from '../components/LoadingScreen';

/** A page fetched the first time it shows: what it brings is no part of the first visit. */
const onDemand = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (props: P) => (
    <Suspense fallback={<LoadingScreen />}>
      <Page {...props} />
    </Suspense>
  );
};

/*
 * react-admin's own pages for what seldom happens, as its <AdminUI> shows them: a render error,
 * an authentication error, and the /auth-callback route.
 */
export const ErrorPage = onDemand(() => import('./raPages').then((ra) => ra.Error));
export const AuthenticationErrorPage = onDemand(() =>
  import('./raPages').then((ra) => ra.AuthenticationError),
);
export const AuthCallbackPage = onDemand(() => import('./raPages').then((ra) => ra.AuthCallback));
