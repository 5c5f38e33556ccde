import { Chip } from '@mui/material';
import { type LegalVersionRecord, statusOf } from './legal';

/** 'Active' (the live version), 'Inactive' or 'Draft'. */
export const LegalStatus = ({ record }: { record: LegalVersionRecord }) => (
  <Chip
    size="small"
    variant="outlined"
    color={record.isActive ? 'success' : 'default'}
    label={statusOf(record)}
  />
);
