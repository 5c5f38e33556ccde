import type { Identifier } from 'react-admin';
import type { WithdrawalType } from '../../../contract/withdrawal-types';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';

export const RESOURCE = 'withdrawal-types';

/** A withdrawal type as react-admin holds it: `id` is its `_id`. */
export type WithdrawalTypeRecord = WithdrawalType & { id: Identifier };

/** Spec section 9 (the types page): by key, 50 a page. */
export const TYPE_LIST_PARAMS = { perPage: 50, sort: { field: 'key', order: 'ASC' } } as const;

/** One quick retry, then 'Failed to load' with its own Retry (no notification as well). */
export const TYPE_LIST_QUERY = { ...FAILURE_SHOWN_IN_PAGE, retry: 1, retryDelay: 500 };

const at = (id: Identifier) => `/${RESOURCE}/${encodeURIComponent(String(id))}`;

/** react-admin's routes of a type: /withdrawal-types/{id} edits it, …/show shows it. */
export const editPath = at;
export const showPath = (id: Identifier) => `${at(id)}/show`;
