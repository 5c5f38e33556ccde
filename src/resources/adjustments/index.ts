import AdjustmentsIcon from '@mui/icons-material/PlaylistAddCheck';
import { createElement, lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { Route } from 'react-router-dom';
import { defineResource } from '../../screen';

// Loaded on first visit to /adjustments (the Layout wraps pages in Suspense).
const AdjustmentList = lazy(() =>
  import('./AdjustmentList').then((module) => ({ default: module.AdjustmentList })),
);
const AdjustmentShow = lazy(() =>
  import('./AdjustmentShow').then((module) => ({ default: module.AdjustmentShow })),
);

/**
 * `<Resource {...adjustments} />`: balance credits that wait for a second admin, the list at
 * /adjustments and the detail at /adjustments/{id}. Seen with `users:read` (their area: the
 * players' balances), decided with `adjustments:approve`.
 */
export const adjustments = defineResource({
  name: 'adjustments',
  area: 'users',
  options: { label: 'Adjustments' },
  recordRepresentation: (record: RaRecord) =>
    `${record.user?.username ?? record.userId ?? ''} +${record.delta ?? ''}`.trim(),
  list: AdjustmentList,
  show: AdjustmentShow,
  icon: AdjustmentsIcon,
  children: createElement(Route, { path: ':id', element: createElement(AdjustmentShow) }),
});
