import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate } from 'react-router-dom';
import { authProvider } from './authProvider';
import { LoadingScreen } from './components/LoadingScreen';
import { config } from './config';
import { dataProvider } from './dataProvider';
import { Layout } from './layout/Layout';
import { DashboardPage } from './pages/dashboard';
import { LoginPage } from './pages/login';
import { users } from './resources/users';
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
      <CustomRoutes>
        {/* Custom pages inside the layout, each behind the admin check, e.g.
            <Route path="/settings/appinfo" element={<GuardedPage><AppInfoPage /></GuardedPage>} /> */}
        {null}
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);
