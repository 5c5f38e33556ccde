import { z } from 'zod';

// Apart from adjustments.ts so that the user PATCH's schema can take a reason without a cycle.

export const ADJUSTMENT_REASONS = [
  'goodwill',
  'support_correction',
  'contest_prize',
  'migration',
  'other',
] as const;
export const AdjustmentReason = z.enum(ADJUSTMENT_REASONS);
export type AdjustmentReason = z.infer<typeof AdjustmentReason>;

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  goodwill: 'Goodwill',
  support_correction: 'Support correction',
  contest_prize: 'Contest prize',
  migration: 'Migration',
  other: 'Other',
};

export const ADJUSTMENT_NOTE_MAX = 1000;
