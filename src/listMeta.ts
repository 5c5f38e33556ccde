/** What a list read adds to react-admin's `{data, total}`: the list context's `meta`. */
export interface ListMeta {
  /** `total` is a lower bound: more records match than the API counted (past 10,000). */
  totalIsLowerBound?: boolean;
}

/** Whether a list's `meta` (from the list context or useGetList) says its total is a lower bound. */
export const totalIsLowerBound = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as ListMeta).totalIsLowerBound === true;
