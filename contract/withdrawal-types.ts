import { z } from 'zod';
import { listQuery } from './crud';
import { booleanParam, decimal, wholeNumber } from './numbers';
import { text } from './text';

export const RATE_MAX = 1000;
export const FIXED_USD_MAX = 1_000_000;
export const MIN_POINTS_MAX = 1e12;
export const STOCK_MAX = 1e9;

export const WithdrawalType = z.object({
  _id: z.string(),
  /** Unique, e.g. paypal_10: what a withdrawal's typeId names. */
  key: z.string(),
  title: z.string(),
  rateUsdPerPoint: z.number(),
  minPoints: z.number().int(),
  stock: z.number().int(),
  isActive: z.boolean(),
  /** USD paid out whatever the points; null means dynamic (points x rate). */
  fixedUsdAmount: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalType = z.infer<typeof WithdrawalType>;

export const WITHDRAWAL_TYPE_SORT_FIELDS = [
  'key',
  'title',
  'rateUsdPerPoint',
  'minPoints',
  'stock',
  'createdAt',
] as const;

/** GET /admin/withdrawal-types: q over key or title; active=true|false. */
export const WithdrawalTypesQuery = listQuery(WITHDRAWAL_TYPE_SORT_FIELDS, 'key:asc', 100, {
  active: booleanParam(),
});
export type WithdrawalTypesQuery = z.input<typeof WithdrawalTypesQuery>;

const fields = {
  key: text()
    .trim()
    .min(1, 'Key is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[a-z0-9_]+$/, 'Use lower-case letters, digits and underscores'),
  title: text().trim().min(1, 'Title is required').max(100, 'must be at most 100 characters'),
  rateUsdPerPoint: decimal(6, RATE_MAX),
  minPoints: wholeNumber(1, MIN_POINTS_MAX),
  stock: wholeNumber(0, STOCK_MAX),
  isActive: z.boolean('must be true or false'),
  fixedUsdAmount: decimal(2, FIXED_USD_MAX).nullable(),
};

/** POST /admin/withdrawal-types: rate 0, min points 1, stock 0, active, dynamic by default. */
export const WithdrawalTypeCreate = z.strictObject({
  key: fields.key,
  title: fields.title,
  rateUsdPerPoint: fields.rateUsdPerPoint.default(0),
  minPoints: fields.minPoints.default(1),
  stock: fields.stock.default(0),
  isActive: fields.isActive.default(true),
  fixedUsdAmount: fields.fixedUsdAmount.default(null),
});
export type WithdrawalTypeCreate = z.input<typeof WithdrawalTypeCreate>;

/** PUT /admin/withdrawal-types/{id}: the whole type; an absent fixedUsdAmount means dynamic. */
export const WithdrawalTypeReplace = z.strictObject({
  key: fields.key,
  title: fields.title,
  rateUsdPerPoint: fields.rateUsdPerPoint,
  minPoints: fields.minPoints,
  stock: fields.stock,
  isActive: fields.isActive,
  fixedUsdAmount: fields.fixedUsdAmount.default(null),
});
export type WithdrawalTypeReplace = z.input<typeof WithdrawalTypeReplace>;
