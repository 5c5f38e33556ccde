import { useDataProvider } from 'react-admin';
import { SettingsScreen } from '../../components/settings/SettingsScreen';
import { useSetting } from '../../components/settings/useSettingsForm';
import type { AppDataProvider } from '../../dataProvider';
import { IntegrationsForm } from './IntegrationsForm';
import { integrationsFormOf } from './integrationsForm';

/** /settings/integrations: the push and ads providers' settings, loaded afresh on each visit. */
export const IntegrationsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('integrations', dataProvider.getIntegrations);
  return (
    <SettingsScreen title="Integrations" what="integrations" query={query}>
      {(loaded) => <IntegrationsForm initial={integrationsFormOf(loaded.integrations)} />}
    </SettingsScreen>
  );
};
