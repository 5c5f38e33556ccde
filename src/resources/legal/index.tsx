import LegalIcon from '@mui/icons-material/Gavel';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';
import type { LegalVersion } from '../../../contract/legal';
import { defineResource } from '../../screen';
import { RESOURCE, versionName } from './legal';

// Each screen is its own chunk, loaded when first opened (the Layout wraps pages in Suspense).
const LegalList = lazy(() => import('./LegalList').then((m) => ({ default: m.LegalList })));
const LegalShow = lazy(() => import('./LegalShow').then((m) => ({ default: m.LegalShow })));
const LegalEdit = lazy(() => import('./LegalEdit').then((m) => ({ default: m.LegalEdit })));

/** `<Resource {...legal} />`: the versions of the legal documents, react-admin's routes. */
export const legal = defineResource({
  name: RESOURCE,
  area: 'legal',
  icon: LegalIcon,
  options: { label: 'Legal' },
  recordRepresentation: (record: RaRecord) => versionName(record as unknown as LegalVersion),
  list: LegalList,
  show: LegalShow,
  edit: LegalEdit,
});
