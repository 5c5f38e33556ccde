import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactElement, useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { getOpenGroups, type OpenGroups, setOpenGroups } from '../storage';
import { useTwoStepSetupRequired } from '../twoStepGate';
import { MenuCount } from './MenuCount';
import { MenuMatchList, MenuSearchBox, useMenuSearch } from './MenuSearch';
import {
  groupContainsPath,
  isLinkActive,
  type MenuEntry,
  type MenuGroup,
  type MenuLink,
} from './menu';
import { iconSx, itemSx } from './menuItemSx';
import { useAllowedMenu } from './useAllowedMenu';
import { type PendingCount, usePendingCounts } from './usePendingCount';
import { useSignOut } from './useSignOut';

interface SidebarMenuProps {
  /** Icons only, with tooltips; the search box is hidden. */
  collapsed: boolean;
  /** Called after a link is followed (closes the mobile overlay). */
  onNavigate?: () => void;
  /**
   * The entries shown: by default the menu's links the admin may follow; none while two-step
   * set-up is due (only My account opens).
   */
  entries?: MenuEntry[];
}

/** Wraps `children` in a right-hand tooltip only while the sidebar is collapsed. */
const CollapsedTooltip = ({
  show,
  title,
  children,
}: {
  show: boolean;
  title: string;
  children: ReactElement;
}) =>
  show ? (
    <Tooltip title={title} placement="right">
      {children}
    </Tooltip>
  ) : (
    children
  );

const MenuLinkItem = ({
  item,
  collapsed,
  nested,
  pathname,
  onNavigate,
  count,
}: {
  item: MenuLink;
  collapsed: boolean;
  nested: boolean;
  pathname: string;
  onNavigate?: () => void;
  /** Shown beside the label (the pending withdrawals); none or 0: nothing. */
  count?: PendingCount | undefined;
}) => {
  const Icon = item.icon;
  const countId = useId();
  const counted = count !== undefined && count.count > 0;
  return (
    <li>
      <CollapsedTooltip show={collapsed} title={item.label}>
        <ListItemButton
          component={NavLink}
          to={item.to}
          end={item.to === '/'}
          selected={isLinkActive(item.to, pathname)}
          onClick={onNavigate}
          // the count is the link's description, not part of its name
          aria-label={collapsed || counted ? item.label : undefined}
          aria-describedby={counted ? countId : undefined}
          sx={itemSx(collapsed, nested)}
        >
          <ListItemIcon sx={iconSx(collapsed)}>
            <Icon fontSize="small" />
          </ListItemIcon>
          {!collapsed && (
            <ListItemText primary={item.label} slotProps={{ primary: { noWrap: true } }} />
          )}
          {counted && (
            <MenuCount
              id={countId}
              count={count.count}
              orMore={count.orMore}
              collapsed={collapsed}
            />
          )}
        </ListItemButton>
      </CollapsedTooltip>
    </li>
  );
};

const MenuGroupItem = ({
  group,
  open,
  onToggle,
  collapsed,
  pathname,
  onNavigate,
  countOf,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
  countOf: (link: MenuLink) => PendingCount | undefined;
}) => {
  const Icon = group.icon;
  const listId = `menu-group-${group.id}`;
  return (
    <li>
      <CollapsedTooltip show={collapsed} title={group.label}>
        <ListItemButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={listId}
          aria-label={collapsed ? group.label : undefined}
          sx={itemSx(collapsed, false)}
        >
          <ListItemIcon sx={iconSx(collapsed)}>
            <Icon fontSize="small" />
          </ListItemIcon>
          {!collapsed && (
            <ListItemText primary={group.label} slotProps={{ primary: { noWrap: true } }} />
          )}
          {!collapsed && (open ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </CollapsedTooltip>
      <Collapse in={open} timeout="auto">
        <List
          id={listId}
          disablePadding
          aria-label={group.label}
          // collapsed: a light band marks the icons that belong to the group
          sx={collapsed ? { bgcolor: 'action.hover', py: 0.5 } : undefined}
        >
          {group.children.map((child) => (
            <MenuLinkItem
              key={child.to}
              item={child}
              collapsed={collapsed}
              nested
              pathname={pathname}
              onNavigate={onNavigate}
              count={countOf(child)}
            />
          ))}
        </List>
      </Collapse>
    </li>
  );
};

const NO_ENTRIES: MenuEntry[] = [];

/** Search box, menu entries and the Logout button: the body of the sidebar. */
export const SidebarMenu = ({ collapsed, onNavigate, entries: given }: SidebarMenuProps) => {
  const allowed = useAllowedMenu();
  const confined = useTwoStepSetupRequired();
  const entries = confined ? NO_ENTRIES : (given ?? allowed);
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const [openGroups, setOpenGroupsState] = useState<OpenGroups>(getOpenGroups);

  const toggleGroup = (id: string) => {
    const next = { ...openGroups, [id]: !openGroups[id] };
    setOpenGroupsState(next);
    setOpenGroups(next);
  };

  // A group opens by itself when the current path is one of its routes.
  useEffect(() => {
    const toOpen = entries.filter(
      (entry): entry is MenuGroup => entry.kind === 'group' && groupContainsPath(entry, pathname),
    );
    if (toOpen.length === 0) return;
    // (the write is idempotent, so it is safe inside the updater)
    setOpenGroupsState((groups) => {
      if (toOpen.every((group) => groups[group.id])) return groups;
      const next = { ...groups };
      for (const group of toOpen) next[group.id] = true;
      setOpenGroups(next);
      return next;
    });
  }, [entries, pathname]);

  const search = useMenuSearch(entries, !collapsed, onNavigate);
  const counts = usePendingCounts();
  const countOf = (link: MenuLink) => (link.screen ? counts[link.screen] : undefined);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      {!collapsed && !confined && <MenuSearchBox search={search} />}
      <Box component="nav" aria-label="Main menu" sx={{ flexGrow: 1, overflowY: 'auto' }}>
        {search.results?.length === 0 ? (
          <Typography role="status" sx={{ px: 3, py: 2, color: 'text.secondary' }}>
            No matches
          </Typography>
        ) : search.results ? (
          <MenuMatchList search={search} results={search.results} />
        ) : (
          <List component="ul" sx={{ py: 0.5 }}>
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <MenuLinkItem
                  key={entry.to}
                  item={entry}
                  collapsed={collapsed}
                  nested={false}
                  pathname={pathname}
                  onNavigate={onNavigate}
                  count={countOf(entry)}
                />
              ) : (
                <MenuGroupItem
                  key={entry.id}
                  group={entry}
                  open={!!openGroups[entry.id]}
                  onToggle={() => toggleGroup(entry.id)}
                  collapsed={collapsed}
                  pathname={pathname}
                  onNavigate={onNavigate}
                  countOf={countOf}
                />
              ),
            )}
          </List>
        )}
      </Box>
      <Divider />
      <List component="div" sx={{ py: 1 }}>
        <CollapsedTooltip show={collapsed} title="Logout">
          <ListItemButton
            onClick={signOut}
            aria-label={collapsed ? 'Logout' : undefined}
            sx={itemSx(collapsed, false)}
          >
            <ListItemIcon sx={iconSx(collapsed)}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {!collapsed && (
              <ListItemText primary="Logout" slotProps={{ primary: { noWrap: true } }} />
            )}
          </ListItemButton>
        </CollapsedTooltip>
      </List>
    </Box>
  );
};
