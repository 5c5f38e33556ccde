import { describe, expect, it } from 'vitest';
import { describeEntry } from './actionWords';
import { changedFields, formatValue } from './changes';

const texts = (before: unknown, after: unknown, omit?: string[]) =>
  changedFields(before, after, omit).map((change) => change.text);

describe('changedFields', () => {
  it("lists each field that differs as 'Field: before → after', in after's order", () => {
    expect(
      texts(
        { skill: 50, nickname: 'Ace', active: true, allowedOffers: ['bingo'] },
        { nickname: 'Ace', skill: 70, active: false, allowedOffers: ['bingo', 'cards'] },
      ),
    ).toEqual(['Skill: 50 → 70', 'Active: yes → no', 'Allowed offers: bingo → bingo, cards']);
  });

  it('names each field by its label, not its name in the API', () => {
    expect(texts({}, { approvalsRequired: 2, avatarUrl: 'https://x.example/a.png' })).toEqual([
      'Approvals required: set to 2',
      'Avatar URL: set to https://x.example/a.png',
    ]);
  });

  it("says a field only after is 'set to', one only before 'removed'; skips set to nothing", () => {
    expect(texts(null, { nickname: 'Ace', avatarUrl: null, tags: [] })).toEqual([
      'Nickname: set to Ace',
      'Tags: set to (empty)',
    ]);
    expect(texts({ note: 'x' }, {})).toEqual(['Note: removed (was x)']);
  });

  it('shortens long text and objects, and leaves out the fields asked', () => {
    const long = `${'word '.repeat(30)}end`;
    const [text] = texts({ contentText: '' }, { contentText: long });
    expect(text).toMatch(/^Plain text: \(empty\) → (word ){11}word…$/);
    expect(texts({ meta: { a: 1 } }, { meta: { a: 2 } })).toEqual(['Meta: {"a":1} → {"a":2}']);
    expect(
      texts({ status: 'pending' }, { status: 'rejected', refundedPoints: 5 }, ['refundedPoints']),
    ).toEqual(['Status: pending → rejected']);
  });

  it('names a change that is not of fields as value', () => {
    expect(texts('a', 'b')).toEqual(['Value: a → b']);
  });

  it('formats values in words', () => {
    expect([null, undefined, '', '  ', 0, 1.25, true, [], [1, 'a']].map(formatValue)).toEqual([
      'none',
      'none',
      '(empty)',
      '(empty)',
      '0',
      '1.25',
      'yes',
      '(empty)',
      '1, a',
    ]);
    expect(formatValue('a\n\nb')).toBe('a b');
    expect(formatValue('x'.repeat(61))).toHaveLength(60);
  });
});

describe('describeEntry', () => {
  const what = (action: string, after: unknown = null) => describeEntry({ action, after }).what;

  it('says the action in words', () => {
    expect(
      [
        'bot.create',
        'bot.update',
        'category.delete',
        'user.disable',
        'user.password',
        'legal.activate',
        'withdrawal.approval',
        'withdrawal.approve',
        'withdrawal.reject',
        'deck.bulk_thing',
      ].map((action) => what(action)),
    ).toEqual([
      'Created',
      'Updated',
      'Deleted',
      'Disabled',
      'Password changed',
      'Activated',
      'First approval (1 of 2)',
      'Approved',
      'Rejected',
      'Bulk thing',
    ]);
    expect(what('withdrawal_type.toggle', { isActive: false })).toBe('Disabled');
    expect(what('withdrawal_type.toggle', { isActive: true })).toBe('Enabled');
  });

  it('gives a reject its reason and its refund', () => {
    expect(
      describeEntry({
        action: 'withdrawal.reject',
        after: { status: 'rejected', reasonCode: 'fraud_suspected', refundedPoints: 1000 },
      }),
    ).toEqual({
      what: 'Rejected: Fraud suspected',
      details: ['Refunded 1,000 points'],
      said: ['reasonCode', 'refundedPoints'],
    });
  });
});
