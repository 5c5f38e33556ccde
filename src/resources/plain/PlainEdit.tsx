import CancelIcon from '@mui/icons-material/Close';
import { Button } from '@mui/material';
import { Create, Edit, SimpleForm, Toolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { singularOf } from '../../../contract/crud-names';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { FormSaveButton } from '../../components/FormSaveButton';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { useSaveFeedback } from '../../components/useSaveFeedback';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { PlainInput } from './PlainInput';
import { fieldsOf, messagesOf, type PlainScreensProps } from './spec';

const PlainForm = ({ name, spec, errors }: PlainScreensProps & { errors?: FieldErrors }) => (
  <SimpleForm
    defaultValues={spec.defaults}
    warnWhenUnsavedChanges
    noValidate
    sx={{ maxWidth: 640 }}
    toolbar={
      <Toolbar sx={{ gap: 1, justifyContent: 'flex-start' }}>
        <FormSaveButton />
        <Button component={Link} to={`/${name}`} startIcon={<CancelIcon />}>
          Cancel
        </Button>
      </Toolbar>
    }
  >
    <ServerFieldErrors errors={errors} />
    {fieldsOf(spec).map((field) => (
      <PlainInput key={field.source} field={field} />
    ))}
  </SimpleForm>
);

/** On success the message and back to the list; on failure the message and the field errors. */
const usePlainSaveFeedback = (name: string, success: string) =>
  useSaveFeedback(success, `/${name}`, (error) => ({
    message: errorMessage(error, messagesOf(name).saveError),
    fields: fieldErrorsOf(error) ?? {},
  }));

/** /<name>/create: POST, then '<Record> created' and back to the list. */
export const PlainCreate = (props: PlainScreensProps) => {
  const { record, created } = messagesOf(props.name);
  const { errors, mutationOptions } = usePlainSaveFeedback(props.name, created);
  return (
    <Create title={`Create ${record}`} actions={false} mutationOptions={mutationOptions}>
      <PlainForm {...props} errors={errors} />
    </Create>
  );
};

/** /<name>/<id>: PATCHes the changed fields with If-Match, then '<Record> updated'. */
export const PlainEdit = (props: PlainScreensProps) => {
  const { record, updated, notFound, listError } = messagesOf(props.name);
  const { errors, mutationOptions } = usePlainSaveFeedback(props.name, updated);
  const queryOptions = useRecordLoadFailure(notFound, `/${props.name}`, listError);
  return (
    <Edit
      title={`Edit ${record}`}
      actions={false}
      queryOptions={queryOptions}
      mutationMode="pessimistic"
      mutationOptions={mutationOptions}
    >
      {/* the audit log's name of the record's kind, as the Show's history has it */}
      <ChangedElsewhere entity={singularOf(props.name).replace(/ /g, '_')} />
      <PlainForm {...props} errors={errors} />
    </Edit>
  );
};
