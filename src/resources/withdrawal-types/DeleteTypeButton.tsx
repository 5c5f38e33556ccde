import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button } from '@mui/material';
import { useGetList } from 'react-admin';
import { typeInUse, typeUsedBy } from '../../../contract/withdrawal-type-usage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmStep } from '../../components/useConfirmStep';
import { totalIsLowerBound } from '../../listMeta';
import type { WithdrawalTypeRecord } from './types';

/** How many withdrawals name the type: the withdrawals list's total for its key. */
const useUsage = (key: string, enabled: boolean) =>
  useGetList(
    'withdrawals',
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { typeId: key },
    },
    { enabled, retry: false, staleTime: 0 },
  );

const usageText = (
  record: WithdrawalTypeRecord,
  count: number | undefined,
  failed: boolean,
  orMore: boolean,
) => {
  if (failed) return `Could not check whether withdrawals use ${record.key}.`;
  if (count === undefined) return 'Checking whether withdrawals use this type…';
  if (count === 0) return `The type ${record.key} is removed for good.`;
  return record.isActive
    ? typeInUse(count, orMore)
    : `${typeUsedBy(count, orMore)} It cannot be deleted; it is already disabled.`;
};

/**
 * A row's 'Delete': asks 'Delete "{title}"?' after checking whether withdrawals use the type. One
 * in use cannot be deleted: the dialog says how many use it and offers 'Disable' instead.
 */
export const DeleteTypeButton = ({
  record,
  disabled,
  onDelete,
  onDisable,
}: {
  record: WithdrawalTypeRecord;
  disabled?: boolean;
  /** Each reports its own failure; the dialog stays busy until it settles. */
  onDelete: () => Promise<unknown>;
  onDisable: () => Promise<unknown>;
}) => {
  const { open, busy, ask, close, run } = useConfirmStep();
  const usage = useUsage(record.key, open);
  const count = usage.isFetching ? undefined : usage.total;
  const inUse = count !== undefined && count > 0;
  const confirm = inUse
    ? record.isActive
      ? { confirmLabel: 'Disable', confirmColor: 'warning' as const, onConfirm: run(onDisable) }
      : {}
    : { confirmLabel: 'Delete', confirmColor: 'error' as const, onConfirm: run(onDelete) };

  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={disabled || busy}
        onClick={ask}
        aria-label={`Delete ${record.key}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={`Delete "${record.title}"?`}
        description={usageText(record, count, usage.isError, totalIsLowerBound(usage.meta))}
        liveDescription
        confirmDisabled={count === undefined && !usage.isError}
        onClose={close}
        {...confirm}
      />
    </>
  );
};
