import { CssBaseline } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  AdminContext,
  type AuthProvider,
  CoreAdminUI,
  CustomRoutes,
  type DashboardComponent,
  type DataProvider,
  Resource,
  type Store,
} from 'react-admin';
import { createBrowserRouter, Route, type RouteObject, RouterProvider } from 'react-router-dom';
import { AccessDenied } from './access/AccessDenied';
import { AreasProvider, areasOf, type ScreenAreas } from './access/areas';
import { guardResource } from './access/guardResource';
import { RequireAccess } from './access/RequireAccess';
import { createAuthProvider } from './authProvider';
import { DirtyFormsProvider } from './components/dirtyForms';
import { GuardedPage } from './components/GuardedPage';
import { LatestNotification } from './components/LatestNotification';
import { LoadingScreen } from './components/LoadingScreen';
import { config } from './config';
import { dataProvider as defaultDataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { menuOf } from './layout/menu';
import { NotFoundRedirect } from './layout/NotFoundRedirect';
import { AuthCallbackPage, AuthenticationErrorPage, ErrorPage } from './layout/rarelySeenPages';
import { ShellProvider } from './layout/shell';
import { accountPage } from './pages/account';
import { WrongCodesWarning } from './pages/account/WrongCodesWarning';
import { SignInPage } from './pages/login';
import {
  dashboard,
  menuScreens,
  resources as registered,
  pages as registeredPages,
} from './registry/screens';
import type { MenuPlacement, PageScreen, ResourceScreen } from './screen';
import { createStore } from './store';
import { darkTheme, lightTheme } from './theme';

/** Makes the data router over the console's routes (the browser's history by default). */
export type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  router?: RouterFactory;
  /** Where react-admin keeps list parameters and preferences (localStorage by default). */
  store?: Store;
  /** The resources mounted; the registry's by default. */
  resources?: ResourceScreen[];
  /** The custom pages routed inside the layout; the registry's by default. */
  pages?: PageScreen[];
  /** Where each screen's link sits in the sidebar; the registry's by default. */
  menu?: MenuPlacement;
}

type ConsoleProps = Required<Omit<AppProps, 'router'>> & { areas: ScreenAreas };

/**
 * The map of the console, read from the registry. /login is the only route outside the guard;
 * every other route waits for the admin ping ('Loading...') and then renders inside the Layout,
 * or logs out to /login; a route the admin's permissions do not open says so instead.
 */
const Console = ({
  dataProvider,
  authProvider,
  store,
  resources,
  pages,
  menu,
  areas,
}: ConsoleProps) => {
  const shell = useMemo(() => ({ menu: menuOf(menu), notice: WrongCodesWarning }), [menu]);
  return (
    // react-admin's <Admin>, in its two parts: <Admin> would also bring its default translator.
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={lightTheme}
      darkTheme={darkTheme}
      store={store}
    >
      <AreasProvider value={areas}>
        <ShellProvider value={shell}>
          <DirtyFormsProvider>
            {/* react-admin's <AdminUI> with our pages: its own would all be in the first visit. */}
            <CssBaseline enableColorScheme />
            <CoreAdminUI
              title="Rewards Admin"
              disableTelemetry
              requireAuth
              layout={Layout}
              loginPage={SignInPage}
              dashboard={dashboard.component as DashboardComponent}
              loading={LoadingScreen}
              catchAll={NotFoundRedirect}
              accessDenied={AccessDenied}
              error={ErrorPage}
              authenticationError={AuthenticationErrorPage}
              authCallbackPage={AuthCallbackPage}
            >
              {resources.map((resource) => (
                <Resource key={resource.name} {...resource} />
              ))}
              <CustomRoutes>
                {pages.map(({ path, component: Page }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <GuardedPage>
                        <RequireAccess action="read" resource={path}>
                          <Page />
                        </RequireAccess>
                      </GuardedPage>
                    }
                  />
                ))}
                {/* Every admin's own account, whatever they hold: no access check, no menu entry. */}
                <Route
                  path={accountPage.path}
                  element={
                    <GuardedPage>
                      <accountPage.component />
                    </GuardedPage>
                  }
                />
              </CustomRoutes>
            </CoreAdminUI>
            <LatestNotification />
          </DirtyFormsProvider>
        </ShellProvider>
      </AreasProvider>
    </AdminContext>
  );
};

const browserRouter: RouterFactory = (routes) =>
  createBrowserRouter(routes, { basename: config.basePath || '/' });

/**
 * The console's root. Everything it talks to comes in as props, so tests render this very root
 * with a memory router and their own store; a data router lets forms ask before unsaved edits
 * are left behind (navigation blocking).
 */
export const App = ({
  dataProvider = defaultDataProvider,
  authProvider,
  router: makeRouter = browserRouter,
  store,
  resources = registered,
  pages = registeredPages,
  menu = menuScreens,
}: AppProps) => {
  const [router] = useState(() => {
    const areas = areasOf(resources, pages);
    return makeRouter([
      {
        path: '*',
        element: (
          <Console
            dataProvider={dataProvider}
            authProvider={authProvider ?? createAuthProvider({ areas })}
            areas={areas}
            store={store ?? createStore()}
            resources={resources.map(guardResource)}
            pages={pages}
            menu={menu}
          />
        ),
      },
    ]);
  });
  // Without transitions, as BrowserRouter: a list reads its new filters in the render that
  // follows the navigation, never a stale set that a later filter change would write back.
  return <RouterProvider router={router} useTransitions={false} />;
};
