import { useEffect } from 'react';
import type { Identifier } from 'react-admin';

// What screens ask of the live refresh (src/live/LiveSync): counted, as two screens may ask.

const counted = () => {
  const counts = new Map<string, number>();
  return {
    has: (key: string) => (counts.get(key) ?? 0) > 0,
    take(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return () => {
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      };
    },
  };
};

const editing = counted();
const holdingNew = counted();
const recordKey = (resource: string, id: Identifier) => `${resource}/${String(id)}`;

/**
 * While an edit form shows the record, a change made elsewhere is announced in the form
 * ('This record was changed by …') rather than loaded into it under the admin's typing.
 */
export const useEditingRecord = (resource: string, id: Identifier | undefined): void => {
  useEffect(
    () => (id === undefined ? undefined : editing.take(recordKey(resource, id))),
    [resource, id],
  );
};

export const isBeingEdited = (resource: string, id: Identifier): boolean =>
  editing.has(recordKey(resource, id));

/**
 * While a list shows new records behind a chip ('3 new'), their arrival does not reload it:
 * the admin's rows stay where they are until the chip is clicked.
 */
export const useHoldNewRecords = (resource: string, active = true): void => {
  useEffect(() => (active ? holdingNew.take(resource) : undefined), [resource, active]);
};

export const isHoldingNew = (resource: string): boolean => holdingNew.has(resource);
