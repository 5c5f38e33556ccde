import BotsIcon from '@mui/icons-material/SmartToy';
import { lazy } from 'react';
import type { RaRecord, ResourceProps } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { botEditPath, NEW_BOT_PATH } from './paths';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const BotList = lazy(() => import('./BotList').then((m) => ({ default: m.BotList })));
const BotCreate = lazy(() => import('./BotCreate').then((m) => ({ default: m.BotCreate })));
const BotEdit = lazy(() => import('./BotEdit').then((m) => ({ default: m.BotEdit })));

/** react-admin's own links to a bot (/bots/{id}, /bots/{id}/show) lead to its edit form. */
const ToEdit = () => {
  const { id = '' } = useParams();
  return <Navigate to={botEditPath(id)} replace />;
};

/**
 * `<Resource name="bots" {...bots} />`. The specification's routes are /bots/new and
 * /bots/{id}/edit, not react-admin's defaults (/bots/create, /bots/{id}), so both screens are
 * routes of their own and the default paths redirect to them.
 */
export const bots = {
  list: BotList,
  hasCreate: true,
  hasEdit: true,
  icon: BotsIcon,
  recordRepresentation: (record: RaRecord) => String(record.nickname ?? record.id),
  children: [
    <Route key="new" path="new" element={<BotCreate />} />,
    <Route key="edit" path=":id/edit" element={<BotEdit />} />,
    <Route key="create" path="create" element={<Navigate to={NEW_BOT_PATH} replace />} />,
    <Route key="default-edit" path=":id" element={<ToEdit />} />,
    <Route key="show" path=":id/show" element={<ToEdit />} />,
  ],
} satisfies Omit<ResourceProps, 'name'>;
