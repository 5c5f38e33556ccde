import { lazy } from 'react';
import { defineResource, type ResourceScreen } from '../../screen';
import { nameFieldOf, type PlainScreensProps } from './spec';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const PlainList = lazy(() => import('./PlainList').then((m) => ({ default: m.PlainList })));
const PlainShow = lazy(() => import('./PlainShow').then((m) => ({ default: m.PlainShow })));

/** The Create or Edit screen of a resource, loaded with its contract's schemas when it has them. */
const formScreen = (props: PlainScreensProps, screen: 'PlainCreate' | 'PlainEdit') =>
  lazy(async () => {
    const [forms, contract] = await Promise.all([import('./PlainEdit'), props.spec.contract?.()]);
    const Screen = forms[screen];
    return { default: () => <Screen {...props} contract={contract} /> };
  });

/**
 * `<Resource {...plainScreen(props)} />`: list, show, create and edit at react-admin's routes
 * (/<name>, /<name>/<id>/show, /<name>/create, /<name>/<id>), its icon, menu label and the
 * field that names a record.
 */
export const plainScreen = (props: PlainScreensProps): ResourceScreen => {
  const PlainCreate = formScreen(props, 'PlainCreate');
  const PlainEdit = formScreen(props, 'PlainEdit');
  return defineResource({
    name: props.name,
    list: () => <PlainList {...props} />,
    show: () => <PlainShow {...props} />,
    create: PlainCreate,
    edit: PlainEdit,
    icon: props.spec.icon,
    recordRepresentation: nameFieldOf(props.spec),
    options: { label: props.spec.title },
    area: props.spec.area,
  });
};
