import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { PermissionArea } from '../contract/permissions';

export type ScreenIcon = typeof SvgIcon;

/**
 * A react-admin resource as its folder declares it, once: `<Resource {...it} />` in App.tsx, and
 * its list's menu link (label and icon) when the menu names it.
 */
export interface ResourceScreen extends ResourceProps {
  icon: ScreenIcon;
  options: { label: string };
  /** Whose permissions open it: seeing needs `<area>:read`, changing `<area>:write`. */
  area: PermissionArea;
}

/** A custom page inside the layout, behind the admin check: its route and its menu link. */
export interface PageScreen {
  path: string;
  label: string;
  icon: ScreenIcon;
  component: ComponentType;
  /** Whose permissions open it (seeing needs `<area>:read`); none: any admin (the dashboard). */
  area?: PermissionArea;
}

/** A resource's declaration, checked as one (its area comes to the access checks from App). */
export const defineResource = (resource: ResourceScreen): ResourceScreen => resource;

/** A page's declaration, checked as one. */
export const definePage = (page: PageScreen): PageScreen => page;

/** Where each screen's link sits in the sidebar: above the Settings group, in it, or below it. */
export type MenuPlacement = Record<'top' | 'settings' | 'bottom', (PageScreen | ResourceScreen)[]>;
