import PasswordIcon from '@mui/icons-material/LockReset';
import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TEXT_MAX } from '../../../contract/limits';
import { errorMessage } from '../../apiErrors';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import type { AppDataProvider } from '../../dataProvider';
import { ACCOUNT_PATH } from '../../twoStepGate';
import {
  FIELD_ALIGNED,
  isSignedInAdmin,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  type UserRecord,
} from './user';

type PasswordCardProps = { record: Pick<UserRecord, 'id' | '_id' | 'userId'> };

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

/** Sets a new password for the user (at least 6 characters; shorter sends nothing). */
const NewPasswordForm = ({ record }: PasswordCardProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [tooShort, setTooShort] = useState(false);

  const { mutate, isPending } = useMutation({
    mutationFn: (newPassword: string) => dataProvider.changeUserPassword(record.id, newPassword),
    onSuccess: () => {
      setPassword('');
      notify(MESSAGES.passwordUpdated, { type: 'success' });
    },
    onError: (error) => notify(errorMessage(error, 'Error changing password'), { type: 'error' }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setTooShort(true);
      return;
    }
    mutate(password);
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
          error={tooShort}
          helperText={tooShort ? MESSAGES.passwordTooShort : 'At least 6 characters'}
          onChange={(event) => {
            setPassword(event.target.value);
            if (event.target.value.length >= PASSWORD_MIN_LENGTH) setTooShort(false);
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
