import { Button, CardContent, Stack } from '@mui/material';
import { Create, Edit, useRecordContext } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { TypeForm } from './TypeForm';
import { TypeSaveButton } from './TypeSaveButton';
import { RESOURCE, type WithdrawalTypeRecord } from './types';
import { useSaveType } from './useSaveType';

const LIST_PATH = `/${RESOURCE}`;

/** The types page's form on a screen of its own: Save goes back to the list, Cancel too. */
const TypeFormScreen = () => {
  const editing = useRecordContext<WithdrawalTypeRecord>();
  const navigate = useNavigate();
  const { form, saving } = useSaveType(editing, () => navigate(LIST_PATH));
  return (
    <TypeForm
      {...form}
      frame={(inputs) => <CardContent sx={{ maxWidth: 720 }}>{inputs}</CardContent>}
      actions={
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2 }}>
          <TypeSaveButton saving={saving} />
          <Button component={Link} to={LIST_PATH} disabled={saving}>
            Cancel
          </Button>
        </Stack>
      }
    />
  );
};

/** /withdrawal-types/{id}: PUT of the whole type with If-Match. */
export const TypeEdit = () => {
  const queryOptions = useRecordLoadFailure('Withdrawal type not found', LIST_PATH);
  return (
    <Edit title="Edit withdrawal type" actions={false} queryOptions={queryOptions}>
      <ChangedElsewhere entity="withdrawal_type" />
      <TypeFormScreen />
    </Edit>
  );
};

/** /withdrawal-types/create: a new type from the spec's defaults. */
export const TypeCreate = () => (
  <Create title="New withdrawal type" actions={false}>
    <TypeFormScreen />
  </Create>
);
