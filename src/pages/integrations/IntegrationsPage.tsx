import { SettingsEdit } from '../../components/settings/SettingsEdit';
import { IntegrationsForm, integrationsFailure } from './IntegrationsForm';
import { bodyOf, integrationsFormOf, MESSAGES } from './integrationsForm';

/** /settings/integrations: the push and ads providers' settings, loaded afresh on each visit. */
export const IntegrationsPage = () => (
  <SettingsEdit
    resource="integrations"
    title="Integrations"
    what="integrations"
    formOf={integrationsFormOf}
    bodyOf={bodyOf}
    messages={{ saved: MESSAGES.saved, notSaved: MESSAGES.notSaved, failed: integrationsFailure }}
  >
    <IntegrationsForm />
  </SettingsEdit>
);
