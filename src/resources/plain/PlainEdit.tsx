import CancelIcon from '@mui/icons-material/Close';
import { Button } from '@mui/material';
import type { ComponentType } from 'react';
import {
  BooleanInput,
  Create,
  DateTimeInput,
  Edit,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { labelOf } from '../../../contract/crud-names';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { useSaveFeedback } from '../../components/useSaveFeedback';
import { type FieldKind, messagesOf, type PlainScreensProps } from './spec';

/** The input of each kind; each takes `source` and `label`. */
const inputs: Record<FieldKind, ComponentType<{ source: string; label: string }>> = {
  text: TextInput,
  number: NumberInput,
  boolean: BooleanInput,
  datetime: DateTimeInput,
};

const PlainForm = ({ name, spec, errors }: PlainScreensProps & { errors?: FieldErrors }) => (
  <SimpleForm
    defaultValues={spec.defaults}
    warnWhenUnsavedChanges
    noValidate
    sx={{ maxWidth: 640 }}
    toolbar={
      <Toolbar sx={{ gap: 1, justifyContent: 'flex-start' }}>
        <SaveButton label="Save" />
        <Button component={Link} to={`/${name}`} startIcon={<CancelIcon />}>
          Cancel
        </Button>
      </Toolbar>
    }
  >
    <ServerFieldErrors errors={errors} />
    {(Object.entries(spec.fields) as [string, FieldKind][]).map(([source, kind]) => {
      const Input = inputs[kind];
      return <Input key={source} source={source} label={labelOf(source)} />;
    })}
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
      <PlainForm {...props} errors={errors} />
    </Edit>
  );
};
