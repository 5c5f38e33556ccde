import { Box } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { Integrations } from '../../../contract/integrations';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { useAllowed } from '../../access/useAllowed';
import { fieldErrorsOf } from '../../apiErrors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SaveButton } from '../../components/SaveButton';
import { failureTitled, useSettingsForm } from '../../components/settings/useSettingsForm';
import { WarnWhenUnsavedChanges } from '../../components/WarnWhenUnsavedChanges';
import type { AppDataProvider } from '../../dataProvider';
import {
  bodyOf,
  fieldName,
  INPUT_NAMES,
  MESSAGES,
  SECTIONS,
  savedIntegrations,
} from './integrationsForm';
import { SectionFields } from './SectionFields';

/** The page, as the access check knows it (its route). */
const PAGE = '/settings/integrations';

/** The fields say what is wrong; otherwise the API's or the network's reason goes with the title. */
const failure = (error: unknown) => {
  const fields = Object.keys(fieldErrorsOf(error) ?? {});
  return fields.some((name) => INPUT_NAMES.has(name))
    ? { title: MESSAGES.failed }
    : failureTitled(MESSAGES.failed)(error);
};

/**
 * The two groups and 'Save changes'. A save sends both groups whole; its answer replaces the form
 * (the key masked again). A failure keeps what was typed and puts the API's messages on the fields.
 */
export const IntegrationsForm = ({ initial }: { initial: Integrations }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const {
    form,
    change,
    errors,
    failure: failed,
    saving,
    dirty,
    submit,
  } = useSettingsForm({
    initial,
    // the API keeps no version of this configuration: every save sends it whole
    updatedAt: null,
    bodyOf,
    send: dataProvider.saveIntegrations,
    accepted: (reply) => {
      const saved = savedIntegrations(reply);
      return saved && { form: saved, updatedAt: null };
    },
    messages: { saved: MESSAGES.saved, notSaved: MESSAGES.notSaved, failed: failure },
  });

  const mayWrite = useAllowed('edit', PAGE).allowed;

  const changeIn = (group: keyof Integrations) => (name: string, value: string | boolean) =>
    change(fieldName(group, name), (current) => ({
      ...current,
      [group]: { ...current[group], [name]: value },
    }));

  return (
    <Box
      component="form"
      noValidate
      aria-label="Integrations"
      aria-busy={saving}
      onSubmit={(event) => {
        event.preventDefault();
        if (mayWrite) void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <WarnWhenUnsavedChanges dirty={dirty} />
      {failed && <ErrorAlert {...failed} />}
      {SECTIONS.map((section) => (
        <SectionFields
          key={section.group}
          section={section}
          values={form[section.group]}
          errors={errors}
          disabled={saving || !mayWrite}
          onChange={changeIn(section.group)}
        />
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DisabledUnlessAllowed action="edit" resource={PAGE}>
          <SaveButton saving={saving} />
        </DisabledUnlessAllowed>
      </Box>
    </Box>
  );
};
