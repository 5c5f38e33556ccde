import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type Identifier, type RaRecord, useListContext, useNotify } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';

/** Spec section 5 (withdrawals, bots). */
const NOTHING_SELECTED = 'Select at least one row.';

export interface BulkAction<A extends string> {
  action: A;
  label: string;
  /** The button's and its confirmation's colour. */
  color: 'success' | 'error' | 'warning';
  variant?: 'contained' | 'outlined';
}

/** A checked row stays checked only while the query it was checked under is shown. */
const useUnselectOnQueryChange = () => {
  const { filterValues, page, perPage, sort, onUnselectItems } = useListContext();
  const query = JSON.stringify([filterValues, page, perPage, sort]);
  const shown = useRef(query);
  useEffect(() => {
    if (shown.current === query) return;
    shown.current = query;
    onUnselectItems();
  }, [query, onUnselectItems]);
};

/**
 * Buttons that act on the checked rows of the list's page ('Enable selected'): with none checked
 * they say 'Select at least one row.' and call nothing; otherwise they ask `confirmText` and then
 * run `onConfirm`, the dialog busy until it settles. Shows how many rows are checked.
 */
export const BulkActionButtons = <A extends string>({
  actions,
  confirmText,
  onConfirm,
  canAct,
  describe,
}: {
  actions: readonly BulkAction<A>[];
  /** The question, e.g. 'Set active=false for 2 bots?'. */
  confirmText: (action: A, count: number) => string;
  /** Reports its own outcome; may reject (the dialog closes either way). */
  onConfirm: (action: A, ids: Identifier[]) => Promise<unknown>;
  /** Which checked rows can be acted on (e.g. only pending withdrawals); all by default. */
  canAct?: (record: RaRecord) => boolean;
  /** What the confirmation adds below the question, about the rows it will act on. */
  describe?: (action: A, records: RaRecord[]) => string;
}) => {
  const notify = useNotify();
  const { data, selectedIds } = useListContext();
  useUnselectOnQueryChange();
  const records = (data ?? []).filter(
    (record) => selectedIds.includes(record.id) && (canAct?.(record) ?? true),
  );
  const selected = records.map((record) => record.id);
  // kept after closing so the dialog's text does not change while it fades out
  const [request, setRequest] = useState<{
    action: BulkAction<A>;
    ids: Identifier[];
    description?: string;
  } | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = (action: BulkAction<A>) => {
    if (selected.length === 0) {
      notify(NOTHING_SELECTED, { type: 'warning' });
      return;
    }
    setRequest({ action, ids: selected, description: describe?.(action.action, records) });
    setOpen(true);
  };

  const run = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await onConfirm(request.action.action, request.ids);
    } catch {
      // reported by onConfirm
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <Button
          key={action.action}
          variant={action.variant ?? 'contained'}
          color={action.color}
          size="small"
          disabled={busy}
          onClick={() => ask(action)}
        >
          {action.label}
        </Button>
      ))}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {selected.length > 0 ? `${selected.length} selected` : ''}
      </Typography>
      <ConfirmDialog
        open={open}
        title={request ? confirmText(request.action.action, request.ids.length) : ''}
        description={request?.description}
        confirmColor={request?.action.color}
        busy={busy}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
};
