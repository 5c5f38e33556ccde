import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  botResolver,
  formatOffers,
  normaliseMaxSessions,
  normaliseSkill,
  saveErrorOf,
  splitOffers,
  toBotPayload,
} from './botValues';

/** What the form's resolver says about `values`, by input. */
const errorsOf = async (values: Parameters<typeof toBotPayload>[0]) => {
  const { errors } = await botResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
};

describe('bot form normalisation (spec section 5)', () => {
  it('trims the nickname and the avatar URL; an empty avatar URL means none', () => {
    const payload = toBotPayload({
      nickname: '  AceBot ',
      avatarUrl: ' https://cdn.example/ace.png  ',
      active: true,
      maxSessions: 2,
      skill: 70,
      allowedOffers: 'solitaire',
    });
    expect(payload).toEqual({
      nickname: 'AceBot',
      avatarUrl: 'https://cdn.example/ace.png',
      active: true,
      maxSessions: 2,
      skill: 70,
      allowedOffers: ['solitaire'],
    });
    expect(toBotPayload({ nickname: 'x', avatarUrl: '   ' }).avatarUrl).toBeNull();
    expect(toBotPayload({ nickname: 'x', avatarUrl: null }).avatarUrl).toBeNull();
  });

  it('keeps active as given, false included', () => {
    expect(toBotPayload({ nickname: 'x', active: false }).active).toBe(false);
    expect(toBotPayload({ nickname: 'x', active: true }).active).toBe(true);
  });

  it('makes max sessions at least 1: smaller or invalid becomes 1', () => {
    expect(normaliseMaxSessions(5)).toBe(5);
    expect(normaliseMaxSessions('12')).toBe(12);
    expect(normaliseMaxSessions(0)).toBe(1);
    expect(normaliseMaxSessions(-3)).toBe(1);
    expect(normaliseMaxSessions(null)).toBe(1);
    expect(normaliseMaxSessions('')).toBe(1);
    expect(normaliseMaxSessions('many')).toBe(1);
    expect(normaliseMaxSessions(Number.NaN)).toBe(1);
    expect(normaliseMaxSessions(2.9)).toBe(2);
  });

  it('clamps skill to 1-100; invalid becomes 50', () => {
    expect(normaliseSkill(42)).toBe(42);
    expect(normaliseSkill(0)).toBe(1);
    expect(normaliseSkill(-10)).toBe(1);
    expect(normaliseSkill(101)).toBe(100);
    expect(normaliseSkill('250')).toBe(100);
    expect(normaliseSkill(undefined)).toBe(50);
    expect(normaliseSkill('')).toBe(50);
    expect(normaliseSkill('abc')).toBe(50);
    expect(normaliseSkill(Number.POSITIVE_INFINITY)).toBe(50);
    expect(normaliseSkill(99.6)).toBe(99);
  });

  it('splits allowed offers on commas, trimmed, empties dropped', () => {
    expect(splitOffers(' solitaire, ,bingo ,, blackjack ')).toEqual([
      'solitaire',
      'bingo',
      'blackjack',
    ]);
    expect(splitOffers('')).toEqual([]);
    expect(splitOffers(null)).toEqual([]);
    // an untouched list is the loaded array: kept as it is, not split again
    expect(splitOffers(['a, b', ' c ', ''])).toEqual(['a, b', 'c']);
  });

  it('shows offers as comma-separated text', () => {
    expect(formatOffers(['solitaire', 'bingo'])).toBe('solitaire, bingo');
    expect(formatOffers('typed, text')).toBe('typed, text');
    expect(formatOffers(null)).toBe('');
  });

  it('requires a nickname that is not only spaces', async () => {
    expect(await errorsOf({ nickname: '   ' })).toEqual({ nickname: 'Nickname is required' });
    expect(await errorsOf({ nickname: null })).toEqual({ nickname: 'Nickname is required' });
    expect(await errorsOf({ nickname: ' a ' })).toEqual({});
  });

  it("refuses what the API would, in the API's words, on the input that holds it", async () => {
    expect(
      await errorsOf({
        nickname: 'n'.repeat(65),
        avatarUrl: 'ftp://cdn.example/ace.png',
        allowedOffers: ['solitaire', 'o'.repeat(101)],
      }),
    ).toEqual({
      nickname: 'Nickname must be at most 64 characters',
      avatarUrl: 'Avatar URL must be an http(s) URL',
      allowedOffers: 'Allowed offer 2 must be at most 100 characters',
    });
  });
});

describe('saveErrorOf', () => {
  const httpError = (status: number, body: unknown, message = 'Server said no') =>
    new HttpError(message, status, body);

  it("says 'Nickname already exists' on a 409, on the nickname field too", () => {
    expect(saveErrorOf(httpError(409, { error: 'dup', code: 'duplicate' }))).toEqual({
      message: 'Nickname already exists',
      fields: { nickname: 'Nickname already exists' },
    });
  });

  it("passes on the edit's stale-version message", () => {
    const stale = httpError(
      409,
      { error: 'changed', code: 'stale' },
      'This bot was changed by someone else. Reload to see the latest values.',
    );
    expect(saveErrorOf(stale).message).toBe(
      'This bot was changed by someone else. Reload to see the latest values.',
    );
  });

  it("says 'Error saving bot' otherwise, with the API's per-field messages", () => {
    expect(
      saveErrorOf(
        httpError(400, { error: 'Invalid', code: 'invalid', fields: { skill: 'too big' } }),
      ),
    ).toEqual({ message: 'Error saving bot', fields: { skill: 'too big' } });
    expect(
      saveErrorOf(
        httpError(400, {
          error: 'Invalid body',
          code: 'invalid_input',
          fields: { 'allowedOffers.1': 'must not be empty', 'allowedOffers.3': 'too long' },
        }),
      ).fields,
    ).toEqual({ allowedOffers: 'must not be empty' });
    expect(saveErrorOf(new TypeError('Failed to fetch'))).toEqual({
      message: 'Error saving bot',
      fields: undefined,
    });
  });
});
