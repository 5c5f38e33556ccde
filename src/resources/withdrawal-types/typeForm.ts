import type { WithdrawalType } from '../../../contract/withdrawal-types';

/** The form's values as the inputs hold them: numbers stay text until they are sent. */
export interface TypeFormValues {
  key: string;
  title: string;
  rateUsdPerPoint: string;
  minPoints: string;
  stock: string;
  /** Empty means dynamic (points x rate). */
  fixedUsdAmount: string;
  isActive: boolean;
}

export type TypeFormField = keyof TypeFormValues;

export type TypeFormErrors = Partial<Record<TypeFormField, string>>;

/** What POST and PUT send: every field, numbers as numbers, no fixed amount as null. */
export type WithdrawalTypeBody = Pick<
  WithdrawalType,
  'key' | 'title' | 'rateUsdPerPoint' | 'minPoints' | 'stock' | 'isActive' | 'fixedUsdAmount'
>;

export const NOT_A_NUMBER = 'Enter a number';

/** Spec section 9: rate 0, min points 1, stock 0, active, no fixed amount. */
export const NEW_TYPE_VALUES: Readonly<TypeFormValues> = {
  key: '',
  title: '',
  rateUsdPerPoint: '0',
  minPoints: '1',
  stock: '0',
  fixedUsdAmount: '',
  isActive: true,
};

/** An existing type as the form shows it. */
export const valuesOf = (type: WithdrawalType): TypeFormValues => ({
  key: type.key,
  title: type.title,
  rateUsdPerPoint: String(type.rateUsdPerPoint),
  minPoints: String(type.minPoints),
  stock: String(type.stock),
  fixedUsdAmount: type.fixedUsdAmount === null ? '' : String(type.fixedUsdAmount),
  isActive: type.isActive,
});

/** A number typed into a field; undefined when it is empty or not a number. */
const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
};

export type ParsedTypeForm =
  | { ok: true; body: WithdrawalTypeBody }
  | { ok: false; errors: TypeFormErrors };

/**
 * The request body of the form (spec section 5): rate, min points, stock and fixed amount as
 * numbers, an empty fixed amount as null. Only what cannot be converted is refused here; the API
 * checks the rest (ranges, the key's format, uniqueness) and names the field it refuses.
 */
export const parseTypeForm = (values: TypeFormValues): ParsedTypeForm => {
  const errors: TypeFormErrors = {};
  const required = (field: 'rateUsdPerPoint' | 'minPoints' | 'stock'): number => {
    const value = numberOf(values[field]);
    if (value === undefined) errors[field] = NOT_A_NUMBER;
    return value ?? 0;
  };
  const rateUsdPerPoint = required('rateUsdPerPoint');
  const minPoints = required('minPoints');
  const stock = required('stock');
  const fixedUsdAmount = numberOf(values.fixedUsdAmount) ?? null;
  if (fixedUsdAmount === null && values.fixedUsdAmount.trim() !== '') {
    errors.fixedUsdAmount = NOT_A_NUMBER;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      key: values.key,
      title: values.title,
      rateUsdPerPoint,
      minPoints,
      stock,
      isActive: values.isActive,
      fixedUsdAmount,
    },
  };
};
