import { useRecordContext } from 'react-admin';
import { type LegalVersionRecord, versionName } from './legal';

/** The version's name ('Terms v3') as the page title. */
export const LegalTitle = ({ prefix = '' }: { prefix?: string }) => {
  const record = useRecordContext<LegalVersionRecord>();
  return <>{record ? `${prefix}${versionName(record)}` : 'Legal'}</>;
};
