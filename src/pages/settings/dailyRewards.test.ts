import { describe, expect, it } from 'vitest';
import {
  DAILY_LABEL_MAX,
  DEFAULT_DAILY_LABELS,
  DEFAULT_DAILY_VALUES,
} from '../../../contract/settings';
import {
  DAYS,
  DEFAULT_VALUES,
  dailyBodyOf,
  dailyFormOf,
  LABEL_MAX,
  validateDaily,
} from './dailyRewards';

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

describe('daily rewards form', () => {
  it('uses the defaults and limits the API uses', () => {
    expect(DAYS).toEqual(DEFAULT_DAILY_LABELS);
    expect(DEFAULT_VALUES).toEqual(DEFAULT_DAILY_VALUES);
    expect(LABEL_MAX).toBe(DAILY_LABEL_MAX);
  });

  it('shows a loaded schedule of 7 as it is', () => {
    expect(
      dailyFormOf({
        labels: ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7'],
        values: [0, 1, 2, 3, 4, 5, 600],
        isActive: false,
      }),
    ).toEqual({
      labels: ['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7'],
      values: ['0', '1', '2', '3', '4', '5', '600'],
      isActive: false,
    });
  });

  it('falls back to Mon..Sun and 10..50 when a loaded list is not 7 long', () => {
    const defaults = {
      labels: WEEK,
      values: ['10', '15', '20', '25', '30', '40', '50'],
      isActive: true,
    };
    expect(dailyFormOf(undefined)).toEqual(defaults);
    expect(dailyFormOf({})).toEqual(defaults);
    expect(dailyFormOf({ labels: ['A', 'B'], values: [1, 2, 3, 4, 5, 6, 7, 8] })).toEqual(defaults);
    expect(dailyFormOf({ labels: 'Mon..Sun', values: null, isActive: true })).toEqual(defaults);
    // each list falls back on its own
    expect(dailyFormOf({ labels: WEEK.map((d) => d.toUpperCase()), values: [1] }).labels).toEqual(
      WEEK.map((d) => d.toUpperCase()),
    );
  });

  it('turns each loaded value into whole points of at least 0; non-finite ones become 0', () => {
    const form = dailyFormOf({
      labels: WEEK,
      values: [Number.NaN, Number.POSITIVE_INFINITY, -5, 12.7, '30', null, 'many'],
      isActive: 'yes',
    });
    expect(form.values).toEqual(['0', '0', '0', '12', '30', '0', '0']);
    expect(form.isActive).toBe(true);
  });

  it('requires every label, naming the row', () => {
    const form = dailyFormOf(undefined);
    expect(validateDaily(form)).toEqual({});
    form.labels[2] = '   ';
    form.labels[6] = '';
    expect(validateDaily(form)).toEqual({
      'labels.2': 'Label is required',
      'labels.6': 'Label is required',
    });
  });

  it('refuses what the API would, naming the row', () => {
    const form = dailyFormOf(undefined);
    form.labels[1] = 'l'.repeat(DAILY_LABEL_MAX + 1);
    form.values[2] = '1000000001';
    expect(validateDaily(form)).toEqual({
      'labels.1': `Label 2 must be at most ${DAILY_LABEL_MAX} characters`,
      'values.2': 'Value 3 must be at most 1000000000',
    });
  });

  it('sends trimmed labels and values as whole points of at least 0', () => {
    expect(
      dailyBodyOf({
        labels: [' Mon ', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Bonus day\t'],
        values: ['10', '', '-3', '2.9', 'abc', '1e3', ' 7 '],
        isActive: false,
      }),
    ).toEqual({
      labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Bonus day'],
      values: [10, 0, 0, 2, 0, 1000, 7],
      isActive: false,
    });
  });
});
