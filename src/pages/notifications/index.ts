import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazy } from 'react';
import { definePage } from '../../screen';

/** /settings/notifications: whether push can go out, and the send form. */
export const notifications = definePage({
  path: '/settings/notifications',
  area: 'push',
  label: 'Notifications',
  icon: NotificationsIcon,
  // Its own chunk, loaded on the first visit (the Layout wraps pages in Suspense): the
  // first-visit bundle has no room for it.
  component: lazy(() =>
    import('./NotificationsPage').then((module) => ({ default: module.NotificationsPage })),
  ),
});
