import { describe, expect, it } from 'vitest';
import { likeTrigrams, rarestPiece } from './trigrams';

describe('the trigrams of a LIKE piece', () => {
  it('pads words only where they end inside the piece, as pg_trgm does', () => {
    expect(likeTrigrams('12345')).toEqual(['123', '234', '345']);
    expect(likeTrigrams('r4242@exa')).toEqual(['r42', '424', '242', '42 ', '  e', ' ex', 'exa']);
    expect(likeTrigrams('ab')).toEqual([]);
    expect(likeTrigrams('a.b')).toEqual(['  b']); // 'a' meets the wildcard: too short alone
  });
});

describe('the rarest piece of a term', () => {
  const frequencies = new Map([
    ['pla', 1],
    ['lay', 1],
    ['aye', 1],
    ['yer', 1],
    ['er1', 0.11],
    ['r12', 0.011],
    ['123', 0.006],
    [' ex', 1],
    ['  e', 1],
    ['exa', 1],
  ]);

  it('keeps the most trigrams whose shares fit the budget, leaving out the common ones', () => {
    expect(rarestPiece('player12345', frequencies)).toBe('r12345');
    expect(rarestPiece('r4242@exa', frequencies)).toBe('r4242');
    // Each fits alone, together they read too much of the index: the rarer one.
    const pair = new Map([
      ['abc', 0.06],
      ['bcd', 0.05],
    ]);
    expect(rarestPiece('abcd', pair)).toBe('bcd');
  });

  it('has none when every piece holds a common trigram, or nothing is known', () => {
    expect(rarestPiece('player', frequencies)).toBeUndefined();
    expect(rarestPiece('pl', frequencies)).toBeUndefined();
    expect(rarestPiece('player12345', new Map())).toBeUndefined();
  });

  it('takes trigrams the statistics do not list as rare', () => {
    expect(rarestPiece('zq9', frequencies)).toBe('zq9');
  });

  it('leaves out letters beyond ASCII, whose shares the statistics do not show', () => {
    expect(rarestPiece('иван', frequencies)).toBeUndefined();
    expect(rarestPiece('é12345é', frequencies)).toBe('12345');
  });
});
