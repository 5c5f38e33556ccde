import { PayoutSettingsBody } from '../../../contract/settings';
import type { FieldErrors } from '../../apiErrors';
import { contractErrors } from '../../forms/contractErrors';

/** The switch, and the amount as typed (kept while the switch is off). */
export interface PayoutsForm {
  secondApproval: boolean;
  secondApprovalFromUsd: string;
}

export const payoutsFormOf = (loaded: { secondApprovalFromUsd?: unknown }): PayoutsForm => {
  const amount = loaded.secondApprovalFromUsd;
  return typeof amount === 'number' && Number.isFinite(amount)
    ? { secondApproval: true, secondApprovalFromUsd: amount.toFixed(2) }
    : { secondApproval: false, secondApprovalFromUsd: '' };
};

/** The typed amount; undefined while blank, so the check says it is required. */
const amountOf = (typed: string): number | undefined =>
  typed.trim() === '' ? undefined : Number(typed.trim());

/** The PATCH body: null while the switch is off. */
export const payoutsBodyOf = (form: PayoutsForm): PayoutSettingsBody => ({
  secondApprovalFromUsd: form.secondApproval ? Number(form.secondApprovalFromUsd.trim()) : null,
});

/** As the API checks it (0.01 to 1,000,000, two decimals at most), only while switched on. */
export const validatePayouts = (form: PayoutsForm): FieldErrors =>
  form.secondApproval
    ? contractErrors(PayoutSettingsBody, {
        secondApprovalFromUsd: amountOf(form.secondApprovalFromUsd),
      })
    : {};

/** The threshold the form would save, when it is one. */
export const thresholdOf = (form: PayoutsForm): number | null => {
  if (!form.secondApproval) return null;
  const parsed = PayoutSettingsBody.safeParse({
    secondApprovalFromUsd: amountOf(form.secondApprovalFromUsd),
  });
  return parsed.success ? (parsed.data.secondApprovalFromUsd ?? null) : null;
};
