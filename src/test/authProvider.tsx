import { type ReactNode, useState } from 'react';
import { AuthContext } from 'react-admin';
import { areasOf } from '../access/areas';
import { createAuthProvider } from '../authProvider';
import { pages, resources } from '../registry/screens';

/** The console's auth provider over the registry's screens, as App makes it: a new page load. */
export const consoleAuthProvider = () => createAuthProvider({ areas: areasOf(resources, pages) });

/** Gives a screen rendered alone (the sign-in page) the console's auth provider. */
export const WithAuthProvider = ({ children }: { children: ReactNode }) => {
  const [provider] = useState(consoleAuthProvider);
  return <AuthContext.Provider value={provider}>{children}</AuthContext.Provider>;
};
