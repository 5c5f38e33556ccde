import type { FieldValues } from 'react-hook-form';
import { LegalPatch } from '../../../contract/legal';
import { contractResolver } from '../../forms/contractErrors';

const FIELDS = LegalPatch.keyof().options;

/** The edit form's checks: the contract's PATCH body, over the fields the form edits. */
export const legalResolver = contractResolver<FieldValues>(LegalPatch, (values) =>
  Object.fromEntries(FIELDS.map((field) => [field, values[field]])),
);
