import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { editPath, type LegalVersionRecord, versionName } from './legal';

/** 'Edit' leading to a version's editor, for an admin who may write legal documents. */
export const EditVersionButton = ({
  record,
  size,
}: {
  record: Pick<LegalVersionRecord, 'id' | 'type' | 'version'>;
  size?: 'small';
}) => (
  <IfAllowed action="edit" resource="legal">
    <Button
      size={size}
      component={Link}
      to={editPath(record.id)}
      startIcon={<EditIcon />}
      aria-label={`Edit ${versionName(record)}`}
    >
      Edit
    </Button>
  </IfAllowed>
);
