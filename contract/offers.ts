import { z } from 'zod';
import { sortOrder } from './categories';
import { listQuery, patchOf } from './crud';
import { optionalParam } from './lists';
import { decimal, wholeNumber } from './numbers';
import { text } from './text';
import { REWARD_TYPES, RewardType } from './users';

export { REWARD_TYPES, RewardType };

export const PRICE_MAX = 1_000_000;
export const REWARD_MAX = 1_000_000_000;

export const Offer = z.object({
  _id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  gameName: z.string(),
  /** USD, exact to the cent. */
  price: z.number(),
  rewardType: RewardType,
  rewardAmount: z.number().int(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof Offer>;

export const OFFER_SORT_FIELDS = [
  'sortOrder',
  'name',
  'gameName',
  'price',
  'rewardAmount',
  'createdAt',
] as const;

/** GET /admin/offers: one category's offers (or all), q over name or game name. */
export const OffersQuery = listQuery(OFFER_SORT_FIELDS, 'sortOrder:asc', 100, {
  categoryId: optionalParam(text().max(40)),
});
export type OffersQuery = z.input<typeof OffersQuery>;

const offerFields = {
  categoryId: text().trim().min(1, 'Select a category first').max(40),
  name: text().trim().min(1, 'Offer name is required').max(100, 'must be at most 100 characters'),
  gameName: text()
    .trim()
    .min(1, 'Game name is required')
    .max(100, 'must be at most 100 characters'),
  price: decimal(2, PRICE_MAX),
  rewardType: z.enum(REWARD_TYPES, 'must be points or xp'),
  rewardAmount: wholeNumber(0, REWARD_MAX),
  isActive: z.boolean('must be true or false'),
  sortOrder: sortOrder(),
};

/** POST /admin/offers: price 0, points, reward 0, active and sortOrder 0 by default. */
export const OfferCreate = z.strictObject({
  categoryId: offerFields.categoryId,
  name: offerFields.name,
  gameName: offerFields.gameName,
  price: offerFields.price.default(0),
  rewardType: offerFields.rewardType.default('points'),
  rewardAmount: offerFields.rewardAmount.default(0),
  isActive: offerFields.isActive.default(true),
  sortOrder: offerFields.sortOrder.default(0),
});
export type OfferCreate = z.input<typeof OfferCreate>;

/** PATCH /admin/offers/{id}: any subset (categoryId moves the offer). */
export const OfferPatch = patchOf(offerFields);
export type OfferPatch = z.input<typeof OfferPatch>;
