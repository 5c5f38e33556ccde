import type { ReadableArea } from '../../contract/permissions';

/**
 * The audit entity of each kind of record with its own routes, and the area whose read
 * permission shows a record's history (the audit list filtered to it). The crud kit adds its
 * resources' entities as it registers them, so a new resource needs nothing here.
 */
export const MODULE_RECORD_AREAS: ReadonlyArray<[entity: string, area: ReadableArea]> = [
  ['user', 'users'],
  ['withdrawal', 'withdrawals'],
  ['legal', 'legal'],
];
