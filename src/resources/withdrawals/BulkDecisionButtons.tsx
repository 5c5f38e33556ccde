import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { type Identifier, useListContext, useNotify } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Decision, WithdrawalRecord } from './types';
import { useBulkDecideWithdrawals } from './useDecisions';

export const NOTHING_SELECTED = 'Select at least one row.';

/** The checked rows of this page that can still be decided. */
const useSelectedPendingIds = (): Identifier[] => {
  const { data, selectedIds } = useListContext<WithdrawalRecord>();
  return (data ?? [])
    .filter((record) => record.status === 'pending' && selectedIds.includes(record.id))
    .map((record) => record.id);
};

/**
 * 'Approve selected' and 'Reject selected': always shown; with no pending row checked they say
 * 'Select at least one row.' and call nothing, otherwise they confirm and PATCH the bulk call.
 */
export const BulkDecisionButtons = ({ adminNote }: { adminNote: string }) => {
  const notify = useNotify();
  const { onUnselectItems } = useListContext();
  const selected = useSelectedPendingIds();
  // kept after closing so the dialog's text does not change while it fades out
  const [request, setRequest] = useState<{ action: Decision; ids: Identifier[] } | null>(null);
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useBulkDecideWithdrawals(() => onUnselectItems());

  const ask = (action: Decision) => {
    if (selected.length === 0) {
      notify(NOTHING_SELECTED, { type: 'warning' });
      return;
    }
    setRequest({ action, ids: selected });
    setOpen(true);
  };

  const confirm = () => {
    if (!request) return;
    mutate({ ...request, adminNote }, { onSettled: () => setOpen(false) });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        color="success"
        size="small"
        disabled={isPending}
        onClick={() => ask('approve')}
      >
        Approve selected
      </Button>
      <Button
        variant="contained"
        color="error"
        size="small"
        disabled={isPending}
        onClick={() => ask('reject')}
      >
        Reject selected
      </Button>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {selected.length > 0 ? `${selected.length} selected` : ''}
      </Typography>
      <ConfirmDialog
        open={open}
        title={
          request ? `Apply '${request.action}' to ${request.ids.length} pending withdrawals?` : ''
        }
        confirmColor={request?.action === 'reject' ? 'error' : 'success'}
        busy={isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
};
