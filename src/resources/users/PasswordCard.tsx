import PasswordIcon from '@mui/icons-material/LockReset';
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TEXT_MAX } from '../../../contract/limits';
import {
  ADMIN_PASSWORD_TEXTS,
  adminPasswordLengthProblem,
  PASSWORD_MIN_LENGTH,
} from '../../../contract/passwords';
import { errorMessage, fieldErrorsOf, statusOf } from '../../apiErrors';
import { PasswordHelp } from '../../components/PasswordHelp';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import { useAction } from '../../components/useAction';
import { ACCOUNT_PATH } from '../../twoStepGate';
import { FIELD_ALIGNED, isSignedInAdmin, MESSAGES, type UserRecord } from './user';

type PasswordCardProps = { record: Pick<UserRecord, 'id' | '_id' | 'userId' | 'adminRole'> };

/** A new password's rule: an admin's (contract/passwords.ts), else the spec's for players. */
const ruleFor = (record: PasswordCardProps['record']) =>
  record.adminRole?.enabled
    ? { help: ADMIN_PASSWORD_TEXTS.help, problem: adminPasswordLengthProblem }
    : {
        help: 'At least 6 characters',
        problem: (password: string) =>
          password.length < PASSWORD_MIN_LENGTH ? MESSAGES.passwordTooShort : undefined,
      };

/**
 * A new password for another user; one's own is changed on My account, with the current one
 * (the API refuses it here).
 */
export const PasswordCard = ({ record }: PasswordCardProps) =>
  isSignedInAdmin(record) ? (
    <SectionCard title="Change password">
      <Typography>
        Use{' '}
        <Link component={RouterLink} to={ACCOUNT_PATH}>
          My account
        </Link>{' '}
        to change your own password.
      </Typography>
    </SectionCard>
  ) : (
    <NewPasswordForm record={record} />
  );

/**
 * Sets a new password for the user: a player's of at least 6 characters, an admin's by the admin
 * rules (its length checked here; what the server refuses besides shows on the field). A password
 * the length refuses sends nothing.
 */
const NewPasswordForm = ({ record }: PasswordCardProps) => {
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const rule = ruleFor(record);

  const { mutate, isPending } = useAction(
    (dataProvider, newPassword: string) => dataProvider.changeUserPassword(record.id, newPassword),
    {
      onSuccess: () => {
        setPassword('');
        notify(MESSAGES.passwordUpdated, { type: 'success' });
      },
      onError: (failure) => {
        const refused = statusOf(failure) === 400 ? fieldErrorsOf(failure)?.newPassword : undefined;
        if (refused) setError(refused);
        else notify(errorMessage(failure, 'Error changing password'), { type: 'error' });
      },
    },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = rule.problem(password);
    setError(problem);
    if (!problem) mutate(password);
  };

  return (
    <SectionCard title="Change password">
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          margin="none"
          type="password"
          label="New password"
          autoComplete="new-password"
          {...maxLengthProps(TEXT_MAX.password.newPassword)}
          value={password}
          error={error !== undefined}
          helperText={<PasswordHelp error={error} help={rule.help} />}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<PasswordIcon />}
          disabled={isPending}
          sx={FIELD_ALIGNED}
        >
          Change password
        </Button>
      </Box>
    </SectionCard>
  );
};
