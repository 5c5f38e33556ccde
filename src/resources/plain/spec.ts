import type SvgIcon from '@mui/material/SvgIcon';
import { singularOf } from '../../../contract/crud-names';

/** How a field shows in the list and which input edits it. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'datetime';

/** What the server keeps: never an input. */
type Kept = '_id' | 'createdAt' | 'updatedAt';

/** What a plain resource's folder declares (`src/resources/<name>/resource.ts`). */
export interface PlainSpec<R> {
  /** The menu entry and the list's title, e.g. 'Promo codes'. */
  title: string;
  icon: typeof SvgIcon;
  /** The fields shown and edited, in this order. */
  fields: { [K in Exclude<keyof R, Kept> & string]?: FieldKind };
  /** A new record's values, as the create body's defaults are. */
  defaults?: { [K in Exclude<keyof R, Kept>]?: R[K] };
}

/** A folder's declaration, typed against its record (the contract's item type). */
export const plainResource = <R>(spec: PlainSpec<R>) =>
  spec as unknown as PlainSpec<Record<string, unknown>>;

/** A declared resource and its URL name (its folder's). */
export interface PlainScreensProps {
  name: string;
  spec: PlainSpec<Record<string, unknown>>;
}

/** The messages of a plain resource, e.g. 'Promo code created', 'Delete this promo code?'. */
export const messagesOf = (name: string) => {
  const record = singularOf(name);
  const Record = record.charAt(0).toUpperCase() + record.slice(1);
  return {
    record,
    created: `${Record} created`,
    notFound: `${Record} not found`,
    updated: `${Record} updated`,
    deleted: `${Record} deleted`,
    confirmDelete: `Delete this ${record}?`,
    listError: `Error loading ${name.replace(/-/g, ' ')}`,
    saveError: `Error saving ${record}`,
    deleteError: `Error deleting ${record}`,
  };
};
