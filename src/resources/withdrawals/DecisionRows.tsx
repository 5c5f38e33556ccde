import { Box, DialogContentText } from '@mui/material';
import { formatUsd } from '../../format';
import { getsFirstOfTwo } from './approvals';
import type { Decision, WithdrawalRecord } from './types';

const withdrawals = (n: number) => `${n} withdrawal${n === 1 ? '' : 's'}`;

/** 'Approve 3 withdrawals?', 'Reject 1 withdrawal?': the bulk confirmation's question. */
export const bulkConfirmText = (action: Decision, count: number) =>
  `${action === 'approve' ? 'Approve' : 'Reject'} ${withdrawals(count)}?`;

export const FIRST_OF_TWO_ONE =
  'This is its first of two approvals: it stays pending until another admin approves it.';

/** How many of the rows an approval leaves waiting for a second admin, in words. */
export const firstOfTwoText = (count: number, of: number) =>
  of === 1
    ? FIRST_OF_TWO_ONE
    : `${count} of these ${withdrawals(of)} get only their first of two approvals: they stay pending until another admin approves them.`;

const rowLabel = (row: WithdrawalRecord, action: Decision) => {
  const who = row.user?.username ?? row.userId;
  const first = action === 'approve' && getsFirstOfTwo(row) ? ' (first of two approvals)' : '';
  return `${who}: ${formatUsd(row.usdValue)}${first}`;
};

/**
 * What a decision is about to do, under its question: the rows' users and amounts (`listed`, as
 * a bulk decision shows them, marking those an approval leaves at the first of two), and for an
 * approval, which rows only get their first.
 */
export const DecisionRows = ({
  action,
  rows,
  listed = false,
}: {
  action: Decision;
  rows: readonly WithdrawalRecord[];
  listed?: boolean;
}) => {
  const firsts = action === 'approve' ? rows.filter(getsFirstOfTwo).length : 0;
  return (
    <>
      {listed && (
        <Box
          component="ul"
          aria-label="Withdrawals"
          sx={{ m: 0, mb: 1, pl: 2.5, typography: 'body2', overflowWrap: 'anywhere' }}
        >
          {rows.map((row) => (
            <li key={row.id}>{rowLabel(row, action)}</li>
          ))}
        </Box>
      )}
      {firsts > 0 && (
        <DialogContentText sx={{ color: 'warning.main', mb: 1 }}>
          {firstOfTwoText(firsts, rows.length)}
        </DialogContentText>
      )}
    </>
  );
};
