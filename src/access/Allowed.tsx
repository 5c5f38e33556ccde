import { Tooltip } from '@mui/material';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useAllowed } from './useAllowed';

interface AllowedProps {
  action: string;
  /** The resource (its name) or page (its path); the current resource when left out. */
  resource?: string;
}

/** Renders `children` only when the admin may do `action` (nothing while it is checked). */
export const IfAllowed = ({
  action,
  resource,
  children,
}: AllowedProps & { children: ReactNode }) =>
  useAllowed(action, resource).allowed ? children : null;

/**
 * Renders the control `children` as given when the admin may do `action`; otherwise disabled,
 * under a tooltip naming the missing permission ('Missing permission: settings:write').
 */
export const DisabledUnlessAllowed = ({
  action,
  resource,
  children,
}: AllowedProps & { children: ReactElement<{ disabled?: boolean }> }) => {
  const { allowed, pending, missing } = useAllowed(action, resource);
  if (allowed) return children;
  const disabled = cloneElement(children, { disabled: true });
  if (pending) return disabled;
  return (
    <Tooltip title={missing}>
      {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
      <span style={{ display: 'inline-flex' }}>{disabled}</span>
    </Tooltip>
  );
};
