import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { TEXT_MAX } from '../../../contract/limits';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import type { AppDataProvider } from '../../dataProvider';
import { FIELD_ALIGNED, MESSAGES, type UserRecord } from './user';

/**
 * The admin's permissions as chips (clicking one asks, then revokes it) and a form that grants
 * one, on the detail and edit screens. Each change is one PATCH …/permissions and a message,
 * then the screen reloads.
 */
export const PermissionsCard = ({ record }: { record: Pick<UserRecord, 'id' | 'adminRole'> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const [permission, setPermission] = useState('');
  // the chip being asked about; `asking` apart, so the question keeps its name while it closes
  const [toRevoke, setToRevoke] = useState('');
  const [asking, setAsking] = useState(false);
  const permissions = record.adminRole?.permissions ?? [];

  const grant = useMutation({
    mutationFn: (name: string) => dataProvider.updateUserPermissions(record.id, { grant: [name] }),
    onSuccess: () => {
      setPermission('');
      notify(MESSAGES.permissionGranted, { type: 'success' });
      refresh();
    },
    onError: (error) => notifyFailure(MESSAGES.grantError, error),
  });

  const revoke = useMutation({
    mutationFn: (name: string) => dataProvider.updateUserPermissions(record.id, { revoke: [name] }),
    onSuccess: () => {
      setAsking(false);
      notify(MESSAGES.permissionRevoked, { type: 'success' });
      refresh();
    },
    onError: (error) => {
      setAsking(false);
      notifyFailure(MESSAGES.revokeError, error);
    },
  });

  const askToRevoke = (name: string) => {
    setToRevoke(name);
    setAsking(true);
  };

  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    const name = permission.trim();
    if (name) grant.mutate(name);
  };

  return (
    <SectionCard title="Admin permissions">
      {!record.adminRole?.enabled && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Permissions take effect while the user is an admin.
        </Typography>
      )}
      {permissions.length ? (
        <Box
          component="ul"
          aria-label="Permissions"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {permissions.map((name) => (
            <li key={name}>
              <Chip
                label={name}
                aria-label={`Revoke ${name}`}
                title="Click to revoke"
                disabled={revoke.isPending}
                onClick={() => askToRevoke(name)}
                onDelete={() => askToRevoke(name)}
              />
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No permissions
        </Typography>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onGrant}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          margin="none"
          label="Permission"
          placeholder="e.g. withdrawals:approve"
          helperText="Free text, one permission at a time"
          {...maxLengthProps(TEXT_MAX.permission.grant)}
          value={permission}
          onChange={(event) => setPermission(event.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<AddIcon />}
          disabled={grant.isPending}
          sx={FIELD_ALIGNED}
        >
          Grant
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        busy={revoke.isPending}
        title={`Revoke ${toRevoke}?`}
        confirmLabel="Revoke"
        confirmColor="error"
        onConfirm={() => revoke.mutate(toRevoke)}
        onClose={() => setAsking(false)}
      />
    </SectionCard>
  );
};
