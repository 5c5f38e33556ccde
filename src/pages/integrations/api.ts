import type {
  IntegrationsPatch,
  IntegrationsResponse,
  IntegrationsSaved,
} from '../../../contract/integrations';
import { http } from '../../http';

/** The Integrations page's calls (spec section 7). */
export const integrationsApi = {
  get: (signal?: AbortSignal) => http<IntegrationsResponse>('admin/integrations', { signal }),
  /** Another API speaking the contract may answer without `ok`: a save it did not make. */
  save: (body: IntegrationsPatch) =>
    http<Partial<IntegrationsSaved> | undefined>('admin/integrations', {
      method: 'PATCH',
      body,
    }),
};
