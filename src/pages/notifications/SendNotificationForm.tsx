import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { TEXT_MAX } from '../../../contract/limits';
import type { PushSendBody } from '../../../contract/notifications';
import { codeOf, errorMessage, fieldErrorsOf } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import { type AppDataProvider, isUnexpectedAnswer } from '../../dataProvider';
import {
  buildSend,
  LOCALES,
  MESSAGES,
  NEW_SEND,
  SEGMENTS,
  type SendErrors,
  type SendField,
  type SendForm,
  sendErrorsOf,
  sendQuestion,
  TARGETS,
  type Target,
} from './sendForm';

const NATIVE_SELECT = { select: { native: true } } as const;

export interface SendNotificationFormProps {
  /** Push can go out now: Send is disabled otherwise. */
  enabled: boolean;
  /** The API says push is off after all: the status is stale. */
  onDisabled: () => void;
}

/**
 * Title and message in one locale, custom data, and who to send to. The client checks of spec
 * section 5 run first; the API's refusal or the provider's error shows above the form.
 */
export const SendNotificationForm = ({ enabled, onDisabled }: SendNotificationFormProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [form, setForm] = useState<SendForm>(NEW_SEND);
  const [errors, setErrors] = useState<SendErrors>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  // A checked send waiting for the admin's yes: nothing goes out before it. It stays set while
  // the dialog closes, so its question does not go blank.
  const [checked, setChecked] = useState<{ body: PushSendBody; question: string }>();
  const [asking, setAsking] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);

  // After a refusal, the first field in error takes the focus.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const change = <F extends SendField>(field: F, value: SendForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const refuse = (next: SendErrors) => {
    setErrors(next);
    setRefusals((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !enabled) return;
    setFailure(undefined);
    const built = buildSend(form);
    if (!built.ok) return refuse(built.errors);
    setErrors({});
    setChecked({ body: built.body, question: sendQuestion(form) });
    setAsking(true);
  };

  const send = async (body: PushSendBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const result = await dataProvider.sendPush(body);
      if (result?.ok) notify(MESSAGES.sent, { type: 'success' });
      else setFailure((result && !result.ok && result.error) || MESSAGES.sendFailed);
    } catch (error) {
      // an answer that is no result at all did not send either
      setFailure(
        isUnexpectedAnswer(error) ? MESSAGES.sendFailed : errorMessage(error, MESSAGES.sendFailed),
      );
      const fields = sendErrorsOf(fieldErrorsOf(error));
      if (Object.keys(fields).length > 0) refuse(fields);
      if (codeOf(error) === 'push_disabled') onDisabled();
    } finally {
      inFlight.current = false;
      setSending(false);
      setAsking(false);
    }
  };

  const clear = () => {
    setForm(NEW_SEND);
    setErrors({});
    setFailure(undefined);
  };

  const text = (field: SendField) => ({
    name: field,
    value: form[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: Boolean(errors[field]),
    fullWidth: true,
  });

  return (
    <SectionCard title="Send a notification">
      <Box
        component="form"
        ref={formRef}
        noValidate
        aria-label="Send a notification"
        aria-busy={sending}
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          {...text('locale')}
          select
          label="Locale"
          slotProps={NATIVE_SELECT}
          sx={{ maxWidth: 200 }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {locale}
            </option>
          ))}
        </TextField>
        <TextField
          {...text('title')}
          label="Title"
          helperText={errors.title}
          {...maxLengthProps(TEXT_MAX.push.headings)}
        />
        <TextField
          {...text('message')}
          label="Message"
          helperText={errors.message}
          {...maxLengthProps(TEXT_MAX.push.contents)}
          multiline
          minRows={3}
        />
        <TextField
          {...text('data')}
          label="Custom data (JSON)"
          helperText={errors.data ?? 'A JSON object sent to the app with the notification'}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            {...text('target')}
            onChange={(event) => change('target', event.target.value as Target)}
            select
            label="Target"
            helperText={errors.target}
            slotProps={NATIVE_SELECT}
            sx={{ flex: '1 1 200px' }}
          >
            {TARGETS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </TextField>
          {form.target === 'segment' && (
            <TextField
              {...text('segment')}
              onChange={(event) => change('segment', event.target.value as SendForm['segment'])}
              select
              label="Segment"
              slotProps={NATIVE_SELECT}
              sx={{ flex: '1 1 200px' }}
            >
              {SEGMENTS.map((segment) => (
                <option key={segment} value={segment}>
                  {segment}
                </option>
              ))}
            </TextField>
          )}
          {form.target === 'external_ids' && (
            <TextField
              {...text('externalIds')}
              label="External IDs"
              helperText={errors.externalIds ?? 'Comma-separated, e.g. user-1, user-2'}
              sx={{ flex: '2 1 300px' }}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={clear} disabled={sending}>
            Clear
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={sending || !enabled}
            startIcon={sending ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
          >
            Send notification
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={asking}
        title={checked?.question ?? ''}
        description="It goes out at once and cannot be called back."
        confirmLabel="Send"
        busy={sending}
        onConfirm={() => checked && void send(checked.body)}
        onClose={() => setAsking(false)}
      />
    </SectionCard>
  );
};
