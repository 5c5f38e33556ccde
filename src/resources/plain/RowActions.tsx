import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { DeleteButton } from '../../components/DeleteButton';

/**
 * Edit and Delete for one row, named after the record ('Edit Card Games') so each row's buttons
 * are told apart. Edit goes to a path (the Edit screen) or runs `edit` (a form on the page);
 * Delete asks `confirm` first. Only for who may write the resource.
 */
export const RowActions = ({
  name,
  edit,
  confirm,
  description,
  onDelete,
}: {
  name: string;
  edit: string | (() => void);
  confirm: string;
  description?: string;
  onDelete: () => Promise<unknown>;
}) => (
  <IfAllowed action="edit">
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ flexShrink: 0, whiteSpace: 'nowrap', '& .MuiButton-root': { minWidth: 0 } }}
    >
      <Button
        size="small"
        startIcon={<EditIcon />}
        aria-label={`Edit ${name}`}
        {...(typeof edit === 'string' ? { component: Link, to: edit } : { onClick: edit })}
      >
        Edit
      </Button>
      <DeleteButton name={name} confirm={confirm} description={description} onDelete={onDelete} />
    </Stack>
  </IfAllowed>
);
