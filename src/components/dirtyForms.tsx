import { createContext, type ReactNode, useState } from 'react';

/**
 * The forms on screen that hold unsaved edits. The router heeds only one blocker at a time, so
 * each form's blocker asks about all of them (Game Offers has two forms).
 */
export const DirtyFormsContext = createContext<Set<object> | null>(null);

/** Where the forms of one console note their unsaved edits (App gives one to its pages). */
export const DirtyFormsProvider = ({ children }: { children: ReactNode }) => {
  const [forms] = useState(() => new Set<object>());
  return <DirtyFormsContext.Provider value={forms}>{children}</DirtyFormsContext.Provider>;
};
