import { type Identifier, useNotify, useRefresh } from 'react-admin';
import type { Adjustment } from '../../../contract/adjustments';
import { errorMessage } from '../../apiErrors';
import { useAction, useResourceCache } from '../../components/useAction';
import type { Decision } from '../withdrawals/types';
import { noteField } from '../withdrawals/useDecisions';
import type { AdjustmentRecord } from './types';

const PAST: Record<Decision, string> = { approve: 'approved', reject: 'rejected' };

/** 'Credit approved', 'Credit rejected'. */
export const decidedMessage = (action: Decision) => `Credit ${PAST[action]}`;

export interface AdjustmentDecision {
  id: Identifier;
  action: Decision;
  note: string;
}

/**
 * PATCH /admin/adjustments/{id}/decision. Keeps the decided credit as the API answered it, and
 * reloads the lists (the pending count, the user page's list) and the player, whose balance an
 * approval changed. A refusal says the server's message and reloads the credit, which may have
 * been decided meanwhile.
 */
export const useDecideAdjustment = () => {
  const cache = useResourceCache();
  const notify = useNotify();
  const refresh = useRefresh();
  return useAction(
    (dataProvider, { id, action, note }: AdjustmentDecision) => {
      const { adminNote } = noteField(note);
      return dataProvider.decideAdjustment(id, { action, ...(adminNote && { note: adminNote }) });
    },
    {
      onSuccess: ({ adjustment }: { adjustment: Adjustment }, { action }) => {
        const record: AdjustmentRecord = {
          ...adjustment,
          id: adjustment._id,
          approvalRefusal: null,
        };
        cache.put('adjustments', record.id, record);
        notify(decidedMessage(action), { type: 'success' });
      },
      onError: (error, { action }) => {
        notify(errorMessage(error, `Could not ${action} the credit`), { type: 'error' });
        refresh();
      },
      refreshes: [{ lists: 'adjustments' }, 'users', 'audit'],
    },
  );
};
