import PasswordIcon from '@mui/icons-material/LockReset';
import { Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { TEXT_MAX } from '../../../contract/limits';
import { ADMIN_PASSWORD_TEXTS, adminPasswordLengthProblem } from '../../../contract/passwords';
import { fieldErrorsOf, statusOf } from '../../apiErrors';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PasswordField } from '../../components/PasswordField';
import { PasswordHelp } from '../../components/PasswordHelp';
import { SectionCard } from '../../components/SectionCard';
import { useAccountAction, useReloadAccount } from './accountActions';
import { useAccountForm, useBoundText } from './accountForm';
import { currentPassword } from './CurrentPasswordField';
import { refusalOf } from './refusal';

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have ended.';

/**
 * The client's checks, every field at once (the admin password's length as the server words it).
 * The server's other rules come back on their field.
 */
const PasswordChange = z
  .object({ currentPassword, newPassword: z.string(), confirm: z.string() })
  .superRefine(({ newPassword, confirm }, context) => {
    const length = adminPasswordLengthProblem(newPassword);
    if (length) context.addIssue({ code: 'custom', path: ['newPassword'], message: length });
    if (confirm !== newPassword) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: 'Passwords do not match' });
    }
  });
type PasswordChange = z.infer<typeof PasswordChange>;

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirm: '' };

const Field = ({
  name,
  label,
  autoComplete,
  busy,
}: {
  name: keyof PasswordChange;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  busy: boolean;
}) => {
  const { props, message } = useBoundText(name);
  return (
    <PasswordField
      {...props}
      label={label}
      size="small"
      fullWidth
      helperText={
        name === 'newPassword' ? (
          <PasswordHelp error={message} help={ADMIN_PASSWORD_TEXTS.help} />
        ) : (
          message
        )
      }
      autoComplete={autoComplete}
      htmlInput={{ maxLength: TEXT_MAX.password.newPassword, readOnly: busy }}
    />
  );
};

/**
 * One's own password: the current one, the new one twice. Changing it ends the admin's other
 * sessions, so the sessions list loads again.
 */
export const PasswordSection = () => {
  const notify = useNotify();
  const reload = useReloadAccount();
  const form = useAccountForm(PasswordChange, EMPTY);
  const change = useAccountAction((dataProvider, values: PasswordChange) =>
    dataProvider.changeOwnPassword(values.currentPassword, values.newPassword),
  );
  const [failure, setFailure] = useState<Failure>();
  const busy = change.isPending;

  const submit = async (values: PasswordChange) => {
    if (busy) return;
    setFailure(undefined);
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      notify(PASSWORD_CHANGED, { type: 'success' });
      void reload('sessions');
      // The warning about wrong two-step codes was about the old password.
      void reload('warning');
    } catch (error) {
      // A new password the admin rules refuse ('This password is too common.'): on its field.
      const refused = statusOf(error) === 400 ? fieldErrorsOf(error)?.newPassword : undefined;
      if (refused) {
        form.setError('newPassword', { message: refused }, { shouldFocus: true });
        return;
      }
      const refusal = refusalOf(
        error,
        'wrong_password',
        CURRENT_PASSWORD_INCORRECT,
        'Error changing password',
      );
      if ('field' in refusal) {
        form.setError('currentPassword', { message: refusal.field }, { shouldFocus: true });
      } else setFailure(refusal.failure);
    }
  };

  return (
    <SectionCard title="Password">
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          aria-label="Change password"
          aria-busy={busy}
          onSubmit={form.handleSubmit(submit)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
        >
          {failure && <ErrorAlert {...failure} />}
          <Field
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            busy={busy}
          />
          <Field name="newPassword" label="New password" autoComplete="new-password" busy={busy} />
          <Field
            name="confirm"
            label="Confirm new password"
            autoComplete="new-password"
            busy={busy}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={
                busy ? (
                  <CircularProgress size={16} color="inherit" aria-hidden="true" />
                ) : (
                  <PasswordIcon />
                )
              }
            >
              {busy ? 'Changing…' : 'Change password'}
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </SectionCard>
  );
};
