import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Drawer, IconButton, Tooltip, Typography } from '@mui/material';
import { SidebarMenu } from './SidebarMenu';

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 72;
export const TOP_BAR_HEIGHT = 64;
export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  /** Narrow viewport: the sidebar is an overlay opened from the top bar. */
  overlay: boolean;
  overlayOpen: boolean;
  onOverlayClose: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

const Brand = ({
  collapsed,
  onToggleCollapsed,
}: {
  collapsed: boolean;
  onToggleCollapsed?: () => void;
}) => (
  <Box
    sx={{
      height: TOP_BAR_HEIGHT,
      flexShrink: 0,
      display: 'flex',
      alignItems: 'center',
      justifyContent: collapsed ? 'center' : 'space-between',
      px: collapsed ? 0 : 2,
    }}
  >
    {!collapsed && (
      <Typography component="div" variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
        Rewards Admin
      </Typography>
    )}
    {onToggleCollapsed && (
      <Tooltip title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
        <IconButton
          onClick={onToggleCollapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-controls={SIDEBAR_ID}
          aria-expanded={!collapsed}
        >
          {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        </IconButton>
      </Tooltip>
    )}
  </Box>
);

/**
 * Desktop: a permanent sidebar that can collapse to icons. Narrow screens: a temporary overlay
 * (closed by Escape, the backdrop or a link click).
 */
export const Sidebar = ({
  overlay,
  overlayOpen,
  onOverlayClose,
  collapsed,
  onToggleCollapsed,
}: SidebarProps) => {
  if (overlay) {
    return (
      <Drawer
        variant="temporary"
        open={overlayOpen}
        onClose={onOverlayClose}
        slotProps={{ paper: { id: SIDEBAR_ID, sx: { width: SIDEBAR_WIDTH } } }}
      >
        <Brand collapsed={false} />
        <SidebarMenu collapsed={false} onNavigate={onOverlayClose} />
      </Drawer>
    );
  }
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={(theme) => ({
        width,
        flexShrink: 0,
        transition: theme.transitions.create('width', {
          duration: theme.transitions.duration.shorter,
        }),
      })}
      slotProps={{
        paper: {
          id: SIDEBAR_ID,
          sx: (theme) => ({
            width,
            overflowX: 'hidden',
            transition: theme.transitions.create('width', {
              duration: theme.transitions.duration.shorter,
            }),
          }),
        },
      }}
    >
      <Brand collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} />
      <SidebarMenu collapsed={collapsed} />
    </Drawer>
  );
};
