import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { errorMessage } from '../../apiErrors';
import { ActiveBadge } from '../../components/ActiveBadge';
import { LoadingBox } from '../../components/LoadingBox';
import { RefreshBar } from '../../components/RefreshBar';
import { RetryAlert } from '../../components/RetryAlert';
import { formatNumber, formatUsd } from '../../format';
import { TypeRowActions } from './TypeRowActions';
import type { WithdrawalTypeRecord } from './types';

const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

const NUMERIC_COLUMNS = ['Rate (USD/pt)', 'Min Points', 'Stock', 'Fixed USD'];
/** Key, Title, the numeric ones, Active, Actions. */
const COLUMN_COUNT = NUMERIC_COLUMNS.length + 4;

export interface TypesTableProps {
  rows: WithdrawalTypeRecord[] | undefined;
  loading: boolean;
  refreshing: boolean;
  /** The last load's failure, if it failed. */
  error: unknown;
  onRetry: () => void;
  onEdit: (record: WithdrawalTypeRecord) => void;
}

/** The types, one row each, or the list's state: 'Loading…', 'No items', 'Failed to load'. */
export const TypesTable = ({
  rows,
  loading,
  refreshing,
  error,
  onRetry,
  onEdit,
}: TypesTableProps) => {
  const failure = Boolean(error) && (
    <Box sx={{ mb: 1 }}>
      <RetryAlert title="Failed to load" reason={errorMessage(error, '')} onRetry={onRetry} />
    </Box>
  );
  if (!rows) return failure || (loading ? <LoadingBox>Loading…</LoadingBox> : null);
  return (
    <>
      {failure}
      <RefreshBar active={refreshing} label="Refreshing withdrawal types" />
      <TableContainer aria-busy={refreshing}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Key</TableCell>
              <TableCell>Title</TableCell>
              {NUMERIC_COLUMNS.map((name) => (
                <TableCell key={name} align="right">
                  {name}
                </TableCell>
              ))}
              <TableCell>Active</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={COLUMN_COUNT}
                  align="center"
                  sx={{ py: 3, color: 'text.secondary' }}
                >
                  No items
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell sx={{ fontFamily: 'monospace' }}>{row.key}</TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell align="right">{rateFormat.format(row.rateUsdPerPoint)}</TableCell>
                <TableCell align="right">{formatNumber(row.minPoints)}</TableCell>
                <TableCell align="right">{formatNumber(row.stock)}</TableCell>
                <TableCell align="right">{formatUsd(row.fixedUsdAmount)}</TableCell>
                <TableCell>
                  <ActiveBadge active={row.isActive} />
                </TableCell>
                <TableCell align="right">
                  <TypeRowActions record={row} onEdit={onEdit} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
};
