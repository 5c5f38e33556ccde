import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { GuardedPage } from './components/GuardedPage';
import { LoadingScreen } from './components/LoadingScreen';
import { config } from './config';
import { dataProvider } from './dataProvider';
import { Layout } from './layout/Layout';
import { DashboardPage } from './pages/dashboard';
import { GamesPage } from './pages/games';
import { LoginPage } from './pages/login';
import { bots } from './resources/bots';
import { users } from './resources/users';
import { WithdrawalTypesPage } from './resources/withdrawal-types';
import { withdrawals } from './resources/withdrawals';
import { createStore } from './store';
import { darkTheme, lightTheme } from './theme';

const store = createStore();

/** Unknown paths go to the dashboard (spec section 2). */
const RedirectHome = () => <Navigate to="/" replace />;

/**
 * The map of the console. /login is the only route outside the guard; every other route waits
 * for the admin ping ('Loading...') and then renders inside the Layout, or logs out to /login.
 */
export const App = () => (
  <BrowserRouter basename={config.basePath || '/'}>
    <Admin
      title="Rewards Admin"
      disableTelemetry
      requireAuth
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={DashboardPage}
      loading={LoadingScreen}
      catchAll={RedirectHome}
      theme={lightTheme}
      darkTheme={darkTheme}
      store={store}
    >
      {/* Resources, one line each as screens are built */}
      <Resource name="users" {...users} />
      <Resource name="withdrawals" {...withdrawals} />
      <Resource name="bots" {...bots} />
      <CustomRoutes>
        {/* Custom pages inside the layout, each behind the admin check. */}
        <Route
          path="/games"
          element={
            <GuardedPage>
              <GamesPage />
            </GuardedPage>
          }
        />
        <Route
          path="/settings/withdrawal-types"
          element={
            <GuardedPage>
              <WithdrawalTypesPage />
            </GuardedPage>
          }
        />
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);
