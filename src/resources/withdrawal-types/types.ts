import type { Identifier } from 'react-admin';
import type { WithdrawalType } from '../../../contract/withdrawal-types';

export const RESOURCE = 'withdrawal-types';

/** A withdrawal type as react-admin holds it: `id` is its `_id`. */
export type WithdrawalTypeRecord = WithdrawalType & { id: Identifier };

/** What the toolbar asks the list for. */
export interface TypeSearch {
  q: string;
  onlyActive: boolean;
}
