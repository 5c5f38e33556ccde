import AuditIcon from '@mui/icons-material/HistoryOutlined';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

// Loaded on first visit (the Layout wraps pages in Suspense).
const AuditList = lazy(() => import('./AuditList').then((m) => ({ default: m.AuditList })));
const AuditShow = lazy(() => import('./AuditShow').then((m) => ({ default: m.AuditShow })));

/**
 * `<Resource name="audit" {...audit} />`: the list at /audit and an entry at /audit/{id}/show.
 * Read-only: the rows are written by the changes themselves.
 */
export const audit = {
  list: AuditList,
  show: AuditShow,
  icon: AuditIcon,
} satisfies Omit<ResourceProps, 'name'>;
