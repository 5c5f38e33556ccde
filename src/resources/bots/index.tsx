import BotsIcon from '@mui/icons-material/SmartToy';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { RequireAccess } from '../../access/RequireAccess';
import { defineResource } from '../../screen';
import { botEditPath, NEW_BOT_PATH } from './paths';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const BotList = lazy(() => import('./BotList').then((m) => ({ default: m.BotList })));
const BotShow = lazy(() => import('./BotShow').then((m) => ({ default: m.BotShow })));
const BotCreate = lazy(() => import('./BotCreate').then((m) => ({ default: m.BotCreate })));
const BotEdit = lazy(() => import('./BotEdit').then((m) => ({ default: m.BotEdit })));

/** react-admin's own edit link to a bot (/bots/{id}) leads to its edit form. */
const ToEdit = () => {
  const { id = '' } = useParams();
  return <Navigate to={botEditPath(id)} replace />;
};

/**
 * `<Resource {...bots} />`. The specification's routes are /bots/new and /bots/{id}/edit, not
 * react-admin's defaults (/bots/create, /bots/{id}), so both forms are routes of their own and
 * the default paths redirect to them; the detail is react-admin's own /bots/{id}/show.
 */
export const bots = defineResource({
  name: 'bots',
  area: 'bots',
  icon: BotsIcon,
  options: { label: 'Bots' },
  list: BotList,
  show: BotShow,
  hasCreate: true,
  hasEdit: true,
  recordRepresentation: (record: RaRecord) => String(record.nickname ?? record.id),
  children: [
    <Route
      key="new"
      path="new"
      element={
        <RequireAccess action="create">
          <BotCreate />
        </RequireAccess>
      }
    />,
    <Route
      key="edit"
      path=":id/edit"
      element={
        <RequireAccess action="edit">
          <BotEdit />
        </RequireAccess>
      }
    />,
    <Route key="create" path="create" element={<Navigate to={NEW_BOT_PATH} replace />} />,
    <Route key="default-edit" path=":id" element={<ToEdit />} />,
  ],
});
