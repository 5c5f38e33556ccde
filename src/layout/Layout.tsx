import { Box, useMediaQuery } from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { NARROW_SCREEN_QUERY } from '../components/SidePanels';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { getSidebarCollapsed, setSidebarCollapsed } from '../storage';
import { ACCOUNT_PATH, useTwoStepSetupRequired } from '../twoStepGate';
import { Sidebar } from './Sidebar';
import { useShell } from './shell';
import { TopBar } from './TopBar';

// Fetched after the shell's first render, which does not wait for it.
const LiveLayer = lazy(() => import('../live/LiveLayer'));

/**
 * The page shell: sidebar + 64 px top bar + page content; live updates keep it current. While
 * two-step set-up is due (REQUIRE_2FA) the admin API refuses everything: only My account opens,
 * any other route goes there, and nothing that asks the admin API runs.
 */
export const Layout = ({ children }: { children?: ReactNode }) => {
  const confined = useTwoStepSetupRequired();
  const { notice: Notice } = useShell();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const [collapsed, setCollapsed] = useState(getSidebarCollapsed);
  const [overlayOpen, setOverlayOpen] = useState(false);

  useEffect(() => {
    if (!narrow) setOverlayOpen(false);
  }, [narrow]);

  const toggleCollapsed = () => {
    setCollapsed(!collapsed);
    setSidebarCollapsed(!collapsed);
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      {!confined && (
        <Suspense fallback={null}>
          <LiveLayer />
        </Suspense>
      )}
      <Sidebar
        overlay={narrow}
        overlayOpen={overlayOpen}
        onOverlayClose={() => setOverlayOpen(false)}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          showMenuButton={narrow}
          menuOpen={overlayOpen}
          onOpenMenu={() => setOverlayOpen(true)}
        />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <PageErrorBoundary>
            <Suspense fallback={<LoadingScreen />}>
              {confined && pathname !== ACCOUNT_PATH ? (
                <Navigate to={ACCOUNT_PATH} replace />
              ) : (
                <>
                  {Notice && pathname !== ACCOUNT_PATH && <Notice />}
                  {children}
                </>
              )}
            </Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
};
