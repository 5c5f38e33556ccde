import WithdrawalTypesIcon from '@mui/icons-material/RequestQuote';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { definePage, defineResource } from '../../screen';
import { RESOURCE } from './types';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const TypeList = lazy(() => import('./TypeList').then((m) => ({ default: m.TypeList })));
const TypeShow = lazy(() => import('./TypeShow').then((m) => ({ default: m.TypeShow })));
const TypeEdit = lazy(() => import('./TypeEdit').then((m) => ({ default: m.TypeEdit })));
const TypeCreate = lazy(() => import('./TypeEdit').then((m) => ({ default: m.TypeCreate })));
export const WithdrawalTypesPage = lazy(() =>
  import('./WithdrawalTypesPage').then((m) => ({ default: m.WithdrawalTypesPage })),
);

/** `<Resource {...withdrawalTypes} />`: react-admin's routes (/withdrawal-types/{id} edits). */
export const withdrawalTypes = defineResource({
  name: RESOURCE,
  area: 'settings',
  icon: WithdrawalTypesIcon,
  options: { label: 'Withdrawal Types' },
  recordRepresentation: (record: RaRecord) => String(record.title ?? record.id),
  list: TypeList,
  show: TypeShow,
  edit: TypeEdit,
  create: TypeCreate,
});

/** The spec's screen: the types table with its modal form. */
export const withdrawalTypesPage = definePage({
  path: '/settings/withdrawal-types',
  area: 'settings',
  label: 'Withdrawal Types',
  icon: WithdrawalTypesIcon,
  component: WithdrawalTypesPage,
});
