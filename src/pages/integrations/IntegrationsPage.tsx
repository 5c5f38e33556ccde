import { SettingsScreen } from '../../components/settings/SettingsScreen';
import { useSetting } from '../../components/settings/useSettingsForm';
import { integrationsApi } from './api';
import { IntegrationsForm } from './IntegrationsForm';
import { integrationsFormOf } from './integrationsForm';

/** /settings/integrations: the push and ads providers' settings, loaded afresh on each visit. */
export const IntegrationsPage = () => {
  const query = useSetting('integrations', integrationsApi.get);
  return (
    <SettingsScreen title="Integrations" what="integrations" query={query}>
      {(loaded) => <IntegrationsForm initial={integrationsFormOf(loaded.integrations)} />}
    </SettingsScreen>
  );
};
