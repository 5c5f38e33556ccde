import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contract/two-step';

// Base32's letters and digits, lower case: no 0/o or 1/l to mix up when copied by hand.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** One code: 16 characters of 5 random bits (80 bits), shown as four groups of four. */
const newCode = (): string => {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4).join('')).join('-');
};

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/**
 * What is stored of a code, as typed or as shown (normalised: no dashes or spaces, lower case).
 * 80 random bits cannot be found again from a SHA-256, so a slow hash would add nothing.
 */
export const hashRecoveryCode = (normalized: string): Buffer =>
  createHash('sha256').update(normalized.replace(/-/g, '')).digest();
