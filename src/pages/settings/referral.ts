import type { ReferralBody } from '../../../contract/settings';
import { wholeAtLeastZero } from './numbers';

/** The two inputs as typed. */
export interface ReferralForm {
  maxReferralsPerUser: string;
  pointsPerReferral: string;
}

export const referralFormOf = (loaded: {
  maxReferralsPerUser?: unknown;
  pointsPerReferral?: unknown;
}): ReferralForm => ({
  maxReferralsPerUser: String(wholeAtLeastZero(loaded.maxReferralsPerUser)),
  pointsPerReferral: String(wholeAtLeastZero(loaded.pointsPerReferral)),
});

/** Spec section 5: integers, floored and at least 0. */
export const referralBodyOf = (form: ReferralForm): ReferralBody => ({
  maxReferralsPerUser: wholeAtLeastZero(form.maxReferralsPerUser),
  pointsPerReferral: wholeAtLeastZero(form.pointsPerReferral),
});
