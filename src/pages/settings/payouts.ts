import { PayoutSettingsBody } from '../../../contract/settings';
import { contractResolver } from '../../forms/contractErrors';

/** Each switch, and its threshold as typed (kept while the switch is off). */
export interface PayoutsForm {
  secondApproval: boolean;
  secondApprovalFromUsd: string;
  creditApproval: boolean;
  secondApprovalFromPoints: string;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const payoutsFormOf = (loaded: {
  secondApprovalFromUsd?: unknown;
  secondApprovalFromPoints?: unknown;
}): PayoutsForm => {
  const usd = loaded.secondApprovalFromUsd;
  const points = loaded.secondApprovalFromPoints;
  return {
    secondApproval: isNumber(usd),
    secondApprovalFromUsd: isNumber(usd) ? usd.toFixed(2) : '',
    creditApproval: isNumber(points),
    secondApprovalFromPoints: isNumber(points) ? String(points) : '',
  };
};

/** The typed number; NaN while blank, so the check says it must be a number. */
const numberOf = (typed: string): number => (typed.trim() === '' ? Number.NaN : Number(typed));

/** What the checks see: each threshold only while its switch is on. */
const checkedOf = (form: PayoutsForm) => ({
  ...(form.secondApproval && { secondApprovalFromUsd: numberOf(form.secondApprovalFromUsd) }),
  ...(form.creditApproval && {
    secondApprovalFromPoints: numberOf(form.secondApprovalFromPoints),
  }),
});

/** The PATCH body: both thresholds, each null while its switch is off. */
export const payoutsBodyOf = (form: PayoutsForm): PayoutSettingsBody => ({
  secondApprovalFromUsd: null,
  secondApprovalFromPoints: null,
  ...checkedOf(form),
});

/**
 * As the API checks them (USD: 0.01 to 1,000,000, two decimals at most; points: a whole number
 * from 1 to 1,000,000,000), each only while switched on.
 */
export const payoutsResolver = contractResolver<PayoutsForm>(PayoutSettingsBody, checkedOf);

/** The thresholds the form would save, each when it is a valid one (null otherwise). */
export const thresholdsOf = (form: PayoutsForm): { usd: number | null; points: number | null } => {
  const checked = checkedOf(form);
  const valid = <K extends keyof typeof checked>(field: K) => {
    const parsed = PayoutSettingsBody.safeParse({ [field]: checked[field] });
    return parsed.success ? (parsed.data[field] ?? null) : null;
  };
  return { usd: valid('secondApprovalFromUsd'), points: valid('secondApprovalFromPoints') };
};
