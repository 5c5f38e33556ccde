import { Chip } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * The filters a risk signal's evidence link sets and no control shows (a destination, a set of
 * withdrawals), each as a chip that removes it.
 */
export const LinkedFilterChips = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const remove = (source: string) => {
    const { [source]: _gone, ...rest } = filterValues;
    setFilters(rest, displayedFilters, false);
  };
  const destination = filterValues.destination;
  const ids = filterValues.ids;
  return (
    <>
      {typeof destination === 'string' && destination !== '' && (
        <Chip
          label={`Destination: ${destination}`}
          onDelete={() => remove('destination')}
          sx={{ maxWidth: 320 }}
        />
      )}
      {Array.isArray(ids) && ids.length > 0 && (
        <Chip
          label={`${ids.length} linked withdrawal${ids.length === 1 ? '' : 's'}`}
          onDelete={() => remove('ids')}
        />
      )}
    </>
  );
};
