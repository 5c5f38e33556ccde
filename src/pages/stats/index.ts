import DashboardIcon from '@mui/icons-material/Dashboard';
import { definePage } from '../../screen';
import { DashboardPage } from './DashboardPage';

/** /: the figures of spec section 'Dashboard' (the stats endpoints), in the first-visit bundle. */
export const dashboard = definePage({
  path: '/',
  label: 'Dashboard',
  icon: DashboardIcon,
  component: DashboardPage,
});
