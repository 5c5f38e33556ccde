import { Box, Button, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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

/** What a confirmation that asks for more than yes (a reject's reason) is given to render. */
export interface BulkDialogProps<A extends string, E> {
  action: A;
  open: boolean;
  title: string;
  /** The rows it will act on. */
  records: RaRecord[];
  busy: boolean;
  /** Runs the action with what the dialog asked for. */
  confirm: (extra: E) => void;
  close: () => void;
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
export const BulkActionButtons = <A extends string, E = undefined>({
  actions,
  confirmText,
  onConfirm,
  canAct,
  describe,
  details,
  dialog,
}: {
  actions: readonly BulkAction<A>[];
  /** The question, e.g. 'Set active=false for 2 bots?'. */
  confirmText: (action: A, count: number) => string;
  /** Reports its own outcome; may reject (the dialog closes either way). */
  onConfirm: (action: A, ids: Identifier[], extra?: E) => Promise<unknown>;
  /** Which checked rows can be acted on (e.g. only pending withdrawals); all by default. */
  canAct?: (record: RaRecord) => boolean;
  /** What the confirmation adds below the question, about the rows it will act on. */
  describe?: (action: A, records: RaRecord[]) => string;
  /** More the plain confirmation shows under that (e.g. the rows themselves). */
  details?: (action: A, records: RaRecord[]) => ReactNode;
  /** The confirmation of an action that asks for more; null keeps the plain one. */
  dialog?: (props: BulkDialogProps<A, E>) => ReactNode;
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
    records: RaRecord[];
    description?: string;
  } | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = (action: BulkAction<A>) => {
    if (selected.length === 0) {
      notify(NOTHING_SELECTED, { type: 'warning' });
      return;
    }
    setRequest({ action, records, description: describe?.(action.action, records) });
    setOpen(true);
  };

  const run = async (extra?: E) => {
    if (!request) return;
    setBusy(true);
    try {
      const ids = request.records.map((record) => record.id);
      await onConfirm(request.action.action, ids, extra);
    } catch {
      // reported by onConfirm
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const title = request ? confirmText(request.action.action, request.records.length) : '';
  const close = () => setOpen(false);

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
      {(request &&
        dialog?.({
          action: request.action.action,
          open,
          title,
          records: request.records,
          busy,
          confirm: (extra) => void run(extra),
          close,
        })) ?? (
        <ConfirmDialog
          open={open}
          title={title}
          description={request?.description}
          confirmColor={request?.action.color}
          busy={busy}
          onConfirm={() => run()}
          onClose={close}
        >
          {request && details?.(request.action.action, request.records)}
        </ConfirmDialog>
      )}
    </Box>
  );
};
