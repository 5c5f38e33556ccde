import { TextField } from '@mui/material';
import { useListContext } from 'react-admin';

export interface FilterChoice {
  value: string;
  label: string;
}

const ALL = '';

/**
 * A native select bound to one filter of the list (e.g. status): 'All' removes the filter,
 * any other choice sets it. Changing it goes back to page 1 (react-admin does that).
 */
export const ListSelectFilter = ({
  source,
  label,
  choices,
  allLabel = 'All',
}: {
  source: string;
  label: string;
  choices: readonly FilterChoice[];
  /** false: the filter is always set (a list that needs it), no 'All'. */
  allLabel?: string | false;
}) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = filterValues[source];
  const value =
    typeof current === 'string' && choices.some((choice) => choice.value === current)
      ? current
      : ALL;

  const change = (next: string) => {
    const { [source]: _old, ...rest } = filterValues;
    setFilters(next === ALL ? rest : { ...rest, [source]: next }, displayedFilters, false);
  };

  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={label}
      value={value}
      onChange={(event) => change(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 160 }}
    >
      {allLabel !== false && <option value={ALL}>{allLabel}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
};
