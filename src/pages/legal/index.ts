import LegalIcon from '@mui/icons-material/Gavel';
import { lazy } from 'react';
import { definePage } from '../../screen';
import { LEGAL_PAGE } from './page';

/** /settings/legal: the legal documents' editor and versions (spec section 'Legal'). */
export const legalEditor = definePage({
  path: LEGAL_PAGE,
  area: 'legal',
  label: 'Legal',
  icon: LegalIcon,
  // Its own chunk, with the rich-text editor and DOMPurify, loaded when the page first opens
  // (the Layout wraps pages in Suspense): the first-visit bundle has no room for them.
  component: lazy(() => import('./LegalPage').then((m) => ({ default: m.LegalPage }))),
});
