import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Button, IconButton } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { getStoredUser } from '../storage';

// MUI's Menu (popover, transitions, focus handling) weighs on every first visit; it loads when
// the admin first opens the menu, or points at its button.
const loadList = () => import('./UserMenuList');
const UserMenuList = lazy(loadList);

/**
 * The top bar's 'Hi, {username}' (an icon while no username is stored), a button that opens the
 * admin's own menu: My account and Logout.
 */
export const UserMenu = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const username = getStoredUser()?.username;
  const open = anchor !== null;

  const trigger = {
    id: buttonId,
    color: 'inherit',
    'aria-haspopup': 'menu',
    'aria-controls': open ? menuId : undefined,
    'aria-expanded': open,
    onPointerEnter: loadList,
    onFocus: loadList,
    onClick: (event: { currentTarget: HTMLElement }) => {
      setOpened(true);
      setAnchor(event.currentTarget);
    },
  } as const;

  return (
    <>
      {username ? (
        <Button
          {...trigger}
          sx={{ textTransform: 'none', minWidth: 0, maxWidth: '40%', flexShrink: 1 }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {`Hi, ${username}`}
          </span>
        </Button>
      ) : (
        <IconButton {...trigger} aria-label="Account">
          <AccountCircleIcon />
        </IconButton>
      )}
      {/* Kept once opened, so it can close with its transition. */}
      {opened && (
        <Suspense fallback={null}>
          <UserMenuList
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
};
