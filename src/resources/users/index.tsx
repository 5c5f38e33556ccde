import UsersIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { RequireAccess } from '../../access/RequireAccess';
import { defineResource } from '../../screen';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));
const UserShow = lazy(() => import('./UserShow').then((m) => ({ default: m.UserShow })));
const UserEdit = lazy(() => import('./UserEdit').then((m) => ({ default: m.UserEdit })));

/** react-admin's own path for a 'show' link (/users/{id}/show) leads to the detail page. */
const ToDetail = () => {
  const { id = '' } = useParams();
  // (not userPath from ./user: that module would then load with the entry chunk)
  return <Navigate to={`/users/${encodeURIComponent(id)}`} replace />;
};

/**
 * `<Resource {...users} />`. The specification's routes are /users/{id} (detail)
 * and /users/{id}/edit, not react-admin's defaults (/users/{id} = edit, /users/{id}/show), so
 * the detail and edit screens are routes of their own.
 */
export const users = defineResource({
  name: 'users',
  area: 'users',
  options: { label: 'Users' },
  list: UserList,
  hasShow: true,
  hasEdit: true,
  icon: UsersIcon,
  recordRepresentation: (record: RaRecord) => String(record.username ?? record.id),
  children: [
    <Route key="show" path=":id" element={<UserShow />} />,
    <Route
      key="edit"
      path=":id/edit"
      element={
        <RequireAccess action="edit">
          <UserEdit />
        </RequireAccess>
      }
    />,
    <Route key="show-alias" path=":id/show" element={<ToDetail />} />,
  ],
});
