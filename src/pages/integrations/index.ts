import IntegrationsIcon from '@mui/icons-material/Extension';
import { lazy } from 'react';
import { definePage } from '../../screen';

/** /settings/integrations: the push and ads providers' settings. */
export const integrations = definePage({
  path: '/settings/integrations',
  area: 'integrations',
  label: 'Integrations',
  icon: IntegrationsIcon,
  // Its own chunk, loaded on the first visit (the Layout wraps pages in Suspense): the
  // first-visit bundle has no room for it.
  component: lazy(() =>
    import('./IntegrationsPage').then((module) => ({ default: module.IntegrationsPage })),
  ),
});
