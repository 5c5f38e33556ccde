import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';

export type ScreenIcon = typeof SvgIcon;

/**
 * A react-admin resource as its folder declares it, once: `<Resource {...it} />` in App.tsx, and
 * its list's menu link (label and icon) when the menu names it.
 */
export interface ResourceScreen extends ResourceProps {
  icon: ScreenIcon;
  options: { label: string };
}

/** A custom page inside the layout, behind the admin check: its route and its menu link. */
export interface PageScreen {
  path: string;
  label: string;
  icon: ScreenIcon;
  component: ComponentType;
}

export const defineResource = (resource: ResourceScreen): ResourceScreen => resource;
export const definePage = (page: PageScreen): PageScreen => page;
