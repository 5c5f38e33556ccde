import { Box, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Title } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SidePanels } from '../../components/SidePanels';
import { DayList } from './DayList';
import { DeckPanel } from './DeckPanel';
import { todayKey } from './dates';

/**
 * /unity/decks: the days with a deck on the left, the selected day's deck on the right (stacked
 * under 980 px). Today (UTC) is selected at first; leaving a day or the page with unsaved edits
 * asks first.
 */
export const DecksPage = () => {
  const [today] = useState(() => todayKey());
  const [selected, setSelected] = useState(today);
  const [dirty, setDirty] = useState(false);
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  const select = (dateKey: string) => {
    if (dateKey === selected) return;
    if (dirty) setLeavingFor(dateKey);
    else setSelected(dateKey);
  };
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  return (
    <>
      <Title title="Daily Decks" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography component="h2" variant="h5">
            Daily Decks
          </Typography>
          <Typography variant="body2" color="text.secondary">
            One deck of cards per UTC day. Select a day to see and edit its deck.
          </Typography>
        </Box>
        <SidePanels columns="minmax(0, 2fr) minmax(0, 3fr)">
          <DayList today={today} selected={selected} onSelect={select} />
          <DeckPanel
            key={selected}
            dateKey={selected}
            onDirtyChange={onDirtyChange}
            onSelectDay={select}
          />
        </SidePanels>
      </Box>
      <ConfirmDialog
        open={leavingFor !== null}
        title="Discard unsaved changes?"
        description={`Your changes to the deck for ${selected} have not been saved.`}
        confirmLabel="Discard"
        confirmColor="warning"
        onConfirm={() => {
          if (leavingFor) setSelected(leavingFor);
          setLeavingFor(null);
          setDirty(false);
        }}
        onClose={() => setLeavingFor(null)}
      />
    </>
  );
};
