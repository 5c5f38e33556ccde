import CancelIcon from '@mui/icons-material/Close';
import { Box, Button, Card, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXT_MAX } from '../../../contract/limits';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { Facts } from '../../components/Facts';
import { FormSaveButton } from '../../components/FormSaveButton';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { maxLengthProps } from '../../components/textLimit';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { AdminToggleButton } from './AdminToggleButton';
import { PasswordCard } from './PasswordCard';
import { PermissionsCard } from './PermissionsCard';
import { UserTitle } from './UserTitle';
import {
  MESSAGES,
  STATUS_CHOICES,
  toUserPatch,
  USERS_PATH,
  type UserRecord,
  userPath,
  userResolver,
} from './user';

/**
 * When the record reloads (after the admin toggle or a permission change on this page), keep
 * what the admin is typing. One constant object: a new one each render would reset the form.
 */
const KEEP_DIRTY_VALUES = { keepDirtyValues: true };

interface ServerState {
  errors?: FieldErrors;
  saved?: UserRecord;
}

/**
 * Keeps the form in step with the server: puts the API's per-field messages (a 409 'Username
 * already taken', a 400) on the inputs, and after a save shows the values as saved (balance ''
 * becomes 0), which the kept-dirty-values reset alone would not.
 */
const ServerSync = ({ errors, saved }: { errors?: FieldErrors; saved?: UserRecord }) => {
  const { reset } = useFormContext();
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);
  return <ServerFieldErrors errors={errors} />;
};

/** Back to where the admin came from; to the detail page when the edit page was opened directly. */
const useGoBack = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const record = useRecordContext<UserRecord>();
  return () => {
    // the first page of the session has the key 'default': there is nothing to go back to
    if (location.key !== 'default') navigate(-1);
    else navigate(record ? userPath(record.id) : '/users');
  };
};

const UserEditToolbar = () => {
  const record = useRecordContext<UserRecord>();
  const goBack = useGoBack();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-start' }}>
      <FormSaveButton />
      <Button startIcon={<CancelIcon />} onClick={goBack}>
        Cancel
      </Button>
      <Box sx={{ flex: 1 }} />
      {record && <AdminToggleButton record={record} />}
    </Toolbar>
  );
};

/** Admin enabled and roles: shown, not editable (the admin toggle changes them). */
const ReadOnlyAdminFacts = () => {
  const record = useRecordContext<UserRecord>();
  const adminRole = record?.adminRole;
  return (
    <Box sx={{ width: '100%', mt: 1 }}>
      <Typography component="h2" variant="subtitle2" color="text.secondary" gutterBottom>
        Admin role
      </Typography>
      <Facts
        facts={[
          ['Admin enabled', adminRole?.enabled ? 'yes' : 'no'],
          ['Roles', adminRole?.roles.length ? adminRole.roles.join(', ') : '-'],
        ]}
      />
    </Box>
  );
};

const EditCards = ({ sync }: { sync: ServerState }) => {
  const record = useRecordContext<UserRecord>();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ChangedElsewhere entity="user" />
      <Card>
        <SimpleForm
          toolbar={<UserEditToolbar />}
          resetOptions={KEEP_DIRTY_VALUES}
          resolver={userResolver}
          warnWhenUnsavedChanges
          // the checks are the API's own (userResolver), each message under its field and all at
          // once, never the browser's bubble for one field (min 0, the email's format)
          noValidate
          sx={{ maxWidth: 640 }}
        >
          <ServerSync {...sync} />
          <TextInput
            source="username"
            label="Username"
            autoComplete="off"
            {...maxLengthProps(TEXT_MAX.user.username)}
          />
          <TextInput
            source="email"
            label="Email"
            type="email"
            autoComplete="off"
            {...maxLengthProps(TEXT_MAX.user.email)}
          />
          <Box sx={{ display: 'flex', gap: 2, width: '100%', flexWrap: 'wrap' }}>
            <NumberInput source="balance" label="Balance" min={0} step={1} sx={{ flex: 1 }} />
            <NumberInput source="xp" label="XP" min={0} step={1} sx={{ flex: 1 }} />
          </Box>
          <SelectInput source="status" label="Status" choices={STATUS_CHOICES} />
          <TextInput
            source="referredBy"
            label="Referred by"
            autoComplete="off"
            {...maxLengthProps(TEXT_MAX.user.referredBy)}
          />
          <ReadOnlyAdminFacts />
        </SimpleForm>
      </Card>
      {record && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
          <PermissionsCard record={record} />
          <PasswordCard record={record} />
        </Box>
      )}
    </Box>
  );
};

/**
 * /users/{userId}/edit: the editable fields (saved with PATCH, only the changed ones, after the
 * server answers), read-only admin facts, the admin toggle, permissions and a password change.
 * Stays on the page after 'Saved'.
 */
export const UserEdit = () => {
  const notify = useNotify();
  const [sync, setSync] = useState<ServerState>({});
  const loadFailure = useRecordLoadFailure(MESSAGES.notFound, USERS_PATH, MESSAGES.loadError);

  return (
    <Edit
      title={<UserTitle />}
      actions={false}
      component="div"
      mutationMode="pessimistic"
      redirect={false}
      transform={toUserPatch}
      queryOptions={loadFailure}
      mutationOptions={{
        onSuccess: (saved: UserRecord) => {
          setSync({ saved });
          notify(MESSAGES.saved, { type: 'success' });
        },
        onError: (error) => {
          setSync({ errors: fieldErrorsOf(error) });
          notify(errorMessage(error, 'Error saving user'), { type: 'error' });
        },
      }}
    >
      <EditCards sync={sync} />
    </Edit>
  );
};
