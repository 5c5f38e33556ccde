import { describe, expect, it } from 'vitest';
import type { FormValues } from '../../components/formValues';
import { bodyOf, formValuesOf } from '../plain/values';
import { rewardText } from './offer';
import offerSpec from './resource';

const EMPTY_OFFER = formValuesOf(offerSpec, null);
const values = (overrides: Partial<FormValues>): FormValues =>
  ({ ...EMPTY_OFFER, name: 'Daily Duel', gameName: 'Solitaire', ...overrides }) as FormValues;
/** What the Game Offers form sends: the fields, in the selected category. */
const toOfferBody = (form: FormValues, categoryId: string | number) => ({
  categoryId: String(categoryId),
  ...bodyOf(offerSpec, form),
});

describe('the body of an offer', () => {
  it('sends the defaults of a new offer as numbers and booleans', () => {
    expect(toOfferBody(values({}), 'c1')).toEqual({
      categoryId: 'c1',
      name: 'Daily Duel',
      gameName: 'Solitaire',
      price: 0,
      rewardType: 'points',
      rewardAmount: 0,
      isActive: true,
      sortOrder: 0,
    });
  });

  it('floors price and reward amount at 0 and falls back to sort order 0', () => {
    const body = toOfferBody(
      values({ price: '-5', rewardAmount: '-1', sortOrder: 'abc', isActive: 'false' }),
      'c1',
    );
    expect(body).toMatchObject({ price: 0, rewardAmount: 0, sortOrder: 0, isActive: false });
  });

  it('keeps a price in cents, trims the names and reads an unknown reward type as points', () => {
    const body = toOfferBody(
      values({ name: ' Duel ', gameName: ' Chess ', price: '1.25', rewardType: 'gold' }),
      7,
    );
    expect(body).toMatchObject({
      categoryId: '7',
      name: 'Duel',
      gameName: 'Chess',
      price: 1.25,
      rewardType: 'points',
    });
    expect(toOfferBody(values({ rewardType: 'xp', rewardAmount: '20' }), 'c1')).toMatchObject({
      rewardType: 'xp',
      rewardAmount: 20,
    });
  });
});

describe('rewardText', () => {
  it("shows points as 'pts' and XP as 'xp'", () => {
    expect(rewardText({ rewardType: 'points', rewardAmount: 50 })).toBe('50 pts');
    expect(rewardText({ rewardType: 'xp', rewardAmount: 20 })).toBe('20 xp');
    expect(rewardText({ rewardType: 'points', rewardAmount: 1500 })).toBe('1,500 pts');
  });
});

describe('an offer in the form', () => {
  it('loads an offer into the form and back unchanged', () => {
    const offer = {
      _id: 'o1',
      categoryId: 'c1',
      name: 'Duel',
      gameName: 'Chess',
      price: 1.5,
      rewardType: 'xp' as const,
      rewardAmount: 20,
      isActive: false,
      sortOrder: 2,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const form = formValuesOf(offerSpec, offer);
    expect(form).toMatchObject({ price: '1.5', rewardType: 'xp', isActive: 'false' });
    const { _id, createdAt, updatedAt, ...fields } = offer;
    expect(toOfferBody(form, 'c1')).toEqual(fields);
  });
});
