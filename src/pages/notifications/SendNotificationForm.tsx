import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify, WarnWhenUnsavedChanges } from 'react-admin';
import { FormProvider, useController, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { TEXT_MAX } from '../../../contract/limits';
import type { PushSendBody } from '../../../contract/notifications';
import { codeOf, errorMessage, fieldErrorsOf } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import { type AppDataProvider, isUnexpectedAnswer } from '../../dataProvider';
import {
  type CheckedSend,
  LOCALES,
  MESSAGES,
  NEW_SEND,
  SEGMENTS,
  SEND_FIELDS,
  type SendErrors,
  type SendField,
  type SendForm,
  sendErrorsOf,
  sendResolver,
  TARGETS,
} from './sendForm';

const NATIVE_SELECT = { select: { native: true } } as const;

/** The submitted state is forgotten, all else kept: the form holds a send not yet gone out. */
const UNSENT = {
  keepValues: true,
  keepDefaultValues: true,
  keepDirty: true,
  keepErrors: true,
  keepTouched: true,
} as const;

/** An input of the send form: its message (the checks' or the API's) in place of its hint. */
const Input = ({
  name,
  hint,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: SendField;
  hint?: string;
}) => {
  const { field, fieldState } = useController<SendForm>({ name });
  const { clearErrors } = useFormContext<SendForm>();
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        field.onChange(event.target.value);
        clearErrors(name);
      }}
      error={message !== undefined}
      helperText={message ?? hint}
      fullWidth
    />
  );
};

/** Who to send to: subscribed users, a segment, or external ids. */
const Audience = () => {
  const target = useWatch<SendForm, 'target'>({ name: 'target' });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Input
        name="target"
        select
        label="Target"
        slotProps={NATIVE_SELECT}
        sx={{ flex: '1 1 200px' }}
      >
        {TARGETS.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Input>
      {target === 'segment' && (
        <Input
          name="segment"
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
        </Input>
      )}
      {target === 'external_ids' && (
        <Input
          name="externalIds"
          label="External IDs"
          hint="Comma-separated, e.g. user-1, user-2"
          sx={{ flex: '2 1 300px' }}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      )}
    </Box>
  );
};

export interface SendNotificationFormProps {
  /** Push can go out now: Send is disabled otherwise. */
  enabled: boolean;
  /** The API says push is off after all: the status is stale. */
  onDisabled: () => void;
}

/**
 * Title and message in one locale, custom data, and who to send to. The client checks of spec
 * section 5 run first; the API's refusal or the provider's error shows above the form. Leaving
 * the page with a send typed and not gone out asks first.
 */
export const SendNotificationForm = ({ enabled, onDisabled }: SendNotificationFormProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const page = useLocation().pathname;
  const form = useForm<SendForm, unknown, CheckedSend>({
    defaultValues: NEW_SEND,
    resolver: sendResolver,
    reValidateMode: 'onSubmit',
  });
  const push = useMutation({ mutationFn: (body: PushSendBody) => dataProvider.sendPush(body) });
  const [failure, setFailure] = useState<string>();
  // A checked send waiting for the admin's yes: nothing goes out before it. It stays set while
  // the dialog closes, so its question does not go blank.
  const [checked, setChecked] = useState<CheckedSend>();
  const [asking, setAsking] = useState(false);
  const inFlight = useRef(false);
  const sending = push.isPending;

  /** The API's messages on their inputs, the first of them focused. */
  const refuse = (errors: SendErrors) => {
    const first = SEND_FIELDS.find((field) => errors[field]);
    for (const field of SEND_FIELDS) {
      const message = errors[field];
      if (message) form.setError(field, { message }, { shouldFocus: field === first });
    }
  };

  const ask = (send: CheckedSend) => {
    if (inFlight.current || !enabled) return;
    setFailure(undefined);
    setChecked(send);
    setAsking(true);
  };

  /** The dialog closed without a send: what is typed is still unsent. */
  const notSent = () => {
    setAsking(false);
    form.reset(undefined, UNSENT);
  };

  const send = async (body: PushSendBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await push.mutateAsync(body);
      if (result?.ok) {
        notify(MESSAGES.sent, { type: 'success' });
        // gone out: what is typed stays, no longer unsaved
        form.reset(form.getValues());
      } else {
        form.reset(undefined, UNSENT);
        setFailure((result && !result.ok && result.error) || MESSAGES.sendFailed);
      }
    } catch (error) {
      form.reset(undefined, UNSENT);
      // an answer that is no result at all did not send either
      setFailure(
        isUnexpectedAnswer(error) ? MESSAGES.sendFailed : errorMessage(error, MESSAGES.sendFailed),
      );
      refuse(sendErrorsOf(fieldErrorsOf(error)));
      if (codeOf(error) === 'push_disabled') onDisabled();
    } finally {
      inFlight.current = false;
      setAsking(false);
    }
  };

  const clear = () => {
    form.reset(NEW_SEND);
    setFailure(undefined);
  };

  return (
    <SectionCard title="Send a notification">
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Send a notification"
          aria-busy={sending}
          onSubmit={form.handleSubmit(ask)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          <Input
            name="locale"
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
          </Input>
          <Input name="title" label="Title" {...maxLengthProps(TEXT_MAX.push.headings)} />
          <Input
            name="message"
            label="Message"
            {...maxLengthProps(TEXT_MAX.push.contents)}
            multiline
            minRows={3}
          />
          <Input
            name="data"
            label="Custom data (JSON)"
            hint="A JSON object sent to the app with the notification"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <Audience />
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
        <WarnWhenUnsavedChanges enable formRootPathName={page} formControl={form.control} />
      </FormProvider>
      <ConfirmDialog
        open={asking}
        title={checked?.question ?? ''}
        description="It goes out at once and cannot be called back."
        confirmLabel="Send"
        busy={sending}
        onConfirm={() => checked && void send(checked.body)}
        onClose={notSent}
      />
    </SectionCard>
  );
};
