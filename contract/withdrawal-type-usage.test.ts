import { describe, expect, it } from 'vitest';
import { typeInUse, typeUsedBy } from './withdrawal-type-usage';

describe('how many withdrawals use a type', () => {
  it('says the count, or past what a list counts, that figure with a +', () => {
    expect(typeUsedBy(1)).toBe('This type is used by 1 withdrawal.');
    expect(typeInUse(3)).toBe('This type is used by 3 withdrawals. Disable it instead.');
    expect(typeInUse(10_000, true)).toBe(
      'This type is used by 10,000+ withdrawals. Disable it instead.',
    );
  });
});
