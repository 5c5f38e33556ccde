import AuditIcon from '@mui/icons-material/HistoryOutlined';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { defineResource } from '../../screen';

// Loaded on first visit (the Layout wraps pages in Suspense).
const AuditList = lazy(() => import('./AuditList').then((m) => ({ default: m.AuditList })));
const AuditShow = lazy(() => import('./AuditShow').then((m) => ({ default: m.AuditShow })));

/**
 * `<Resource {...audit} />`: the list at /audit and an entry at /audit/{id}/show.
 * Read-only: the rows are written by the changes themselves.
 */
export const audit = defineResource({
  name: 'audit',
  area: 'audit',
  options: { label: 'Audit log' },
  recordRepresentation: (record: RaRecord) => `${record.action} #${record.id}`,
  list: AuditList,
  show: AuditShow,
  icon: AuditIcon,
});
