import type SvgIcon from '@mui/material/SvgIcon';
import type { z } from 'zod';
import { singularOf } from '../../../contract/crud-names';
import type { RecordArea } from '../../../contract/permissions';

/**
 * The contract's schemas of a plain resource (`crudSchemas`, contract/crud.ts), as its forms
 * check what they send: each field's limits and messages, and the rules across fields.
 */
export interface FormContract {
  fields: Record<string, z.ZodType>;
  create: z.ZodType;
}

/**
 * How a field shows and which input edits it. `money`: US dollars ('$1.50'); `select`: one of
 * `choices`; `reference`: the id of a record of `reference`, shown as that record's name;
 * `date` and `datetime`: an instant (the contract's `z.iso.datetime({ offset: true })`), typed
 * and shown in the admin's time zone (a `date` is the start of its day there).
 */
export type FieldKind =
  | 'text'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'select'
  | 'reference';

export interface Choice {
  id: string;
  name: string;
}

/** A field with more to say than its kind. */
export interface FieldOptions {
  kind: FieldKind;
  /**
   * Defaults to the API's label of the field, the one its messages use (contract/labels.ts):
   * 'gameName' → 'Game name', 'isActive' → 'Active'.
   */
  label?: string;
  /**
   * Refused when empty, with `'<Label> is required'` or the message given. A spec naming its
   * `contract` leaves this out: the contract says it.
   */
  required?: true | string;
  helperText?: string;
  /**
   * The contract's longest text (contract/limits.ts), where the browser stops typing. A spec
   * naming its `contract` leaves this out: a longer text is refused in the contract's words.
   */
  maxLength?: number;
  /** number, money: the input's min and step. */
  min?: number;
  step?: number;
  /** number, money: a value under `min` is saved as `min`, and the form says so before. */
  floored?: boolean;
  /** select: the values and their names, the first being the fallback. */
  choices?: readonly Choice[];
  /** boolean: the names of true and false ('Active', 'Inactive'), picked in a select. */
  words?: readonly [string, string];
  /** reference: the resource the id names. */
  reference?: string;
  /** reference: the list filters by it. */
  filter?: boolean;
}

export type FieldSpec = FieldKind | FieldOptions;

/** What the server keeps: never an input. */
type Kept = '_id' | 'createdAt' | 'updatedAt';

/** What a plain resource's folder declares (`src/resources/<name>/resource.ts`). */
export interface PlainSpec<R> {
  /** The menu entry and the list's title, e.g. 'Promo codes'. */
  title: string;
  icon: typeof SvgIcon;
  /** Whose permissions open it: seeing needs `<area>:read`, creating, editing, deleting `<area>:write`. */
  area: RecordArea;
  /**
   * Where its menu link sits: with the top links ('top'), in the Settings group ('settings', the
   * default) or above the Audit log ('bottom'); `false`: no link, for records managed on a page
   * (categories and offers on /games).
   */
  menu?: 'top' | 'settings' | 'bottom' | false;
  /**
   * The contract's schemas (`() => import('../../../contract/<name>').then((m) => m.<Name>)`,
   * loaded with the forms): the forms check with them, so a field is required, limited and
   * refused in the contract's words, and its rules across fields hold, before anything is sent.
   */
  contract?: () => Promise<FormContract>;
  /** The fields shown and edited, in this order; the first one names a record. */
  fields: { [K in Exclude<keyof R, Kept> & string]?: FieldSpec };
  /** A new record's values, as the create body's defaults are. */
  defaults?: { [K in Exclude<keyof R, Kept>]?: R[K] };
  /** The list's order: newest first unless said. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Records of other plain resources that name this one, listed on its Show. */
  related?: readonly RelatedSpec[];
  /** What deleting a record also does, said in its confirmation (given the record's name). */
  deleteWarning?: (name: string) => string;
}

export type AnySpec = PlainSpec<Record<string, unknown>>;

/** `target` of each record of `name` holds this record's id (offers by `categoryId`). */
export interface RelatedSpec {
  name: string;
  target: string;
  spec: AnySpec;
}

/** A folder's declaration, typed against its record (the contract's item type). */
export const plainResource = <R>(spec: PlainSpec<R>) => spec as unknown as AnySpec;

/** A declared resource and its URL name (its folder's). */
export interface PlainScreensProps {
  name: string;
  spec: AnySpec;
}

/** A declared field with everything said: its source, kind and label at least. */
export type Field = FieldOptions & { source: string; label: string };

/** The message of a required field left empty. */
export const requiredMessage = (field: Field) =>
  typeof field.required === 'string' ? field.required : `${field.label} is required`;

/** The field whose value names a record (in buttons, confirmations and titles): the first one. */
export const nameFieldOf = (spec: AnySpec) =>
  Object.entries(spec.fields).find(([, declared]) => declared)?.[0] ?? 'id';

/**
 * Which records a reference's select offers: the newest 100 (every plain list sorts by
 * createdAt; react-admin's default, by id, is not a sort the API takes).
 */
export const REFERENCE_CHOICES = {
  sort: { field: 'createdAt', order: 'DESC' },
  perPage: 100,
} as const;

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
