import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import { type WithdrawalType, WithdrawalTypeReplace } from '../../../contract/withdrawal-types';
import type { FieldErrors } from '../../apiErrors';

/** What POST and PUT send: every field, numbers as numbers, no fixed amount as null. */
export type WithdrawalTypeBody = Pick<
  WithdrawalType,
  'key' | 'title' | 'rateUsdPerPoint' | 'minPoints' | 'stock' | 'isActive' | 'fixedUsdAmount'
>;

/** The form's values as its inputs hold them: an empty or unreadable number is null. */
export type TypeFormValues = {
  [K in keyof WithdrawalTypeBody]: WithdrawalTypeBody[K] extends number
    ? number | null
    : WithdrawalTypeBody[K];
};

export const NOT_A_NUMBER = 'Enter a number';

/** The body's fields, as the contract names them. */
const FIELDS = WithdrawalTypeReplace.keyof().options;

/** Spec section 9: rate 0, min points 1, stock 0, active, no fixed amount. */
export const NEW_TYPE_VALUES: Readonly<TypeFormValues> = {
  key: '',
  title: '',
  rateUsdPerPoint: 0,
  minPoints: 1,
  stock: 0,
  fixedUsdAmount: null,
  isActive: true,
};

/** The form's fields of a record: an existing type, or the form's values with its `id`. */
export const valuesOf = (record: TypeFormValues): TypeFormValues =>
  Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as TypeFormValues;

/** The spec's words for what the contract says otherwise. */
const SPEC_MESSAGES: Record<string, string> = { 'must be a number': NOT_A_NUMBER };

// `raw`: the body is what was typed; the API trims and rounds it as it stores it.
const contractResolver = zodResolver(WithdrawalTypeReplace, undefined, { raw: true });

/**
 * The form's checks: the contract's schema of a whole type, of which the form refuses only what
 * it cannot send (a number field that holds no number). Ranges, the key's format and uniqueness
 * are the API's to refuse (spec: the key's rule is shown only once the server refused it), so
 * 'Save failed' names them.
 */
export const typeResolver: Resolver<TypeFormValues> = async (values, context, options) => {
  const body = valuesOf(values);
  const checked = await contractResolver(body as never, context, options as never);
  const errors: FormErrors<TypeFormValues> = {};
  for (const field of FIELDS) {
    const error = checked.errors[field];
    if (error?.type !== 'invalid_type') continue;
    const message = String(error.message);
    errors[field] = { ...error, message: SPEC_MESSAGES[message] ?? message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: body, errors: {} };
};

export type ParsedTypeForm =
  | { ok: true; body: WithdrawalTypeBody }
  | { ok: false; errors: FieldErrors };

/** The form's check on its own: the body it sends, or each refused field's message. */
export const parseTypeForm = async (values: TypeFormValues): Promise<ParsedTypeForm> => {
  const { values: body, errors } = await typeResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const refused = Object.entries(errors).map(([field, error]) => [field, String(error?.message)]);
  return refused.length > 0
    ? { ok: false, errors: Object.fromEntries(refused) }
    : { ok: true, body: body as WithdrawalTypeBody };
};
