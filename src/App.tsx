import { type ComponentType, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { authProvider } from './authProvider';
import { GuardedPage } from './components/GuardedPage';
import { LatestNotification } from './components/LatestNotification';
import { LoadingScreen } from './components/LoadingScreen';
import { config } from './config';
import { dataProvider } from './dataProvider';
import { Layout } from './layout/Layout';
import { DashboardPage } from './pages/dashboard';
import { DecksPage } from './pages/decks';
import { GamesPage } from './pages/games';
import { IntegrationsPage } from './pages/integrations';
import { LegalPage } from './pages/legal';
import { SignInPage } from './pages/login';
import { NotificationsPage } from './pages/notifications';
import { AppInfoPage, DailyRewardsPage, ReferralPage } from './pages/settings';
import { audit } from './resources/audit';
import { bots } from './resources/bots';
import { plainResources } from './resources/plain/registry';
import { users } from './resources/users';
import { WithdrawalTypesPage } from './resources/withdrawal-types';
import { withdrawals } from './resources/withdrawals';
import { createStore } from './store';
import { darkTheme, lightTheme } from './theme';

const store = createStore();

/** The custom pages inside the layout, each behind the admin check (spec section 2). */
const customPages: [string, ComponentType][] = [
  ['/settings/daily-rewards', DailyRewardsPage],
  ['/settings/referral', ReferralPage],
  ['/settings/appinfo', AppInfoPage],
  ['/settings/integrations', IntegrationsPage],
  ['/settings/legal', LegalPage],
  ['/games', GamesPage],
  ['/unity/decks', DecksPage],
  ['/settings/withdrawal-types', WithdrawalTypesPage],
  ['/settings/notifications', NotificationsPage],
];

/** Unknown paths go to the dashboard (spec section 2). */
const RedirectHome = () => <Navigate to="/" replace />;

/**
 * The map of the console. /login is the only route outside the guard; every other route waits
 * for the admin ping ('Loading...') and then renders inside the Layout, or logs out to /login.
 */
const Console = () => (
  <Admin
    title="Rewards Admin"
    disableTelemetry
    requireAuth
    authProvider={authProvider}
    dataProvider={dataProvider}
    layout={Layout}
    loginPage={SignInPage}
    dashboard={DashboardPage}
    loading={LoadingScreen}
    catchAll={RedirectHome}
    notification={LatestNotification}
    theme={lightTheme}
    darkTheme={darkTheme}
    store={store}
  >
    {/* Resources, one line each as screens are built */}
    <Resource name="users" {...users} />
    <Resource name="withdrawals" {...withdrawals} />
    <Resource name="bots" {...bots} />
    <Resource name="audit" {...audit} />
    {plainResources.map(({ name, props }) => (
      <Resource key={name} name={name} {...props} />
    ))}
    <CustomRoutes>
      {customPages.map(([path, Page]) => (
        <Route
          key={path}
          path={path}
          element={
            <GuardedPage>
              <Page />
            </GuardedPage>
          }
        />
      ))}
    </CustomRoutes>
  </Admin>
);

/** A data router, so forms can ask before unsaved edits are left behind (navigation blocking). */
export const App = () => {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <Console /> }], {
      basename: config.basePath || '/',
    }),
  );
  // Without transitions, as BrowserRouter: a list reads its new filters in the render that
  // follows the navigation, never a stale set that a later filter change would write back.
  return <RouterProvider router={router} useTransitions={false} />;
};
