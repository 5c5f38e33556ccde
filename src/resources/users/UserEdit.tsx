import CancelIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Card, Typography } from '@mui/material';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import {
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  type Adjustment,
  type AdjustmentReason,
  creditRecorded,
  OWN_ACCOUNT,
} from '../../../contract/adjustments';
import { TEXT_MAX } from '../../../contract/limits';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { Facts } from '../../components/Facts';
import { FormSaveButton } from '../../components/FormSaveButton';
import type { ReasonChoice } from '../../components/ReasonDialog';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { StatusBadge } from '../../components/StatusBadge';
import { maxLengthProps } from '../../components/textLimit';
import { useResourceCache } from '../../components/useAction';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatNumber } from '../../format';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { CreditReasonDialog } from '../adjustments/CreditReasonDialog';
import { AdminToggleButton } from './AdminToggleButton';
import { PasswordCard } from './PasswordCard';
import { PermissionsCard } from './PermissionsCard';
import { UserTitle } from './UserTitle';
import {
  creditNeedingReason,
  isSignedInAdmin,
  MESSAGES,
  STATUS_CHOICES,
  toNumber,
  toOwnPatch,
  toUserPatch,
  USERS_PATH,
  type UserFormValues,
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

/** The values of a save that waits for a credit's reason, and how much the credit is. */
interface CreditAsk {
  values: FieldValues;
  delta: number;
}

/** On one's own record: balance, XP, status and referrer shown, not editable, and why. */
const OwnStanding = ({ record }: { record: UserRecord }) => (
  <Box sx={{ width: '100%', my: 1 }}>
    <Alert severity="info" sx={{ mb: 1.5 }}>
      {OWN_ACCOUNT}
    </Alert>
    <Facts
      facts={[
        ['Balance', formatNumber(record.balance)],
        ['XP', formatNumber(record.xp)],
        ['Status', <StatusBadge key="status" status={record.status} />],
        ['Referred by', record.referredBy || '-'],
      ]}
    />
  </Box>
);

const StandingInputs = () => (
  <>
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
  </>
);

/**
 * Saves as the form says; a credit that needs a second admin first asks for its reason
 * (`credit`, opened here or by the API's 400 on adjustmentReason), then saves with it.
 */
const useCreditSave = (
  record: UserRecord | undefined,
  credit: CreditAsk | null,
  setCredit: (ask: CreditAsk | null) => void,
  lastSent: MutableRefObject<CreditAsk | null>,
) => {
  const { save, saving } = useSaveContext();
  const send = (values: FieldValues) => {
    lastSent.current = { values, delta: record ? toNumber(values.balance) - record.balance : 0 };
    return save?.(values);
  };
  const submit = (values: FieldValues) => {
    const delta = record ? creditNeedingReason(values as UserFormValues, record) : null;
    if (delta !== null) {
      setCredit({ values, delta });
      return;
    }
    return send(values);
  };
  const confirm = ({ reason, note }: ReasonChoice<AdjustmentReason>) => {
    if (credit) void send({ ...credit.values, adjustmentReason: reason, adjustmentNote: note });
  };
  return { submit, confirm, saving: Boolean(saving) };
};

interface CreditState {
  credit: CreditAsk | null;
  setCredit: (ask: CreditAsk | null) => void;
  /** The last save sent, to ask for its reason when the API wants one. */
  lastSent: MutableRefObject<CreditAsk | null>;
}

const EditCards = ({ sync, credits }: { sync: ServerState; credits: CreditState }) => {
  const record = useRecordContext<UserRecord>();
  const own = record !== undefined && isSignedInAdmin(record);
  const { credit, setCredit, lastSent } = credits;
  const { submit, confirm, saving } = useCreditSave(record, credit, setCredit, lastSent);
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
          onSubmit={submit}
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
          {own && record ? <OwnStanding record={record} /> : <StandingInputs />}
          <ReadOnlyAdminFacts />
        </SimpleForm>
      </Card>
      <CreditReasonDialog
        open={credit !== null}
        delta={credit?.delta ?? 0}
        busy={saving}
        onConfirm={confirm}
        onClose={() => setCredit(null)}
      />
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
  const cache = useResourceCache();
  const [sync, setSync] = useState<ServerState>({});
  const [credit, setCredit] = useState<CreditAsk | null>(null);
  const lastSent = useRef<CreditAsk | null>(null);
  const loadFailure = useRecordLoadFailure(MESSAGES.notFound, USERS_PATH, MESSAGES.loadError);

  return (
    <Edit
      title={<UserTitle />}
      actions={false}
      component="div"
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: UserFormValues, options?: { previousData?: UserRecord }) =>
        options?.previousData && isSignedInAdmin(options.previousData)
          ? toOwnPatch(values)
          : toUserPatch(values)
      }
      queryOptions={loadFailure}
      mutationOptions={{
        onSuccess: ({ adjustment, ...saved }: UserRecord & { adjustment?: Adjustment }) => {
          setCredit(null);
          // a credit waiting for a second admin: the balance is the one before it
          setSync({ saved });
          if (adjustment) {
            notify(creditRecorded(adjustment.delta), { type: 'success' });
            cache.reload(['adjustments']);
          } else {
            notify(MESSAGES.saved, { type: 'success' });
          }
        },
        onError: (error) => {
          const errors = fieldErrorsOf(error);
          // the threshold went down since the page loaded: the credit now needs its reason
          if (errors?.adjustmentReason && lastSent.current) {
            setCredit(lastSent.current);
            return;
          }
          setCredit(null);
          setSync({ errors });
          notify(errorMessage(error, 'Error saving user'), { type: 'error' });
        },
      }}
    >
      <EditCards sync={sync} credits={{ credit, setCredit, lastSent }} />
    </Edit>
  );
};
