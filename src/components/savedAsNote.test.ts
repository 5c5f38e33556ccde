import { describe, expect, it } from 'vitest';
import { savedAsNote } from './savedAsNote';

describe('savedAsNote', () => {
  it('says nothing for a value saved as typed', () => {
    expect(savedAsNote('3', 3, { min: 1 })).toBeUndefined();
    expect(savedAsNote(2.5, 2.5, { min: 0 })).toBeUndefined();
    expect(savedAsNote('-0', 0, { min: 0 })).toBeUndefined();
  });

  it('names the rule that changed the value, and what is saved', () => {
    expect(savedAsNote('-5', 0, { min: 0 })).toBe('Saved as 0: values cannot be negative');
    expect(savedAsNote(0, 1, { min: 1 })).toBe('Saved as 1: at least 1');
    expect(savedAsNote(250, 100, { min: 1, max: 100 })).toBe('Saved as 100: at most 100');
    expect(savedAsNote('2.7', 2, { min: 0 })).toBe('Saved as 2: whole numbers only');
    expect(savedAsNote('', 0, { min: 0 })).toBe('Saved as 0: left empty');
    expect(savedAsNote(null, 50, { min: 1, max: 100 })).toBe('Saved as 50: left empty');
    expect(savedAsNote('abc', 0)).toBe('Saved as 0: not a number');
  });
});
