import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { Integrations } from '../../../contract/integrations';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { integrationsApi } from './api';
import {
  bodyOf,
  fieldName,
  INPUT_NAMES,
  MESSAGES,
  SECTIONS,
  savedIntegrations,
} from './integrationsForm';
import { SectionFields } from './SectionFields';

interface Failure {
  title: string;
  reason?: string;
}

/**
 * The two groups and 'Save changes'. A save sends both groups whole; its answer replaces the form
 * (the key masked again). A failure keeps what was typed and puts the API's messages on the fields.
 */
export const IntegrationsForm = ({ initial }: { initial: Integrations }) => {
  const notify = useNotify();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure>();
  const [saving, setSaving] = useState(false);
  // A second Enter before the first save answers must not send twice.
  const inFlight = useRef(false);

  const change = (group: keyof Integrations) => (name: string, value: string | boolean) => {
    setForm((current) => ({ ...current, [group]: { ...current[group], [name]: value } }));
    setErrors(({ [fieldName(group, name)]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    setFailure(undefined);
    try {
      const saved = savedIntegrations(await integrationsApi.save(bodyOf(form)));
      if (!saved) {
        setFailure({ title: MESSAGES.notSaved });
        return;
      }
      setForm(saved);
      setErrors({});
      notify(MESSAGES.saved, { type: 'success' });
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(fields);
      // The fields say what is wrong; otherwise the API's or the network's reason.
      const onInputs = Object.keys(fields).some((name) => INPUT_NAMES.has(name));
      const reason = onInputs ? undefined : errorMessage(error, '');
      setFailure({ title: MESSAGES.failed, reason: reason || undefined });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Integrations"
      aria-busy={saving}
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {failure && (
        <Alert severity="error">
          <AlertTitle sx={{ mb: failure.reason ? 0.5 : 0 }}>{failure.title}</AlertTitle>
          {failure.reason}
        </Alert>
      )}
      {SECTIONS.map((section) => (
        <SectionFields
          key={section.group}
          section={section}
          values={form[section.group]}
          errors={errors}
          disabled={saving}
          onChange={change(section.group)}
        />
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
};
