import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type DataProvider,
  type Identifier,
  useDataProvider,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import type { AuditListItem } from '../../contract/audit';
import { changedElsewhere, resourceTopic } from '../../contract/live';
import { getStoredUser } from '../storage';
import { useEditingRecord } from './holds';
import { useSubscribe } from './useSubscribe';

export const CHANGED_ELSEWHERE = {
  reload: 'Reload',
  /** Who changed it when the audit log cannot tell. */
  someone: 'another admin',
} as const;

/** An audit entry older than this did not record the change just announced. */
const RECENT_MS = 10_000;

/**
 * Who made the record's newest change, by its newest audit entry; null when it was this admin
 * (their own save: nothing to say). A change without an entry of its own (a player's, through
 * the game) is 'another admin's.
 */
const lastChangeBy = async (
  dataProvider: DataProvider,
  entity: string,
  id: Identifier,
): Promise<string | null> => {
  try {
    const { data } = await dataProvider.getList<AuditListItem & { id: Identifier }>('audit', {
      filter: { entity, entityId: String(id) },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'at', order: 'DESC' },
    });
    const entry = data[0];
    if (!entry || Date.now() - Date.parse(entry.at) > RECENT_MS) return CHANGED_ELSEWHERE.someone;
    if (entry.actorId && entry.actorId === getStoredUser()?._id) return null;
    return entry.actor ?? CHANGED_ELSEWHERE.someone;
  } catch {
    return CHANGED_ELSEWHERE.someone;
  }
};

/**
 * Above an edit form: keeps the live refresh off the record while the form is open, and when
 * another admin changes (or deletes) it, says so with a Reload that loads the record into the
 * form. The If-Match of the save stays the last line of defence.
 */
export const ChangedElsewhere = ({ entity }: { entity: string }) => {
  const resource = useResourceContext() ?? '';
  const id = useRecordContext()?.id;
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  useEditingRecord(resource, id);

  useEffect(() => {
    if (id !== undefined) setChangedBy(null);
  }, [id]);

  useSubscribe(resource ? resourceTopic(resource) : undefined, (event) => {
    if (id === undefined || (event.type !== 'updated' && event.type !== 'deleted')) return;
    if (!event.payload.ids.includes(String(id))) return;
    void lastChangeBy(dataProvider, entity, id).then((admin) => {
      if (admin) setChangedBy(admin);
    });
  });

  if (!changedBy || id === undefined) return null;
  const reload = async () => {
    setReloading(true);
    try {
      await queryClient.invalidateQueries({
        queryKey: [resource, 'getOne', { id: String(id) }],
      });
      setChangedBy(null);
    } finally {
      setReloading(false);
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={reloading} onClick={() => void reload()}>
          {CHANGED_ELSEWHERE.reload}
        </Button>
      }
    >
      {changedElsewhere(changedBy)}
    </Alert>
  );
};
