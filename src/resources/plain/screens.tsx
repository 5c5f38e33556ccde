import { lazy } from 'react';
import { defineResource, type ResourceScreen } from '../../screen';
import { nameFieldOf, type PlainScreensProps } from './spec';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const PlainList = lazy(() => import('./PlainList').then((m) => ({ default: m.PlainList })));
const PlainShow = lazy(() => import('./PlainShow').then((m) => ({ default: m.PlainShow })));
const PlainCreate = lazy(() => import('./PlainEdit').then((m) => ({ default: m.PlainCreate })));
const PlainEdit = lazy(() => import('./PlainEdit').then((m) => ({ default: m.PlainEdit })));

/**
 * `<Resource {...plainScreen(props)} />`: list, show, create and edit at react-admin's routes
 * (/<name>, /<name>/<id>/show, /<name>/create, /<name>/<id>), its icon, menu label and the
 * field that names a record.
 */
export const plainScreen = (props: PlainScreensProps): ResourceScreen =>
  defineResource({
    name: props.name,
    list: () => <PlainList {...props} />,
    show: () => <PlainShow {...props} />,
    create: () => <PlainCreate {...props} />,
    edit: () => <PlainEdit {...props} />,
    icon: props.spec.icon,
    recordRepresentation: nameFieldOf(props.spec),
    options: { label: props.spec.title },
    area: props.spec.area,
  });
