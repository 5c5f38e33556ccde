import { Box, List, ListItem, ListItemButton, ListItemText, TextField } from '@mui/material';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf, statusOf } from '../../apiErrors';
import { EmptyNote } from '../../components/EmptyNote';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';
import { SectionCard } from '../../components/SectionCard';
import { addDays, rangeProblems } from './dates';
import { useDayList } from './useDecks';

/** The range shown at first: a week either side of today. */
const RANGE_DAYS = 7;

const cardCount = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

export interface DayListProps {
  today: string;
  selected: string;
  onSelect: (dateKey: string) => void;
}

/** The left side: a date range (from, to) and the days in it that have a deck. */
export const DayList = ({ today, selected, onSelect }: DayListProps) => {
  const [range, setRange] = useState(() => ({
    from: addDays(today, -RANGE_DAYS),
    to: addDays(today, RANGE_DAYS),
  }));
  // A range that cannot load (reversed, too long, not a date) is told on its fields, unsent; one
  // the server still refuses is told the same way.
  const problems = rangeProblems(range.from, range.to);
  const list = useDayList(range.from, range.to, problems === undefined);
  const refused =
    problems ?? (statusOf(list.error) === 400 ? (fieldErrorsOf(list.error) ?? {}) : undefined);

  const dateField = (name: 'from' | 'to', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={range[name]}
      onChange={(event) => setRange((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(refused?.[name])}
      helperText={refused?.[name]}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ flex: 1, minWidth: 140 }}
    />
  );

  const body = () => {
    if (refused) return null;
    if (list.isPending) return <LoadingBox>Loading days…</LoadingBox>;
    if (list.isError) {
      return (
        <ErrorAlert
          title="Error loading days"
          reason={errorMessage(list.error, '')}
          onRetry={() => void list.refetch()}
        />
      );
    }
    if (list.data.length === 0) return <EmptyNote>No days</EmptyNote>;
    return (
      <List aria-label="Days" dense disablePadding>
        {list.data.map((deck) => {
          const current = deck.dateKey === selected;
          const note = deck.dateKey === today ? ' · today' : '';
          return (
            // the <li>: a list holds only list items
            <ListItem key={deck.dateKey} disablePadding divider>
              <ListItemButton
                selected={current}
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(deck.dateKey)}
              >
                <ListItemText
                  primary={deck.dateKey}
                  secondary={`${cardCount(deck.cards.length)}${note}`}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  };

  return (
    <SectionCard title="Days">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        {dateField('from', 'From')}
        {dateField('to', 'To')}
      </Box>
      {body()}
    </SectionCard>
  );
};
