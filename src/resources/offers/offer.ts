import type { Identifier } from 'react-admin';
import type { Offer, OfferCreate } from '../../../contract/offers';
import type { FieldErrors } from '../../apiErrors';
import { activeValue, toBoolean, toNonNegative, toNumber } from '../../components/panel/formValues';
import { formatNumber } from '../../format';

/** An offer as react-admin holds it: the API's record with `id` = _id. */
export type OfferRecord = Offer & { id: Identifier };

type RewardType = Offer['rewardType'];

/** The texts of the specification (sections 5 and 8), and the few this screen adds. */
export const OFFER_MESSAGES = {
  created: 'Offer created',
  updated: 'Offer updated',
  deleted: 'Offer deleted',
  confirmDelete: 'Delete this offer?',
  selectCategory: 'Select a category first',
  saveFailed: 'Error saving offer',
  deleteFailed: 'Error deleting offer',
  nameRequired: 'Offer name is required',
  gameNameRequired: 'Game name is required',
} as const;

/** The contract's reward types with their labels (kept here: the console never loads zod). */
export const REWARD_CHOICES: readonly { value: RewardType; label: string }[] = [
  { value: 'points', label: 'Points' },
  { value: 'xp', label: 'XP' },
];

const REWARD_UNITS: Record<RewardType, string> = { points: 'pts', xp: 'xp' };

/** '50 pts' for points, '20 xp' for XP (spec section 2). */
export const rewardText = (offer: Pick<Offer, 'rewardAmount' | 'rewardType'>): string =>
  `${formatNumber(offer.rewardAmount)} ${REWARD_UNITS[offer.rewardType] ?? offer.rewardType}`;

export type OfferFormValues = {
  name: string;
  gameName: string;
  price: string;
  rewardType: string;
  rewardAmount: string;
  isActive: string;
  sortOrder: string;
};

/** A new offer: price 0, points, reward 0, active, sort order 0 (spec section 9). */
export const EMPTY_OFFER: OfferFormValues = {
  name: '',
  gameName: '',
  price: '0',
  rewardType: 'points',
  rewardAmount: '0',
  isActive: 'true',
  sortOrder: '0',
};

export const offerFormValues = (offer: Offer): OfferFormValues => ({
  name: offer.name,
  gameName: offer.gameName,
  price: String(offer.price),
  rewardType: offer.rewardType,
  rewardAmount: String(offer.rewardAmount),
  isActive: activeValue(offer.isActive),
  sortOrder: String(offer.sortOrder),
});

/**
 * Offer name and game name are required, and a category must be selected: that message has no
 * field of its own (`categoryId`), so the form shows it as an alert.
 */
export const validateOffer = (
  values: OfferFormValues,
  categoryId: Identifier | null | undefined,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (categoryId === null || categoryId === undefined || String(categoryId) === '') {
    errors.categoryId = OFFER_MESSAGES.selectCategory;
  }
  if (!values.name.trim()) errors.name = OFFER_MESSAGES.nameRequired;
  if (!values.gameName.trim()) errors.gameName = OFFER_MESSAGES.gameNameRequired;
  return errors;
};

const isRewardType = (value: string): value is RewardType =>
  REWARD_CHOICES.some((choice) => choice.value === value);

/**
 * The body of a create or update: price and reward amount numbers floored at 0, sort order a
 * number (fallback 0), isActive a boolean, an unknown reward type read as points.
 */
export const toOfferBody = (
  values: OfferFormValues,
  categoryId: Identifier,
): Required<OfferCreate> => ({
  categoryId: String(categoryId),
  name: values.name.trim(),
  gameName: values.gameName.trim(),
  price: toNonNegative(values.price),
  rewardType: isRewardType(values.rewardType) ? values.rewardType : 'points',
  rewardAmount: toNonNegative(values.rewardAmount),
  isActive: toBoolean(values.isActive),
  sortOrder: toNumber(values.sortOrder),
});
