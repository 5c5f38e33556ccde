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
  rateUsdPerPoint: 0.001,
  minPoints: 10000,
  stock: 25,
  fixedUsdAmount: 10.5,
  isActive: false,
};

describe('withdrawal type form', () => {
  it('starts a new type at rate 0, min points 1, stock 0, active, no fixed amount', async () => {
    expect(NEW_TYPE_VALUES).toEqual({
      key: '',
      title: '',
      rateUsdPerPoint: 0,
      minPoints: 1,
      stock: 0,
      fixedUsdAmount: null,
      isActive: true,
    });
    expect(await parseTypeForm({ ...NEW_TYPE_VALUES, key: 'k', title: 'T' })).toEqual({
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

  it('sends rate, min points, stock and fixed amount as numbers', async () => {
    expect(await parseTypeForm(filled)).toEqual({
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

  it('sends an empty fixed amount as null (dynamic)', async () => {
    const parsed = await parseTypeForm({ ...filled, fixedUsdAmount: null });
    expect(parsed.ok && parsed.body.fixedUsdAmount).toBeNull();
  });

  it('keeps a fixed amount of 0 as 0, not null', async () => {
    const parsed = await parseTypeForm({ ...filled, fixedUsdAmount: 0 });
    expect(parsed.ok && parsed.body.fixedUsdAmount).toBe(0);
  });

  it('refuses, field by field, what is not a number, and a missing required number', async () => {
    expect(
      await parseTypeForm({
        ...filled,
        rateUsdPerPoint: Number.NaN,
        minPoints: null,
        stock: Number.POSITIVE_INFINITY,
        fixedUsdAmount: Number.NaN,
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
    expect(await parseTypeForm({ ...filled, stock: null })).toEqual({
      ok: false,
      errors: { stock: NOT_A_NUMBER },
    });
  });

  it('leaves range and format checks to the API: a negative stock is still sent', async () => {
    const parsed = await parseTypeForm({ ...filled, stock: -1, key: 'Bad Key' });
    expect(parsed).toMatchObject({ ok: true, body: { stock: -1, key: 'Bad Key' } });
  });

  it('shows an existing type with its numbers and no fixed amount as empty', () => {
    const dynamic = makeType({ fixedUsdAmount: null, rateUsdPerPoint: 0.0005, stock: 0 });
    expect(valuesOf(dynamic)).toEqual({
      key: 'paypal_10',
      title: 'PayPal $10',
      rateUsdPerPoint: 0.0005,
      minPoints: 10000,
      stock: 0,
      fixedUsdAmount: null,
      isActive: true,
    });
    expect(valuesOf(makeType({ fixedUsdAmount: 10 })).fixedUsdAmount).toBe(10);
  });

  it('round-trips an existing type to the same body, without its id or dates', async () => {
    const type = makeType({ fixedUsdAmount: 12.34, isActive: false });
    const parsed = await parseTypeForm({ ...type, id: type._id } as TypeFormValues);
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
