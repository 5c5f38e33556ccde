import { Button, CardContent, Stack } from '@mui/material';
import { Create, Edit, useSaveContext } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { TypeForm } from './TypeForm';
import { TypeSaveButton } from './TypeSaveButton';
import { RESOURCE } from './types';
import { useTypeSave } from './useTypeSave';

const LIST_PATH = `/${RESOURCE}`;

/** The types page's form on a screen of its own: Save goes back to the list, Cancel too. */
const TypeFormScreen = ({ failure }: { failure: unknown }) => {
  const { saving = false } = useSaveContext();
  return (
    <TypeForm
      failure={failure}
      frame={(inputs) => <CardContent sx={{ maxWidth: 720 }}>{inputs}</CardContent>}
      actions={
        <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2 }}>
          <TypeSaveButton />
          <Button component={Link} to={LIST_PATH} disabled={saving}>
            Cancel
          </Button>
        </Stack>
      }
    />
  );
};

/** Saved, back to the list. */
const useScreenSave = () => {
  const navigate = useNavigate();
  return useTypeSave(() => navigate(LIST_PATH));
};

/** /withdrawal-types/{id}: PUT of the whole type with If-Match. */
export const TypeEdit = () => {
  const queryOptions = useRecordLoadFailure('Withdrawal type not found', LIST_PATH);
  const { failure, saveProps } = useScreenSave();
  return (
    <Edit title="Edit withdrawal type" actions={false} queryOptions={queryOptions} {...saveProps}>
      <ChangedElsewhere entity="withdrawal_type" />
      <TypeFormScreen failure={failure} />
    </Edit>
  );
};

/** /withdrawal-types/create: a new type from the spec's defaults. */
export const TypeCreate = () => {
  const { failure, saveProps } = useScreenSave();
  return (
    <Create title="New withdrawal type" actions={false} {...saveProps}>
      <TypeFormScreen failure={failure} />
    </Create>
  );
};
