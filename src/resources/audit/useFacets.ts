import { useGetOne } from 'react-admin';
import type { AuditFacets } from '../../../contract/audit';

const FACETS = 'audit-facets';

/**
 * The actions and record types there are to filter by (GET /admin/audit/facets). New kinds
 * appear rarely, so the answer is reused for a minute; without it the filters still offer
 * whatever is applied.
 */
export const useFacets = () =>
  useGetOne<AuditFacets & { id: string }>(FACETS, { id: FACETS }, { staleTime: 60_000 });
