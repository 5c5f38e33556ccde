import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { WarnWhenUnsavedChanges } from 'react-admin';
import { useController, useForm } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import type { Deck } from '../../../contract/decks';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage, fieldErrorsOf } from '../../apiErrors';
import { ConfirmButton } from '../../components/ConfirmButton';
import { EmptyNote } from '../../components/EmptyNote';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../format';
import { CopyDialog } from './CopyDialog';
import { DeckRowsTable } from './DeckRowsTable';
import { dateKeyProblem, utcInputToIso } from './dates';
import { type CheckedDeck, type DeckForm, deckFormOf, deckFormSchema } from './deckForm';
import { addRow, sortByIndex } from './deckRows';
import { DECKS_PAGE } from './page';
import { useDeckRows } from './useDeckRows';
import { useDeck, useDeckActions, useHoldDeck } from './useDecks';

const resolver = zodResolver(deckFormSchema);

export interface DeckPanelProps {
  dateKey: string;
  onDirtyChange: (dirty: boolean) => void;
  onSelectDay: (dateKey: string) => void;
}

/** The 'Day (UTC)' picker: any day, with or without a deck. */
const DayPicker = ({ dateKey, onSelectDay }: Omit<DeckPanelProps, 'onDirtyChange'>) => (
  <TextField
    type="date"
    size="small"
    label="Day (UTC)"
    value={dateKey}
    onChange={(event) => {
      if (!dateKeyProblem(event.target.value)) onSelectDay(event.target.value);
    }}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);

/**
 * The right side: the selected day's deck. Edits stay local (a draft) until 'Save deck'; the
 * page is told whether there are any, so switching days can ask first. Key it by the day.
 */
export const DeckPanel = (props: DeckPanelProps) => {
  const { dateKey } = props;
  const deck = useDeck(dateKey);
  const title = `Deck for ${dateKey}`;
  const picker = <DayPicker dateKey={dateKey} onSelectDay={props.onSelectDay} />;

  if (deck.data === undefined) {
    return (
      <SectionCard title={title} actions={picker}>
        {deck.isError ? (
          <ErrorAlert
            title="Error loading deck"
            reason={errorMessage(deck.error, '')}
            onRetry={() => void deck.refetch()}
          />
        ) : (
          <LoadingBox>Loading deck…</LoadingBox>
        )}
      </SectionCard>
    );
  }
  return (
    <SectionCard title={title} actions={picker}>
      <DeckEditor {...props} deck={deck.data} />
    </SectionCard>
  );
};

/**
 * The day's deck as a form: edits stay in it until 'Save deck'; the page is told whether there
 * are any, so switching days can ask first, and leaving the page asks through react-admin.
 */
const DeckEditor = ({ dateKey, deck, onDirtyChange }: DeckPanelProps & { deck: Deck | null }) => {
  const form = useForm<DeckForm, unknown, CheckedDeck>({
    defaultValues: deckFormOf(deck),
    resolver,
    // messages stay until the next save (typing in a field clears its own), nothing is focused
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, register, clearErrors, getValues, reset } = form;
  const rows = useController({ control, name: 'rows' }).field.value;
  const { isDirty: dirty, errors } = form.formState;
  const [copying, setCopying] = useState(false);
  const page = useLocation().pathname;
  // a reader of decks sees the day's rows, read-only, without the buttons that change them
  const mayWrite = useAllowed('edit', DECKS_PAGE).allowed;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useHoldDeck(dateKey, dirty);
  // the day changed while not being edited (another admin's save): show it
  const shown = useRef(deck);
  useEffect(() => {
    if (deck === shown.current || dirty) return;
    shown.current = deck;
    reset(deckFormOf(deck));
  }, [deck, dirty, reset]);

  const { setRows, rearrange, onChange, onRemove, showRefusal } = useDeckRows(form);

  const actions = useDeckActions(dateKey, {
    onApplied: (saved) => reset(deckFormOf(saved)),
    onSaveError: (error) => showRefusal(fieldErrorsOf(error) ?? {}),
  });

  const save = form.handleSubmit(({ body, version }) =>
    actions.save.mutateAsync({ body, version }).then(() => undefined),
  );
  // a refused save is told by the action's own messages; the form stays unsaved
  const onSave = () => void save().catch(() => undefined);

  const copyFrom = (fromDateKey: string) => {
    const resetAt = utcInputToIso(getValues('resetAt'));
    // An unreadable field is left out: the day keeps its own.
    actions.copy.mutate({
      fromDateKey,
      toDateKey: dateKey,
      ...(resetAt !== undefined && { resetAt }),
    });
  };

  const { busy } = actions;
  const formMessages = Object.entries(errors.root ?? {}).flatMap(([name, error]) =>
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? [[name, error.message] as const]
      : [],
  );
  const resetAtField = register('resetAt', { onChange: () => clearErrors('resetAt') });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {deck ? `Last saved ${formatDateTime(deck.updatedAt)}` : 'No deck saved for this day'}
        {dirty && ' · Unsaved changes'}
      </Typography>
      <TextField
        {...resetAtField}
        inputRef={resetAtField.ref}
        type="datetime-local"
        label="Reset at (UTC)"
        error={Boolean(errors.resetAt)}
        helperText={errors.resetAt?.message ?? 'In UTC; leave it empty for none'}
        disabled={busy}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        sx={{ maxWidth: 320 }}
      />
      {formMessages.map(([name, message]) => (
        <Alert key={name} severity="error">
          {message}
        </Alert>
      ))}
      {rows.length === 0 ? (
        <EmptyNote>No cards for this day</EmptyNote>
      ) : (
        <DeckRowsTable
          rows={rows}
          errors={errors.rows}
          disabled={busy || !mayWrite}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
      {mayWrite && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => setRows(addRow(getValues('rows')))}
            disabled={busy}
          >
            + Add row
          </Button>
          <Button
            variant="outlined"
            onClick={() => rearrange(sortByIndex(getValues('rows')))}
            disabled={busy || rows.length < 2}
          >
            Sort by index
          </Button>
          <Button variant="outlined" onClick={() => setCopying(true)} disabled={busy}>
            Copy from…
          </Button>
          <ConfirmButton
            size="medium"
            variant="outlined"
            color="warning"
            confirmColor="warning"
            confirm="Clear all rows for this day?"
            description="The rows are cleared here; Save deck makes it stick."
            confirmLabel="Clear"
            disabled={busy || rows.length === 0}
            onConfirm={async () => {
              setRows([]);
              clearErrors('rows');
            }}
          >
            Clear
          </ConfirmButton>
          <Button variant="contained" onClick={onSave} disabled={busy}>
            Save deck
          </Button>
          <ConfirmButton
            size="medium"
            variant="outlined"
            confirm={`Delete deck for ${dateKey}?`}
            confirmLabel="Delete"
            disabled={busy || deck === null}
            onConfirm={() => actions.remove.mutateAsync()}
          >
            Delete day
          </ConfirmButton>
        </Box>
      )}
      {copying && (
        <CopyDialog
          dateKey={dateKey}
          dirty={dirty}
          onCopy={copyFrom}
          onClose={() => setCopying(false)}
        />
      )}
      <WarnWhenUnsavedChanges enable formRootPathName={page} formControl={control} />
    </Box>
  );
};
