import {
  DAILY_LABEL_MAX,
  DailyRewardsBody,
  DEFAULT_DAILY_LABELS,
  DEFAULT_DAILY_VALUES,
} from '../../../contract/settings';
import type { FieldErrors } from '../../apiErrors';
import { contractErrors, contractResolver } from '../../forms/contractErrors';
import { wholeAtLeastZero } from './numbers';

// Spec sections 5 and 9: seven entries, Mon..Sun, values 10,15,20,25,30,40,50 by default.
export const DAYS = DEFAULT_DAILY_LABELS;
export const DEFAULT_VALUES = DEFAULT_DAILY_VALUES;
export const LABEL_MAX = DAILY_LABEL_MAX;

/** The form: each day's label and value as typed, and the enable checkbox. */
export interface DailyRewardsForm {
  labels: string[];
  values: string[];
  isActive: boolean;
}

/** The config as loaded: an API may answer any shape. */
export interface LoadedDailyRewards {
  labels?: unknown;
  values?: unknown;
  isActive?: unknown;
}

const weekLong = (list: unknown): list is unknown[] =>
  Array.isArray(list) && list.length === DAYS.length;

/**
 * The loaded config in the form. A list that is not 7 long falls back to the defaults (labels
 * Mon..Sun, values 10..50); each value becomes a whole number of at least 0 (non-finite: 0).
 * The schedule is on unless the config says it is off.
 */
export const dailyFormOf = (loaded: LoadedDailyRewards | undefined): DailyRewardsForm => ({
  labels: weekLong(loaded?.labels)
    ? loaded.labels.map((label) => (typeof label === 'string' ? label : ''))
    : [...DAYS],
  values: (weekLong(loaded?.values) ? loaded.values.map(wholeAtLeastZero) : DEFAULT_VALUES).map(
    String,
  ),
  isActive: loaded?.isActive !== false,
});

/**
 * The API's checks of the schedule (contract/settings): every label is required ('Label is
 * required'), a value is at most the API's maximum. Errors by field: `labels.{index}`,
 * `values.{index}`.
 */
export const validateDaily = (form: DailyRewardsForm): FieldErrors =>
  contractErrors(DailyRewardsBody, dailyBodyOf(form));

/** The PATCH body: labels trimmed, values as whole points of at least 0. */
export const dailyBodyOf = (form: DailyRewardsForm): DailyRewardsBody => ({
  labels: form.labels.map((label) => label.trim()),
  values: form.values.map(wholeAtLeastZero),
  isActive: form.isActive,
});

/** The form's checks: validateDaily's, by zod's resolver, each on its day's input. */
export const dailyResolver = contractResolver<DailyRewardsForm>(
  DailyRewardsBody,
  dailyBodyOf,
  (path) => path,
);
