import { describe, expect, it } from 'vitest';
import type { FormValues } from '../../components/formValues';
import { bodyOf, formValuesOf } from '../plain/values';
import categorySpec from './resource';

const EMPTY_CATEGORY = formValuesOf(categorySpec, null);
const values = (overrides: Partial<FormValues>): FormValues =>
  ({ ...EMPTY_CATEGORY, ...overrides }) as FormValues;
const toCategoryBody = (form: FormValues) => bodyOf(categorySpec, form);

describe('a new category', () => {
  it('is active, sort order 0, with an empty slug (spec section 9)', () => {
    expect(EMPTY_CATEGORY).toEqual({ name: '', slug: '', isActive: 'true', sortOrder: '0' });
  });
});

describe('the body of a category', () => {
  it('sends the sort order as a number and isActive as a boolean', () => {
    expect(
      toCategoryBody(
        values({ name: ' Card Games ', slug: 'cards', isActive: 'false', sortOrder: '3' }),
      ),
    ).toEqual({ name: 'Card Games', slug: 'cards', isActive: false, sortOrder: 3 });
  });

  it('falls back to sort order 0 and keeps an empty slug for the server to derive', () => {
    expect(toCategoryBody(values({ name: 'Puzzle', sortOrder: '' }))).toEqual({
      name: 'Puzzle',
      slug: '',
      isActive: true,
      sortOrder: 0,
    });
    expect(toCategoryBody(values({ name: 'Puzzle', sortOrder: 'abc' })).sortOrder).toBe(0);
  });
});

describe('a category in the form', () => {
  it('loads a category into the form and back unchanged', () => {
    const category = {
      _id: 'c1',
      name: 'Arcade',
      slug: 'arcade',
      isActive: false,
      sortOrder: -2,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const form = formValuesOf(categorySpec, category);
    expect(form).toEqual({ name: 'Arcade', slug: 'arcade', isActive: 'false', sortOrder: '-2' });
    expect(toCategoryBody(form)).toEqual({
      name: 'Arcade',
      slug: 'arcade',
      isActive: false,
      sortOrder: -2,
    });
  });
});
