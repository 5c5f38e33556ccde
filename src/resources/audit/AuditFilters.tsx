import { Button } from '@mui/material';
import { useRef } from 'react';
import { useListContext } from 'react-admin';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { Spacer, ToolbarRow } from '../../components/ListToolbar';
import { describeEntry } from '../../components/timeline/actionWords';
import { TextFilter } from './TextFilter';
import { TimeRangeFilter } from './TimeRangeFilter';
import { useFacets } from './useFacets';

/** An action in the list's words, with its code to tell apart those of each record type. */
const actionChoice = (action: string) => `${describeEntry({ action }).what} (${action})`;

/** A select over the known values, plus the applied one should the facets not know it (yet). */
const FacetFilter = ({
  source,
  label,
  values,
  labelOf = (value) => value,
}: {
  source: string;
  label: string;
  values: string[] | undefined;
  /** A value as the select shows it. */
  labelOf?: (value: string) => string;
}) => {
  const { filterValues } = useListContext();
  const current = filterValues[source];
  const known = values ?? [];
  const all = typeof current === 'string' && !known.includes(current) ? [current, ...known] : known;
  return (
    <ListSelectFilter
      source={source}
      label={label}
      choices={all.map((value) => ({ value, label: labelOf(value) }))}
    />
  );
};

/** Clears every filter; focus then goes to the first one, as the button itself goes away. */
const ClearFilters = ({ onCleared }: { onCleared: () => void }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  if (Object.keys(filterValues).length === 0) return null;
  return (
    <Button
      onClick={() => {
        setFilters({}, displayedFilters, false);
        onCleared();
      }}
    >
      Clear filters
    </Button>
  );
};

/** Who, Action, Record type, Record id, From and To, above the table. */
export const AuditFilters = () => {
  const { data: facets } = useFacets();
  const who = useRef<HTMLInputElement>(null);
  return (
    <ToolbarRow>
      <TextFilter source="actor" label="Who" inputRef={who} />
      <FacetFilter source="action" label="Action" values={facets?.actions} labelOf={actionChoice} />
      <FacetFilter source="entity" label="Record type" values={facets?.entities} />
      <TextFilter source="entityId" label="Record id" />
      <TimeRangeFilter />
      <Spacer />
      <ClearFilters onCleared={() => who.current?.focus()} />
    </ToolbarRow>
  );
};
