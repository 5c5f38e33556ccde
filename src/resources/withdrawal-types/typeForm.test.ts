import { describe, expect, it } from 'vitest';
import { makeType } from './fixtures';
import {
  NEW_TYPE_VALUES,
  NOT_A_NUMBER,
  parseTypeForm,
  type TypeFormValues,
  valuesOf,
} from './typeForm';

const filled: TypeFormValues = {
  key: 'paypal_10',
  title: 'PayPal $10',
  rateUsdPerPoint: '0.001',
  minPoints: '10000',
  stock: '25',
  fixedUsdAmount: '10.50',
  isActive: false,
};

describe('withdrawal type form', () => {
  it('starts a new type at rate 0, min points 1, stock 0, active, no fixed amount', () => {
    expect(NEW_TYPE_VALUES).toEqual({
      key: '',
      title: '',
      rateUsdPerPoint: '0',
      minPoints: '1',
      stock: '0',
      fixedUsdAmount: '',
      isActive: true,
    });
    expect(parseTypeForm({ ...NEW_TYPE_VALUES, key: 'k', title: 'T' })).toEqual({
      ok: true,
      body: {
        key: 'k',
        title: 'T',
        rateUsdPerPoint: 0,
        minPoints: 1,
        stock: 0,
        isActive: true,
        fixedUsdAmount: null,
      },
    });
  });

  it('sends rate, min points, stock and fixed amount as numbers', () => {
    expect(parseTypeForm(filled)).toEqual({
      ok: true,
      body: {
        key: 'paypal_10',
        title: 'PayPal $10',
        rateUsdPerPoint: 0.001,
        minPoints: 10000,
        stock: 25,
        isActive: false,
        fixedUsdAmount: 10.5,
      },
    });
  });

  it('sends an empty or blank fixed amount as null (dynamic)', () => {
    for (const fixedUsdAmount of ['', '   ']) {
      const parsed = parseTypeForm({ ...filled, fixedUsdAmount });
      expect(parsed.ok && parsed.body.fixedUsdAmount).toBeNull();
    }
  });

  it('keeps a fixed amount of 0 as 0, not null', () => {
    const parsed = parseTypeForm({ ...filled, fixedUsdAmount: '0' });
    expect(parsed.ok && parsed.body.fixedUsdAmount).toBe(0);
  });

  it('refuses, field by field, what is not a number, and a missing required number', () => {
    expect(
      parseTypeForm({
        ...filled,
        rateUsdPerPoint: 'abc',
        minPoints: '',
        stock: 'Infinity',
        fixedUsdAmount: '1e',
      }),
    ).toEqual({
      ok: false,
      errors: {
        rateUsdPerPoint: NOT_A_NUMBER,
        minPoints: NOT_A_NUMBER,
        stock: NOT_A_NUMBER,
        fixedUsdAmount: NOT_A_NUMBER,
      },
    });
    expect(parseTypeForm({ ...filled, stock: ' ' })).toEqual({
      ok: false,
      errors: { stock: NOT_A_NUMBER },
    });
  });

  it('leaves range and format checks to the API: a negative stock is still sent', () => {
    const parsed = parseTypeForm({ ...filled, stock: '-1', key: 'Bad Key' });
    expect(parsed).toMatchObject({ ok: true, body: { stock: -1, key: 'Bad Key' } });
  });

  it('shows an existing type with its numbers as text and no fixed amount as empty', () => {
    const dynamic = makeType({ fixedUsdAmount: null, rateUsdPerPoint: 0.0005, stock: 0 });
    expect(valuesOf(dynamic)).toEqual({
      key: 'paypal_10',
      title: 'PayPal $10',
      rateUsdPerPoint: '0.0005',
      minPoints: '10000',
      stock: '0',
      fixedUsdAmount: '',
      isActive: true,
    });
    expect(valuesOf(makeType({ fixedUsdAmount: 10 })).fixedUsdAmount).toBe('10');
  });

  it('round-trips an existing type to the same body', () => {
    const type = makeType({ fixedUsdAmount: 12.34, isActive: false });
    const parsed = parseTypeForm(valuesOf(type));
    expect(parsed).toEqual({
      ok: true,
      body: {
        key: type.key,
        title: type.title,
        rateUsdPerPoint: type.rateUsdPerPoint,
        minPoints: type.minPoints,
        stock: type.stock,
        isActive: false,
        fixedUsdAmount: 12.34,
      },
    });
  });
});
