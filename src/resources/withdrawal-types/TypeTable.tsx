import { DataTable, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActiveBadge } from '../../components/ActiveBadge';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListTable } from '../../components/ListTable';
import { PrevNextPagination } from '../../components/PrevNextPagination';
import { formatNumber, formatUsd } from '../../format';
import { TypeRowActions, type TypeRowActionsProps } from './TypeRowActions';
import { showPath, type WithdrawalTypeRecord } from './types';

export const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

const Col = DataTable.Col<WithdrawalTypeRecord>;

/** The numeric columns, right-aligned: the rate with up to 6 decimals, a missing fixed amount '-'. */
const NUMBERS = [
  { source: 'rateUsdPerPoint', label: 'Rate (USD/pt)', format: (n) => rateFormat.format(n ?? 0) },
  { source: 'minPoints', label: 'Min Points', format: formatNumber },
  { source: 'stock', label: 'Stock', format: formatNumber },
  { source: 'fixedUsdAmount', label: 'Fixed USD', format: formatUsd },
] as const satisfies readonly {
  source: keyof WithdrawalTypeRecord;
  label: string;
  format: (value: number | null) => string;
}[];

interface TypeTableProps extends Pick<TypeRowActionsProps, 'onEdit'> {
  /** Each key links to the type's show screen. */
  linked?: boolean;
}

const Rows = ({ onEdit, linked = false }: TypeTableProps) => {
  const { data } = useListContext<WithdrawalTypeRecord>();
  if (!data) return null;
  return (
    <ListTable<WithdrawalTypeRecord> empty={<EmptyNote>No items</EmptyNote>}>
      <Col
        source="key"
        label="Key"
        disableSort
        sx={{ fontFamily: 'monospace' }}
        render={(row) => (linked ? <Link to={showPath(row.id)}>{row.key}</Link> : row.key)}
      />
      <Col source="title" label="Title" disableSort />
      {NUMBERS.map(({ source, label, format }) => (
        <Col
          key={source}
          source={source}
          label={label}
          align="right"
          disableSort
          render={(row) => format(row[source])}
        />
      ))}
      <Col
        source="isActive"
        label="Active"
        disableSort
        render={(row) => <ActiveBadge active={row.isActive} />}
      />
      <Col
        label="Actions"
        align="right"
        disableSort
        render={(row) => <TypeRowActions record={row} onEdit={onEdit} />}
      />
    </ListTable>
  );
};

/** Prev / Next once there is more than one page. */
const Pages = () => {
  const { total, perPage } = useListContext();
  return total !== undefined && total > perPage ? <PrevNextPagination /> : null;
};

/**
 * The types of the enclosing list, one row each with Edit, Enable/Disable and Delete, or the
 * list's state: 'Loading…', 'No items', 'Failed to load' with Retry.
 */
export const TypeTable = (props: TypeTableProps) => (
  <ListBody what="withdrawal types" loading="Loading…" errorTitle="Failed to load">
    <Rows {...props} />
    <Pages />
  </ListBody>
);
