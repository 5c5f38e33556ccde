import { describe, expect, it } from 'vitest';
import { referralBodyOf, referralFormOf } from './referral';

describe('referral settings form', () => {
  it('shows the loaded numbers, anything unusable as 0', () => {
    expect(referralFormOf({ maxReferralsPerUser: 10, pointsPerReferral: 100 })).toEqual({
      maxReferralsPerUser: '10',
      pointsPerReferral: '100',
    });
    expect(referralFormOf({ maxReferralsPerUser: null, pointsPerReferral: -2.5 })).toEqual({
      maxReferralsPerUser: '0',
      pointsPerReferral: '0',
    });
  });

  it('sends integers, floored and at least 0', () => {
    expect(referralBodyOf({ maxReferralsPerUser: '7.9', pointsPerReferral: '250' })).toEqual({
      maxReferralsPerUser: 7,
      pointsPerReferral: 250,
    });
    expect(referralBodyOf({ maxReferralsPerUser: '-4', pointsPerReferral: '' })).toEqual({
      maxReferralsPerUser: 0,
      pointsPerReferral: 0,
    });
    expect(referralBodyOf({ maxReferralsPerUser: 'ten', pointsPerReferral: 'Infinity' })).toEqual({
      maxReferralsPerUser: 0,
      pointsPerReferral: 0,
    });
  });
});
