import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normalizeCode } from '../../../contract/two-step';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

describe('recovery codes', () => {
  it('are ten codes of 16 base32 characters in four groups, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const many = Array.from({ length: 20 }, newRecoveryCodes).flat();
    expect(new Set(many).size).toBe(many.length);
  });

  it('are kept as the SHA-256 of the code without its dashes, however it is typed', () => {
    const [code = ''] = newRecoveryCodes();
    const stored = hashRecoveryCode(code);
    expect(stored).toEqual(sha256(code.replaceAll('-', '')));
    for (const typed of [code, code.toUpperCase(), code.replaceAll('-', ' '), ` ${code} `]) {
      const normalized = normalizeCode(typed);
      expect(normalized, typed).toEqual({ recovery: code.replaceAll('-', '') });
      if ('recovery' in normalized) expect(hashRecoveryCode(normalized.recovery)).toEqual(stored);
    }
  });

  it('are told from an app’s code: six digits are a code, anything else a recovery code', () => {
    expect(normalizeCode(' 123 456 ')).toEqual({ totp: '123456' });
    expect(normalizeCode('123-456')).toEqual({ totp: '123456' });
    expect(normalizeCode('12345')).toEqual({ recovery: '12345' });
    expect(normalizeCode('1234567')).toEqual({ recovery: '1234567' });
  });
});
