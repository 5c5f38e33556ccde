import { type ComponentType, createContext, useContext } from 'react';
import type { MenuEntry } from './menu';

/** What App gives the page shell from its registry: the shell imports no screen itself. */
export interface Shell {
  /** The sidebar's entries, before the admin's permissions thin them. */
  menu: MenuEntry[];
  /** Shown above every page but My account, which shows it among its own sections. */
  notice?: ComponentType;
}

const ShellContext = createContext<Shell>({ menu: [] });

export const ShellProvider = ShellContext.Provider;

export const useShell = () => useContext(ShellContext);
