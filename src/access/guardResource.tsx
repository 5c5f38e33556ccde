import { type ComponentType, isValidElement, type ReactNode } from 'react';
import { Outlet, Route } from 'react-router-dom';
import type { ResourceScreen } from '../screen';
import { RequireAccess } from './RequireAccess';

type Screen = ComponentType | ReactNode;

const elementOf = (screen: Screen) => {
  if (isValidElement(screen)) return screen;
  const Component = screen as ComponentType;
  return <Component />;
};

/**
 * A resource whose every route first checks the admin's access: list and show need the area's
 * read, create and edit its write; its own extra routes (a detail, a form at the spec's path)
 * need the read, a form among them checks the write itself. Made once per app, not per render:
 * each screen becomes a component of its own.
 */
export const guardResource = (resource: ResourceScreen): ResourceScreen => {
  const gate = (action: string, screen: Screen | undefined) => {
    if (!screen) return undefined;
    const Guarded = () => (
      <RequireAccess action={action} resource={resource.name}>
        {elementOf(screen)}
      </RequireAccess>
    );
    return Guarded;
  };
  return {
    ...resource,
    list: gate('list', resource.list),
    show: gate('show', resource.show),
    edit: gate('edit', resource.edit),
    create: gate('create', resource.create),
    children: resource.children ? (
      <Route
        element={
          <RequireAccess action="show" resource={resource.name}>
            <Outlet />
          </RequireAccess>
        }
      >
        {resource.children}
      </Route>
    ) : undefined,
  };
};
