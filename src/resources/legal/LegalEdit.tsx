import { CardContent } from '@mui/material';
import { BooleanInput, Edit, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { errorMessage, fieldErrorsOf } from '../../apiErrors';
import { FormSaveButton } from '../../components/FormSaveButton';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { useSaveFeedback } from '../../components/useSaveFeedback';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { LegalTitle } from './LegalTitle';
import { LIST_PATH, showPath } from './legal';
import { legalResolver } from './legalForm';
import { Preview } from './Preview';

// An emptied area is sent as '' (an empty document), not null.
const asTyped = (value: string) => value;

const LivePreview = () => {
  const [contentText, contentHtml] = useWatch({ name: ['contentText', 'contentHtml'] });
  return <Preview contentText={contentText ?? ''} contentHtml={contentHtml ?? ''} />;
};

/**
 * /legal/{id}: the version's plain text and HTML, and whether it is live, PATCHed with If-Match
 * (only what changed). The API's rules stand: the live version stays live (409 live_version),
 * and its message is shown.
 */
export const LegalEdit = () => {
  const { id = '' } = useParams();
  const queryOptions = useRecordLoadFailure('Legal document not found', LIST_PATH);
  const { errors, mutationOptions } = useSaveFeedback(
    'Legal document saved',
    showPath(id),
    (error) => ({
      message: errorMessage(error, 'Save failed'),
      fields: fieldErrorsOf(error),
    }),
  );
  return (
    <Edit
      title={<LegalTitle prefix="Edit " />}
      actions={false}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      mutationOptions={mutationOptions}
    >
      <ChangedElsewhere entity="legal" />
      <SimpleForm
        resolver={legalResolver}
        noValidate
        warnWhenUnsavedChanges
        toolbar={
          <Toolbar>
            <FormSaveButton />
          </Toolbar>
        }
      >
        <ServerFieldErrors errors={errors} />
        <TextInput source="contentText" label="Plain text" parse={asTyped} multiline minRows={6} />
        <TextInput source="contentHtml" label="HTML" parse={asTyped} multiline minRows={6} />
        <BooleanInput source="isActive" label="Active" />
        <CardContent sx={{ px: 0, width: '100%' }}>
          <LivePreview />
        </CardContent>
      </SimpleForm>
    </Edit>
  );
};
