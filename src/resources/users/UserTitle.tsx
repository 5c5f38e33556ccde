import { useRecordContext } from 'react-admin';
import type { UserRecord } from './user';

/** The page title of the detail and edit screens: the username. */
export const UserTitle = () => {
  const record = useRecordContext<UserRecord>();
  return <>{record?.username ?? 'User'}</>;
};
