import OffersIcon from '@mui/icons-material/Sell';
import { TEXT_MAX } from '../../../contract/limits';
import type { Offer } from '../../../contract/offers';
import { plainResource } from '../plain/spec';

/** The contract's reward types with their labels (kept here: the console never loads zod). */
const REWARD_CHOICES = [
  { id: 'points', name: 'Points' },
  { id: 'xp', name: 'XP' },
] as const;

/**
 * Offers (spec section 'Categories and Game Offers'): Offer name and Game name required, price
 * and reward amount floored at 0, by sort order; a new one costs 0 and rewards 0 points. Managed
 * on /games, so no menu link of its own.
 */
export default plainResource<Offer>({
  title: 'Offers',
  icon: OffersIcon,
  area: 'games',
  menu: false,
  fields: {
    name: { kind: 'text', label: 'Offer name', required: true, maxLength: TEXT_MAX.offer.name },
    categoryId: {
      kind: 'reference',
      reference: 'categories',
      label: 'Category',
      required: 'Select a category first',
      filter: true,
    },
    gameName: { kind: 'text', required: true, maxLength: TEXT_MAX.offer.gameName },
    price: { kind: 'money', min: 0, step: 0.01, floored: true },
    rewardType: { kind: 'select', choices: REWARD_CHOICES },
    rewardAmount: { kind: 'number', min: 0, step: 1, floored: true },
    isActive: { kind: 'boolean', label: 'Status', words: ['Active', 'Inactive'] },
    sortOrder: { kind: 'number', min: 0, step: 1 },
  },
  defaults: { price: 0, rewardType: 'points', rewardAmount: 0, isActive: true, sortOrder: 0 },
  sort: { field: 'sortOrder', order: 'ASC' },
});
