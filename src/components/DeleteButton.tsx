import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { ConfirmButton } from './ConfirmButton';

/**
 * A row's 'Delete': asks `confirm` first (the spec's 'Delete this bot?'), then deletes on the
 * dialog's 'Delete'. Named after the record ('Delete AceBot') so each row's button is told apart.
 */
export const DeleteButton = ({
  name,
  confirm,
  description,
  onDelete,
  disabled,
}: {
  name: string;
  confirm: string;
  description?: string;
  /** Reports its own failure; the dialog stays busy until it settles. */
  onDelete: () => Promise<unknown>;
  disabled?: boolean;
}) => (
  <ConfirmButton
    confirm={confirm}
    description={description}
    confirmLabel="Delete"
    onConfirm={onDelete}
    disabled={disabled}
    startIcon={<DeleteIcon />}
    aria-label={`Delete ${name}`}
  >
    Delete
  </ConfirmButton>
);
