import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
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
import { dateKeyProblem, isoToUtcInput, utcInputToIso } from './dates';
import {
  addRow,
  cardsOf,
  type DeckRow,
  type RowErrors,
  type RowField,
  removeRow,
  rowsFromCards,
  sameRows,
  sortByIndex,
  splitServerErrors,
  updateRow,
} from './deckRows';
import { DECKS_PAGE } from './page';
import { useDeck, useDeckActions, useHoldDeck } from './useDecks';

/** The day as the form shows it. */
interface Draft {
  rows: DeckRow[];
  /** The Reset at (UTC) field's text. */
  resetAt: string;
  /** The updatedAt of the deck the edit began from (none for a day without a deck). */
  version: string | undefined;
}

const draftOf = (deck: Deck | null): Draft => ({
  rows: rowsFromCards(deck?.cards ?? []),
  resetAt: isoToUtcInput(deck?.resetAt ?? null),
  version: deck?.updatedAt,
});

/** Problems that belong to no row: resetAt, or the cards as a whole. */
type FormErrors = Record<string, string>;

const ROWS_INVALID = 'Fix the highlighted rows, then save again.';
const RESET_AT_INVALID = 'Enter a date and time, or leave it empty for none';

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

const DeckEditor = ({ dateKey, deck, onDirtyChange }: DeckPanelProps & { deck: Deck | null }) => {
  const stored = useMemo(() => draftOf(deck), [deck]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const [copying, setCopying] = useState(false);
  // a reader of decks sees the day's rows, read-only, without the buttons that change them
  const mayWrite = useAllowed('edit', DECKS_PAGE).allowed;
  const view = draft ?? stored;
  const dirty =
    draft !== null && (draft.resetAt !== stored.resetAt || !sameRows(draft.rows, stored.rows));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useHoldDeck(dateKey, dirty);

  const actions = useDeckActions(dateKey, {
    onApplied: () => {
      setDraft(null);
      setRowErrors({});
      setFormErrors({});
    },
    onSaveError: (error) => {
      const split = splitServerErrors(fieldErrorsOf(error) ?? {}, view.rows);
      setRowErrors(split.rows);
      setFormErrors(split.other);
    },
  });

  const editRows = useCallback(
    (change: (rows: DeckRow[]) => DeckRow[]) =>
      setDraft((current) => {
        const base = current ?? stored;
        return { ...base, rows: change(base.rows) };
      }),
    [stored],
  );
  const onChange = useCallback(
    (id: number, field: RowField, value: string) => {
      editRows((rows) => updateRow(rows, id, field, value));
      setRowErrors((errors) => {
        const { [field]: _, ...rest } = errors[id] ?? {};
        return { ...errors, [id]: rest };
      });
    },
    [editRows],
  );
  const onRemove = useCallback((id: number) => editRows((rows) => removeRow(rows, id)), [editRows]);

  const save = () => {
    const { cards, errors } = cardsOf(view.rows);
    const resetAt = utcInputToIso(view.resetAt);
    const invalid = Object.keys(errors).length > 0;
    setRowErrors(errors);
    setFormErrors({
      ...(invalid && { cards: ROWS_INVALID }),
      ...(resetAt === undefined && { resetAt: RESET_AT_INVALID }),
    });
    if (invalid || resetAt === undefined) return;
    actions.save.mutate({ body: { cards, resetAt }, version: view.version });
  };

  const copyFrom = (fromDateKey: string) => {
    const resetAt = utcInputToIso(view.resetAt);
    // An unreadable field is left out: the day keeps its own.
    actions.copy.mutate({
      fromDateKey,
      toDateKey: dateKey,
      ...(resetAt !== undefined && { resetAt }),
    });
  };

  const { busy } = actions;
  const otherErrors = Object.entries(formErrors).filter(([name]) => name !== 'resetAt');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {deck ? `Last saved ${formatDateTime(deck.updatedAt)}` : 'No deck saved for this day'}
        {dirty && ' · Unsaved changes'}
      </Typography>
      <TextField
        type="datetime-local"
        label="Reset at (UTC)"
        value={view.resetAt}
        onChange={(event) => {
          const resetAt = event.target.value;
          setDraft((current) => ({ ...(current ?? stored), resetAt }));
          setFormErrors(({ resetAt: _, ...rest }) => rest);
        }}
        error={Boolean(formErrors.resetAt)}
        helperText={formErrors.resetAt ?? 'In UTC; leave it empty for none'}
        disabled={busy}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        sx={{ maxWidth: 320 }}
      />
      {otherErrors.map(([name, message]) => (
        <Alert key={name} severity="error">
          {message}
        </Alert>
      ))}
      {view.rows.length === 0 ? (
        <EmptyNote>No cards for this day</EmptyNote>
      ) : (
        <DeckRowsTable
          rows={view.rows}
          errors={rowErrors}
          disabled={busy || !mayWrite}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
      {mayWrite && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => editRows(addRow)} disabled={busy}>
            + Add row
          </Button>
          <Button
            variant="outlined"
            onClick={() => editRows(sortByIndex)}
            disabled={busy || view.rows.length < 2}
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
            disabled={busy || view.rows.length === 0}
            onConfirm={async () => {
              editRows(() => []);
              setRowErrors({});
            }}
          >
            Clear
          </ConfirmButton>
          <Button variant="contained" onClick={save} disabled={busy}>
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
    </Box>
  );
};
