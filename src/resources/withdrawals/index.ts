import WithdrawalsIcon from '@mui/icons-material/Payments';
import { createElement, lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { Route } from 'react-router-dom';
import { defineResource } from '../../screen';

// Loaded on first visit to /withdrawals (the Layout wraps pages in Suspense).
const WithdrawalList = lazy(() =>
  import('./WithdrawalList').then((module) => ({ default: module.WithdrawalList })),
);
const WithdrawalShow = lazy(() =>
  import('./WithdrawalShow').then((module) => ({ default: module.WithdrawalShow })),
);

/**
 * `<Resource {...withdrawals} />`: the list at /withdrawals and the detail at
 * /withdrawals/{id} (the spec's route; react-admin's own /withdrawals/{id}/show works too).
 */
export const withdrawals = defineResource({
  name: 'withdrawals',
  area: 'withdrawals',
  options: { label: 'Withdrawals' },
  // e.g. 'alice #123': whose it is, and which
  recordRepresentation: (record: RaRecord) =>
    `${record.user?.username ?? record.userId ?? ''} #${record.id}`.trim(),
  list: WithdrawalList,
  show: WithdrawalShow,
  icon: WithdrawalsIcon,
  children: createElement(Route, { path: ':id', element: createElement(WithdrawalShow) }),
});
