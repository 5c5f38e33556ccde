import { createContext, type ReactNode, type RefObject, useContext, useRef, useState } from 'react';
import {
  EditBase,
  Form,
  type FormProps,
  type RaRecord,
  Title,
  useEditContext,
  useNotify,
  useSaveContext,
} from 'react-admin';
import { type FieldValues, get, type UseFormReset, useFormContext } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { isUnexpectedAnswer } from '../../dataProvider';
import { useEditingRecord } from '../../live/holds';
import { ErrorAlert, type Failure } from '../ErrorAlert';
import { LoadingBox } from '../LoadingBox';

export interface SettingsMessages {
  saved: string;
  /** The answer says nothing was saved. */
  notSaved: string;
  /** The call failed. */
  failed: (error: unknown) => Failure;
}

/**
 * The API's messages about inputs of the form ('onesignal.appId', 'labels.3'); one about a
 * whole group or list goes with the failure's reason, and never blocks the next save.
 */
const inputErrors = (fields: FieldErrors | undefined, values: FieldValues) =>
  fields &&
  Object.fromEntries(
    Object.entries(fields).filter(([name]) => {
      const value: unknown = get(values, name);
      return value !== undefined && (value === null || typeof value !== 'object');
    }),
  );

/** What a settings form's pieces need beside its values. */
interface SettingsState {
  failure: Failure | undefined;
  saving: boolean;
  /** The admin may change the page (its area's write); otherwise its fields are read-only. */
  mayWrite: boolean;
  /** When the shown value was saved; null while never saved. */
  updatedAt: string | null;
}

const State = createContext<SettingsState>({
  failure: undefined,
  saving: false,
  mayWrite: false,
  updatedAt: null,
});

export const useSettingsState = () => useContext(State);

export interface SettingsEditProps<F extends FieldValues> {
  /** The singleton resource (its line in the endpoint table); its id is its name. */
  resource: string;
  /** The page's title in the top bar. */
  title: string;
  /** What loads, e.g. 'daily rewards': 'Loading daily rewards…', 'Error loading daily rewards'. */
  what: string;
  /** The loaded record in the form (fields may be missing: the defaults fill them). */
  formOf: (loaded: Record<string, unknown>) => F;
  /** The request body of the form's values. */
  bodyOf: (form: F) => object;
  /** The client checks: nothing is sent while any fails, and the first field in error is focused. */
  resolver?: FormProps['resolver'];
  messages: SettingsMessages;
  children: ReactNode;
}

/** Hands the form's reset out to the save (which runs outside the form's context). */
const ResetHandle = ({ into }: { into: RefObject<UseFormReset<FieldValues> | null> }) => {
  into.current = useFormContext().reset;
  return null;
};

/**
 * The loaded record's form. A failure keeps all that was typed, puts the API's per-field
 * messages on their fields and says what went wrong above them; a success shows the saved
 * values (as normalised) and the new last-updated time.
 */
const SettingsRecordForm = <F extends FieldValues>({
  record,
  formOf,
  resolver,
  messages,
  children,
}: SettingsEditProps<F> & { record: RaRecord }) => {
  const notify = useNotify();
  const { save, saving = false } = useSaveContext();
  const [failure, setFailure] = useState<Failure>();
  // the page's own path names it to the access check (its route, as App.tsx declares it)
  const mayWrite = useAllowed('edit', useLocation().pathname).allowed;
  // A second Enter before the first save answers must not send twice.
  const inFlight = useRef(false);
  const reset = useRef<UseFormReset<FieldValues>>(null);

  const submit = async (values: FieldValues) => {
    if (!mayWrite || !save || inFlight.current) return;
    inFlight.current = true;
    setFailure(undefined);
    let fields: FieldErrors | undefined;
    try {
      await save(values, {
        onSuccess: (saved: RaRecord) => {
          // the saved values as normalised, even when the record did not change ('10.0' is 10)
          reset.current?.(formOf(saved));
          notify(messages.saved, { type: 'success' });
        },
        onError: (error: unknown) => {
          if (isUnexpectedAnswer(error)) {
            setFailure({ title: messages.notSaved });
            return;
          }
          fields = inputErrors(fieldErrorsOf(error), values);
          setFailure(messages.failed(error));
        },
      });
    } finally {
      inFlight.current = false;
    }
    return fields;
  };

  const updatedAt = typeof record.updatedAt === 'string' ? record.updatedAt : null;
  return (
    <Form
      record={formOf(record)}
      resolver={resolver}
      onSubmit={submit}
      noValidate
      warnWhenUnsavedChanges
      // what is wrong shows on the fields and above them, not in a notification as well
      disableInvalidFormNotification
    >
      <ResetHandle into={reset} />
      <State.Provider value={{ failure, saving, mayWrite, updatedAt }}>{children}</State.Provider>
    </Form>
  );
};

/** 'Loading {what}…', a failed load with Retry, or the form with the loaded record. */
const SettingsLoaded = <F extends FieldValues>(props: SettingsEditProps<F>) => {
  const { record, error, refetch } = useEditContext();
  if (record) return <SettingsRecordForm {...props} record={record} />;
  if (error) {
    return (
      <ErrorAlert
        title={`Error loading ${props.what}`}
        reason={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  }
  return <LoadingBox>{`Loading ${props.what}…`}</LoadingBox>;
};

/**
 * A settings page: one record read and saved through the data provider (getOne, update with
 * If-Match), loaded afresh each time the page opens and not again behind the admin's back
 * while the form shows it (live changes leave it as typed).
 */
export const SettingsEdit = <F extends FieldValues>(props: SettingsEditProps<F>) => {
  const { resource, title, bodyOf } = props;
  useEditingRecord(resource, resource);
  return (
    <EditBase
      resource={resource}
      id={resource}
      // the page's route checks access; an admin who may only read sees the form read-only
      disableAuthentication
      mutationMode="pessimistic"
      redirect={false}
      transform={(values) => bodyOf(values as F)}
      queryOptions={{
        gcTime: 0,
        retry: 1,
        retryDelay: 500,
        // the page says it and offers Retry
        onError: () => undefined,
      }}
    >
      <Title title={title} />
      <SettingsLoaded {...props} />
    </EditBase>
  );
};
