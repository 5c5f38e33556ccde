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
import { contractResolver } from '../../forms/contractErrors';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { contractBodyOf, requiredBy } from './contract';
import { fieldsOf } from './fields';
import { PlainInput } from './PlainInput';
import { type FormContract, messagesOf, type PlainScreensProps } from './spec';

/** A form's screen: the resource, and its contract's schemas when the spec names them. */
type FormScreenProps = PlainScreensProps & { contract?: FormContract };

/** What a form sends and how it checks it: with the contract's schemas, or the spec's own checks. */
const checksOf = ({ spec, contract }: FormScreenProps) => {
  if (!contract) return {};
  const bodyOf = contractBodyOf(contract, fieldsOf(spec));
  return { transform: bodyOf, resolver: contractResolver(contract.create, bodyOf) };
};

const PlainForm = ({
  name,
  spec,
  contract,
  errors,
}: FormScreenProps & { errors?: FieldErrors }) => (
  <SimpleForm
    defaultValues={spec.defaults}
    warnWhenUnsavedChanges
    noValidate
    resolver={checksOf({ name, spec, contract }).resolver}
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
    {fieldsOf(spec).map((field) =>
      contract ? (
        <PlainInput
          key={field.source}
          field={{ ...field, required: requiredBy(contract, field.source) || undefined }}
          checkedByContract
        />
      ) : (
        <PlainInput key={field.source} field={field} />
      ),
    )}
  </SimpleForm>
);

/** On success the message and back to the list; on failure the message and the field errors. */
const usePlainSaveFeedback = (name: string, success: string) =>
  useSaveFeedback(success, `/${name}`, (error) => ({
    message: errorMessage(error, messagesOf(name).saveError),
    fields: fieldErrorsOf(error) ?? {},
  }));

/** /<name>/create: POST, then '<Record> created' and back to the list. */
export const PlainCreate = (props: FormScreenProps) => {
  const { record, created } = messagesOf(props.name);
  const { errors, mutationOptions } = usePlainSaveFeedback(props.name, created);
  return (
    <Create
      title={`Create ${record}`}
      actions={false}
      mutationOptions={mutationOptions}
      transform={checksOf(props).transform}
    >
      <PlainForm {...props} errors={errors} />
    </Create>
  );
};

/** /<name>/<id>: PATCHes the changed fields with If-Match, then '<Record> updated'. */
export const PlainEdit = (props: FormScreenProps) => {
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
      transform={checksOf(props).transform}
    >
      {/* the audit log's name of the record's kind, as the Show's history has it */}
      <ChangedElsewhere entity={singularOf(props.name).replace(/ /g, '_')} />
      <PlainForm {...props} errors={errors} />
    </Edit>
  );
};
