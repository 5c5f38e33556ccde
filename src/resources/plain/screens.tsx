import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { PlainScreensProps } from './spec';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const PlainList = lazy(() => import('./PlainList').then((m) => ({ default: m.PlainList })));
const PlainCreate = lazy(() => import('./PlainEdit').then((m) => ({ default: m.PlainCreate })));
const PlainEdit = lazy(() => import('./PlainEdit').then((m) => ({ default: m.PlainEdit })));

/** `<Resource name={name} {...screensOf(props)} />`: list, create and edit at /<name>. */
export const screensOf = (props: PlainScreensProps): Omit<ResourceProps, 'name'> => ({
  list: () => <PlainList {...props} />,
  create: () => <PlainCreate {...props} />,
  edit: () => <PlainEdit {...props} />,
  icon: props.spec.icon,
});
