import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { CreateBase, EditBase, Form, type RaRecord, useNotify, useSaveContext } from 'react-admin';
import {
  type Control,
  type FieldValues,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage, fieldErrorsOf } from '../../apiErrors';
import type { FormValues } from '../../components/formValues';
import { useResourceCache } from '../../components/useAction';
import { WarnWhenUnsavedChanges } from '../../components/WarnWhenUnsavedChanges';
import { contractResolver } from '../../forms/contractErrors';
import { PanelInputs } from './PanelInputs';
import { type AnySpec, messagesOf } from './spec';
import { bodyOf, formFieldsOf, formValuesOf } from './values';

export interface PanelFormProps<R extends RaRecord> {
  /** The resource's URL name and declaration: its fields, defaults and messages. */
  name: string;
  spec: AnySpec;
  /** The contract's bodies of a create (POST) and of an edit (PATCH), the form's checks. */
  schemas: { create: z.ZodType; patch: z.ZodType };
  /** The record being edited (saved with PATCH of the changed fields), or null to create one. */
  record: R | null;
  /**
   * The values the page picks instead of an input (the selected category's id), added to the
   * body; a required one missing shows as the form's message.
   */
  picked?: Record<string, string>;
  /** After the success message; `created` tells a create from an update. */
  onSaved?: (record: R, created: boolean) => void;
  /** Leaves an edit (the Cancel shown while editing). */
  onCancel: () => void;
  /** Every control disabled (e.g. no category selected yet). */
  disabled?: boolean;
  /** Shown under the heading, e.g. what the admin must do first. */
  hint?: ReactNode;
}

/**
 * react-admin's `warnWhenUnsavedChanges` for a form that shares its page with another: the
 * router heeds only its newest blocker, so react-admin's own would ask about the form mounted
 * last alone. This one notes the form's unsaved edits where every form of the console asks
 * about all of them.
 */
const WarnAcrossForms = ({ formControl }: { formControl?: Control }) => {
  const { dirtyFields, isSubmitSuccessful } = useFormState({ control: formControl });
  return (
    <WarnWhenUnsavedChanges dirty={Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful} />
  );
};

/** Hands the form's methods to the save's callbacks, which run outside the form. */
const FormMethods = ({ into }: { into: RefObject<UseFormReturn | null> }) => {
  into.current = useFormContext();
  return null;
};

/** The form's message: the server's, else a message on a value no input holds (the category). */
const FormMessage = ({ spec, message }: { spec: AnySpec; message: string | undefined }) => {
  const { errors } = useFormState();
  const inputs = new Set(formFieldsOf(spec).map((field) => field.source));
  const unplaced = Object.entries(errors)
    .filter(([source]) => !inputs.has(source))
    .map(([, error]) => String(error?.message ?? ''));
  const text = message ?? (unplaced.length ? unplaced.join(' ') : undefined);
  return text ? <Alert severity="error">{text}</Alert> : null;
};

/**
 * The form of a panel, inside its `<CreateBase>` or `<EditBase>`: a heading ('New category' or
 * 'Edit category'), the form's message, the fields, then 'Create', or 'Save' and 'Cancel'.
 */
const PanelFrame = ({
  form: { spec, what, editing, initial, resolver, message, clearMessage, methods },
  onCancel,
  disabled,
  hint,
}: {
  form: PanelSave;
  onCancel: () => void;
  disabled: boolean;
  hint?: ReactNode;
}) => {
  const { save, saving = false } = useSaveContext();
  const titleId = useId();
  const formId = useId();
  // react-admin's <Form> renders the <form> element: its heading names it (a landmark)
  useLayoutEffect(() => {
    document.getElementById(formId)?.setAttribute('aria-labelledby', titleId);
  }, [formId, titleId]);
  return (
    <Form
      id={formId}
      record={initial}
      resolver={resolver}
      noValidate
      warnWhenUnsavedChanges
      WarnWhenUnsavedChangesComponent={WarnAcrossForms}
      onSubmit={(values: FieldValues) => {
        clearMessage();
        return save?.(values);
      }}
    >
      <FormMethods into={methods} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 500 }}>
          {editing ? `Edit ${what}` : `New ${what}`}
        </Typography>
        {hint}
        <FormMessage spec={spec} message={message} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, pt: 0.5 }}>
          <PanelInputs spec={spec} disabled={disabled} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={disabled || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing ? 'Save' : 'Create'}
          </Button>
          {editing && (
            <Button onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
        </Box>
      </Box>
    </Form>
  );
};

/**
 * What a save does around react-admin's: the body from the values as typed (`transform`), then
 * the success message (a create empties the form), or the API's per-field messages on their
 * fields and any other failure as the form's message, every value kept.
 */
const usePanelSave = <R extends RaRecord>({
  name,
  spec,
  schemas,
  record,
  picked,
  onSaved,
}: PanelFormProps<R>) => {
  const messages = messagesOf(name);
  const notify = useNotify();
  const cache = useResourceCache();
  const methods = useRef<UseFormReturn | null>(null);
  const [message, setMessage] = useState<string>();
  const [initial] = useState(() => formValuesOf(spec, record));
  const bodyFrom = (values: FieldValues) => ({ ...picked, ...bodyOf(spec, values as FormValues) });
  // the checks read the picked values of the moment (the selection changes under the form)
  const latestBody = useRef(bodyFrom);
  latestBody.current = bodyFrom;
  const [resolver] = useState(() =>
    contractResolver<FieldValues>(record ? schemas.patch : schemas.create, (values) =>
      latestBody.current(values),
    ),
  );
  const mutationOptions = {
    onSuccess: (saved: R) => {
      // react-admin puts an updated record in place in the lists it holds: reload them, for a
      // new sort order or a name the search no longer matches (a create reloads them itself)
      if (record) cache.reload([{ lists: name }]);
      notify(record ? messages.updated : messages.created, { type: 'success' });
      if (!record) methods.current?.reset(initial);
      onSaved?.(saved, !record);
    },
    onError: (error: unknown) => {
      // each of the API's messages on its field; one no input holds shows as the form's message
      const fields = Object.entries(fieldErrorsOf(error) ?? {});
      for (const [source, text] of fields) {
        methods.current?.setError(source, { type: 'server', message: text });
      }
      setMessage(fields.length ? undefined : errorMessage(error, messages.saveError));
    },
  };
  const form = {
    spec,
    what: messages.record,
    editing: record !== null,
    initial,
    resolver,
    message,
    clearMessage: () => setMessage(undefined),
    methods,
  };
  return { form, transform: bodyFrom, mutationOptions };
};

type PanelSave = ReturnType<typeof usePanelSave>['form'];

/**
 * A resource's create/edit form inside a page (a panel of Game Offers), from its spec: a
 * react-admin form in `<CreateBase>`, or in `<EditBase>` for the record edited (PATCH of the
 * changed fields with If-Match, as the kit's Edit screen). Key it by the record edited.
 */
export const PanelForm = <R extends RaRecord>(props: PanelFormProps<R>) => {
  const { name, record, onCancel, disabled = false, hint } = props;
  const { form, transform, mutationOptions } = usePanelSave(props);
  // a reader of the area gets the list alone
  if (!useAllowed('create', name).allowed) return null;
  const body = <PanelFrame form={form} onCancel={onCancel} disabled={disabled} hint={hint} />;
  return record ? (
    <EditBase<R>
      resource={name}
      id={record.id}
      mutationMode="pessimistic"
      redirect={false}
      disableAuthentication
      // the row's record, as the list loaded it: its version goes with the PATCH (If-Match)
      queryOptions={{ enabled: false, initialData: record }}
      transform={transform}
      mutationOptions={mutationOptions}
    >
      {body}
    </EditBase>
  ) : (
    <CreateBase<R>
      resource={name}
      redirect={false}
      disableAuthentication
      transform={transform}
      mutationOptions={mutationOptions}
    >
      {body}
    </CreateBase>
  );
};
