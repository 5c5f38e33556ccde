import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useInput } from 'react-admin';
import { formatOffers } from './botValues';
import { offersHint, suggestGames, unknownGames, unknownGamesWarning, withGame } from './gameNames';
import { useGameNames } from './useGameNames';

const NONE: string[] = [];

/**
 * Allowed offers as the spec's comma-separated text, suggesting the offers' game names for the
 * part being typed (a pick completes it and adds ', '), and warning, before any save, of each
 * name no offer has (a name still being typed once it no longer begins a game's): a warning
 * only, the bot is saved as typed.
 */
export const AllowedOffersInput = () => {
  const loaded = useGameNames();
  const games = loaded ?? NONE;
  const { field, fieldState } = useInput({ source: 'allowedOffers', format: formatOffers });
  const text = typeof field.value === 'string' ? field.value : formatOffers(field.value);
  const [focused, setFocused] = useState(false);
  const warning = loaded && unknownGamesWarning(unknownGames(text, loaded, focused), loaded);
  const error = fieldState.error?.message;
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={games}
      value={null}
      inputValue={text}
      filterOptions={() => suggestGames(text, games)}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') field.onChange(value);
      }}
      onChange={(_event, picked) => {
        if (typeof picked === 'string' && games.includes(picked)) {
          field.onChange(withGame(text, picked));
        }
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        field.onBlur();
      }}
      sx={{ width: '100%' }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Allowed offers"
          autoComplete="off"
          error={error !== undefined}
          helperText={error ?? warning ?? offersHint(games)}
          sx={{
            '& .MuiFormHelperText-root': warning && !error ? { color: 'warning.main' } : {},
          }}
        />
      )}
    />
  );
};
