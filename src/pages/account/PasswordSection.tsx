import PasswordIcon from '@mui/icons-material/LockReset';
import { Box, Button, CircularProgress } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { TEXT_MAX } from '../../../contract/limits';
import { ADMIN_PASSWORD_TEXTS, adminPasswordLengthProblem } from '../../../contract/passwords';
import { type FieldErrors, fieldErrorsOf, statusOf } from '../../apiErrors';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PasswordField } from '../../components/PasswordField';
import { PasswordHelp } from '../../components/PasswordHelp';
import { SectionCard } from '../../components/SectionCard';
import type { AppDataProvider } from '../../dataProvider';
import { refusalOf } from './refusal';
import { useReloadAccount } from './useAccount';

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have ended.';

type Field = 'currentPassword' | 'newPassword' | 'confirm';
type Form = Record<Field, string>;

const EMPTY: Form = { currentPassword: '', newPassword: '', confirm: '' };

/**
 * The client's checks, every field at once (the admin password's length as the server words it);
 * the first field named takes the focus. The server's other rules come back on their field.
 */
const check = (form: Form): FieldErrors => {
  const errors: FieldErrors = {};
  if (!form.currentPassword) errors.currentPassword = 'Enter your current password';
  const length = adminPasswordLengthProblem(form.newPassword);
  if (length) errors.newPassword = length;
  if (form.confirm !== form.newPassword) errors.confirm = 'Passwords do not match';
  return errors;
};

/**
 * One's own password: the current one, the new one twice. Changing it ends the admin's other
 * sessions, so the sessions list loads again.
 */
export const PasswordSection = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const reload = useReloadAccount();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);
  const inputs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const refuse = (fields: FieldErrors) => {
    setErrors(fields);
    const first = (Object.keys(inputs) as Field[]).find((field) => fields[field]);
    if (first) inputs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const invalid = check(form);
    if (Object.keys(invalid).length > 0) return refuse(invalid);
    setErrors({});
    setBusy(true);
    try {
      await dataProvider.changeOwnPassword(form.currentPassword, form.newPassword);
      setForm(EMPTY);
      notify(PASSWORD_CHANGED, { type: 'success' });
      void reload('sessions');
      // The warning about wrong two-step codes was about the old password.
      void reload('warning');
    } catch (error) {
      // A new password the admin rules refuse ('This password is too common.'): on its field.
      const refused = statusOf(error) === 400 ? fieldErrorsOf(error)?.newPassword : undefined;
      if (refused) return refuse({ newPassword: refused });
      const refusal = refusalOf(
        error,
        'wrong_password',
        CURRENT_PASSWORD_INCORRECT,
        'Error changing password',
      );
      if ('field' in refusal) refuse({ currentPassword: refusal.field });
      else setFailure(refusal.failure);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      label={label}
      size="small"
      fullWidth
      value={form[name]}
      error={errors[name] !== undefined}
      helperText={
        name === 'newPassword' ? (
          <PasswordHelp error={errors[name]} help={ADMIN_PASSWORD_TEXTS.help} />
        ) : (
          errors[name]
        )
      }
      autoComplete={autoComplete}
      htmlInput={{ maxLength: TEXT_MAX.password.newPassword, readOnly: busy }}
      inputRef={inputs[name]}
      onChange={(event) => {
        const { value } = event.target;
        setForm((now) => ({ ...now, [name]: value }));
        setErrors(({ [name]: _fixed, ...rest }) => rest);
      }}
    />
  );

  return (
    <SectionCard title="Password">
      <Box
        component="form"
        noValidate
        aria-label="Change password"
        aria-busy={busy}
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
      >
        {failure && <ErrorAlert {...failure} />}
        {field('currentPassword', 'Current password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
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
    </SectionCard>
  );
};
