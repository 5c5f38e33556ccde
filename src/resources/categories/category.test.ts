import { describe, expect, it } from 'vitest';
import {
  type CategoryFormValues,
  categoryFormValues,
  EMPTY_CATEGORY,
  toCategoryBody,
  validateCategory,
} from './category';

const values = (overrides: Partial<CategoryFormValues>): CategoryFormValues => ({
  ...EMPTY_CATEGORY,
  ...overrides,
});

describe('toCategoryBody', () => {
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

describe('validateCategory', () => {
  it('requires a name that is not only spaces', () => {
    expect(validateCategory(values({ name: '   ' }))).toEqual({ name: 'Name is required' });
    expect(validateCategory(values({ name: 'Arcade' }))).toEqual({});
  });
});

describe('categoryFormValues', () => {
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
    const form = categoryFormValues(category);
    expect(form).toEqual({ name: 'Arcade', slug: 'arcade', isActive: 'false', sortOrder: '-2' });
    expect(toCategoryBody(form)).toEqual({
      name: 'Arcade',
      slug: 'arcade',
      isActive: false,
      sortOrder: -2,
    });
  });
});
