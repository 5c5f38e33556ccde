import { Box } from '@mui/material';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { fieldErrorsOf } from '../../apiErrors';
import { failureTitled } from '../../components/ErrorAlert';
import { SaveButton } from '../../components/SaveButton';
import { useSettingsState } from '../../components/settings/SettingsEdit';
import { SaveFailure } from '../../components/settings/SettingsForm';
import { INPUT_NAMES, MESSAGES, SECTIONS } from './integrationsForm';
import { SectionFields } from './SectionFields';

/** The page, as the access check knows it (its route). */
export const PAGE = '/settings/integrations';

/** The fields say what is wrong; otherwise the API's or the network's reason goes with the title. */
export const integrationsFailure = (error: unknown) => {
  const fields = Object.keys(fieldErrorsOf(error) ?? {});
  return fields.some((name) => INPUT_NAMES.has(name))
    ? { title: MESSAGES.failed }
    : failureTitled(MESSAGES.failed)(error);
};

/**
 * The two groups and 'Save changes'. A save sends both groups whole; its answer replaces the form
 * (the key masked again). A failure keeps what was typed and puts the API's messages on the fields.
 */
export const IntegrationsForm = () => {
  const { saving } = useSettingsState();
  return (
    <Box
      role="group"
      aria-label="Integrations"
      aria-busy={saving}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <SaveFailure />
      {SECTIONS.map((section) => (
        <SectionFields key={section.group} section={section} />
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DisabledUnlessAllowed action="edit" resource={PAGE}>
          <SaveButton saving={saving} />
        </DisabledUnlessAllowed>
      </Box>
    </Box>
  );
};
