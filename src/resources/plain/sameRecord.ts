import type { RaRecord } from 'react-admin';

/** Whether `a` is the record `b` (ids compared as text: the API's ids are strings). */
export const sameRecord = (a: RaRecord | null | undefined, b: RaRecord): boolean =>
  a !== null && a !== undefined && String(a.id) === String(b.id);
