import AddIcon from '@mui/icons-material/Add';
import { Autocomplete, Box, Button, Chip, TextField, Tooltip, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { TEXT_MAX } from '../../../contract/limits';
import type { PermissionInfo } from '../../../contract/permissions';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { useAllowed } from '../../access/useAllowed';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { maxLengthProps } from '../../components/textLimit';
import { useAction } from '../../components/useAction';
import { usePermissionCatalogue } from './usePermissionCatalogue';
import { FIELD_ALIGNED, MESSAGES, type UserRecord } from './user';

/** How a permission an SSO group gives is labelled: 'withdrawals:read (SSO group finance)'. */
export const groupPermissionLabel = (name: string, group: string) => `${name} (SSO group ${group})`;

const chipListSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  mb: 2,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
} as const;

/**
 * The admin's permissions as chips, each saying on hover what it allows (clicking one asks, then
 * revokes it), those of their sign-on groups beside them (not revocable here), and a form that
 * grants one of the catalogue (offered as the admin types; another name is refused on the field). Each change is one PATCH …/permissions and a message, then
 * the screen reloads. Granting and revoking need users:admin.
 */
export const PermissionsCard = ({ record }: { record: Pick<UserRecord, 'id' | 'adminRole'> }) => {
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const { allowed: mayChange } = useAllowed('admin', 'users');
  const { catalogue, describe } = usePermissionCatalogue();
  const [permission, setPermission] = useState('');
  const [notListed, setNotListed] = useState(false);
  // the chip being asked about; `asking` apart, so the question keeps its name while it closes
  const [toRevoke, setToRevoke] = useState('');
  const [asking, setAsking] = useState(false);
  const permissions = record.adminRole?.permissions ?? [];
  const fromGroups = record.adminRole?.groupPermissions ?? [];

  const grant = useAction(
    (dataProvider, name: string) =>
      dataProvider.updateUserPermissions(record.id, { grant: [name] }),
    {
      onSuccess: () => {
        setPermission('');
        notify(MESSAGES.permissionGranted, { type: 'success' });
        refresh();
      },
      onError: (error) => notifyFailure(MESSAGES.grantError, error),
    },
  );

  const revoke = useAction(
    (dataProvider, name: string) =>
      dataProvider.updateUserPermissions(record.id, { revoke: [name] }),
    {
      onSuccess: () => {
        setAsking(false);
        notify(MESSAGES.permissionRevoked, { type: 'success' });
        refresh();
      },
      onError: (error) => {
        setAsking(false);
        notifyFailure(MESSAGES.revokeError, error);
      },
    },
  );

  const askToRevoke = (name: string) => {
    setToRevoke(name);
    setAsking(true);
  };

  // Only the catalogue's names can be granted: another is refused here, on the field, before the
  // API's 400 would list all thirty. Until the catalogue is read, the API checks alone.
  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    const name = permission.trim();
    if (!name || !mayChange) return;
    if (catalogue.length > 0 && !catalogue.some((entry) => entry.name === name)) {
      setNotListed(true);
      return;
    }
    grant.mutate(name);
  };

  return (
    <SectionCard title="Admin permissions">
      {!record.adminRole?.enabled && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Permissions take effect while the user is an admin.
        </Typography>
      )}
      {permissions.length || fromGroups.length ? (
        <Box component="ul" aria-label="Permissions" sx={chipListSx}>
          {permissions.map((name) => (
            <li key={name}>
              <Tooltip title={describe(name) ?? ''}>
                {mayChange ? (
                  <Chip
                    label={name}
                    aria-label={`Revoke ${name}`}
                    disabled={revoke.isPending}
                    onClick={() => askToRevoke(name)}
                    onDelete={() => askToRevoke(name)}
                  />
                ) : (
                  <Chip label={name} />
                )}
              </Tooltip>
            </li>
          ))}
          {fromGroups.map(({ name, group }) => (
            <li key={`${group}/${name}`}>
              <Tooltip title={describe(name) ?? ''}>
                <Chip label={groupPermissionLabel(name, group)} variant="outlined" />
              </Tooltip>
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
        <Autocomplete<PermissionInfo, false, false, true>
          freeSolo
          options={catalogue}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box>
                <Typography variant="body2">{option.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.description}
                </Typography>
              </Box>
            </li>
          )}
          inputValue={permission}
          onInputChange={(_event, value) => {
            setPermission(value);
            setNotListed(false);
          }}
          disabled={!mayChange}
          sx={{ flex: '1 1 220px', maxWidth: 420 }}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              margin="none"
              label="Permission"
              placeholder="e.g. withdrawals:approve"
              error={notListed}
              helperText={
                notListed ? MESSAGES.pickPermission : 'One permission at a time, from the list'
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  ...maxLengthProps(TEXT_MAX.permission.grant).slotProps.htmlInput,
                },
              }}
            />
          )}
        />
        <DisabledUnlessAllowed action="admin" resource="users">
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            disabled={grant.isPending}
            sx={FIELD_ALIGNED}
          >
            Grant
          </Button>
        </DisabledUnlessAllowed>
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
