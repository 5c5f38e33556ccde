import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, IconButton, Toolbar, Typography } from '@mui/material';
import { type RefObject, useEffect, useRef } from 'react';
import { LiveIndicator } from '../live/LiveIndicator';
import { useTwoStepSetupRequired } from '../twoStepGate';
import { PAGE_HEADING_ID } from './pageHeading';
import { SIDEBAR_ID, TOP_BAR_HEIGHT } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

export const APP_NAME = 'Rewards Admin';

interface TopBarProps {
  showMenuButton: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
}

/** Keeps document.title in step with the page title that <Title> portals into the top bar. */
const useDocumentTitleFrom = (ref: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const sync = () => {
      const text = element.textContent?.trim();
      document.title = text ? `${text} · ${APP_NAME}` : APP_NAME;
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref]);
};

/**
 * 64 px at every width: menu button (narrow screens), page title, the live indicator (no live
 * stream while two-step set-up is due), the greeting that opens the user menu, theme toggle.
 */
export const TopBar = ({ showMenuButton, menuOpen, onOpenMenu }: TopBarProps) => {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitleFrom(titleRef);
  const confined = useTwoStepSetupRequired();

  return (
    <AppBar position="sticky" elevation={1} sx={{ height: TOP_BAR_HEIGHT }}>
      <Toolbar sx={{ height: TOP_BAR_HEIGHT, minHeight: TOP_BAR_HEIGHT, gap: 1 }}>
        {showMenuButton && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            aria-controls={menuOpen ? SIDEBAR_ID : undefined}
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        {/* react-admin's <Title> portals the page title into this element */}
        <Typography
          ref={titleRef}
          id={PAGE_HEADING_ID}
          component="h1"
          variant="h6"
          noWrap
          // focusable from script only: the menu search moves focus here after opening a page
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, outline: 'none' }}
        />
        {!confined && <LiveIndicator />}
        <UserMenu />
        <ThemeToggle />
      </Toolbar>
    </AppBar>
  );
};
