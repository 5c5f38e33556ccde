import { describe, expect, it } from 'vitest';
import { bulkResultMessage, confirmBulkText } from './bot';

describe('bulk toggle texts', () => {
  it("asks 'Set active={true|false} for {n} bots?'", () => {
    expect(confirmBulkText(true, 3)).toBe('Set active=true for 3 bots?');
    expect(confirmBulkText(false, 1)).toBe('Set active=false for 1 bots?');
  });

  it('sums up the answer: changed, already so, not found', () => {
    expect(bulkResultMessage(true, 2, { updated: 2, notFound: [] })).toBe('2 bots enabled');
    expect(bulkResultMessage(false, 1, { updated: 1, notFound: [] })).toBe('1 bot disabled');
    expect(bulkResultMessage(false, 4, { updated: 1, notFound: ['B9'] })).toBe(
      '1 bot disabled, 2 already disabled, 1 not found',
    );
    expect(bulkResultMessage(true, 1, { updated: 0, notFound: [] })).toBe(
      '0 bots enabled, 1 already enabled',
    );
  });
});
