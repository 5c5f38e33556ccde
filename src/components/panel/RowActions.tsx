import EditIcon from '@mui/icons-material/Edit';
import { Box, Button } from '@mui/material';
import { DeleteButton } from '../DeleteButton';

/**
 * Edit and Delete for one row, named after the record ('Edit Card Games') so each row's buttons
 * are told apart. Delete asks `confirm` first.
 */
export const RowActions = ({
  name,
  onEdit,
  confirm,
  description,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  confirm: string;
  description?: string;
  onDelete: () => Promise<unknown>;
}) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, '& .MuiButton-root': { minWidth: 0 } }}>
    <Button size="small" onClick={onEdit} startIcon={<EditIcon />} aria-label={`Edit ${name}`}>
      Edit
    </Button>
    <DeleteButton name={name} confirm={confirm} description={description} onDelete={onDelete} />
  </Box>
);
