import type { Identifier } from 'react-admin';
import type { Offer } from '../../../contract/offers';
import { formatNumber } from '../../format';

/** An offer as react-admin holds it: the API's record with `id` = _id. */
export type OfferRecord = Offer & { id: Identifier };

const REWARD_UNITS: Record<Offer['rewardType'], string> = { points: 'pts', xp: 'xp' };

/** '50 pts' for points, '20 xp' for XP (spec section 2). */
export const rewardText = (offer: Pick<Offer, 'rewardAmount' | 'rewardType'>): string =>
  `${formatNumber(offer.rewardAmount)} ${REWARD_UNITS[offer.rewardType] ?? offer.rewardType}`;
