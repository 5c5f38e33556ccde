import { Secret, TOTP as Totp, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP } from '../../../contract/two-step';
import { acceptedStep, codeAt, newTotpSecret, otpauthUrl, stepAt } from './totp';

// RFC 6238, appendix B: the seeds and the 8-digit codes of each algorithm at each time (s).
const SEEDS = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const VECTORS: [number, Record<keyof typeof SEEDS, string>][] = [
  [59, { SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' }],
  [1111111109, { SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' }],
  [1111111111, { SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' }],
  [1234567890, { SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' }],
  [2000000000, { SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' }],
  [20000000000, { SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' }],
];

const base32Of = (seed: string) => Secret.fromLatin1(seed).base32;
const SHA1_SECRET = base32Of(SEEDS.SHA1);

describe('TOTP against the RFC 6238 test vectors', () => {
  it.each(VECTORS)('at %i s, through the library, in all three algorithms', (time, codes) => {
    for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
      const totp = new Totp({
        secret: Secret.fromLatin1(SEEDS[algorithm]),
        algorithm,
        digits: 8,
        period: 30,
      });
      expect(totp.generate({ timestamp: time * 1000 }), algorithm).toBe(codes[algorithm]);
    }
  });

  // Six digits are the last six of the eight (both are the same number modulo a power of ten).
  it.each(VECTORS)('at %i s, through codeAt and acceptedStep (SHA-1, 6 digits)', (time, codes) => {
    const code = codes.SHA1.slice(-6);
    expect(codeAt(SHA1_SECRET, time * 1000)).toBe(code);
    expect(acceptedStep(SHA1_SECRET, code, null, time * 1000)).toBe(Math.floor(time / 30));
  });

  it('computes what authenticator apps do: SHA-1, 6 digits, 30 s steps', () => {
    expect(TOTP).toEqual({ algorithm: 'SHA1', digits: 6, period: 30 });
    expect(stepAt(59_000)).toBe(1);
    expect(stepAt(60_000)).toBe(2);
  });
});

// 1 s into a step, so that the steps either side are whole steps away.
const NOW = 1111111111_000;
const STEP = stepAt(NOW);
const codeOfStep = (offset: number) => codeAt(SHA1_SECRET, NOW + offset * 30_000);

describe('acceptedStep', () => {
  it('accepts the current step’s code and one step either side, nothing further', () => {
    expect(acceptedStep(SHA1_SECRET, codeOfStep(0), null, NOW)).toBe(STEP);
    expect(acceptedStep(SHA1_SECRET, codeOfStep(-1), null, NOW)).toBe(STEP - 1);
    expect(acceptedStep(SHA1_SECRET, codeOfStep(1), null, NOW)).toBe(STEP + 1);
    expect(acceptedStep(SHA1_SECRET, codeOfStep(-2), null, NOW)).toBeNull();
    expect(acceptedStep(SHA1_SECRET, codeOfStep(2), null, NOW)).toBeNull();
  });

  it('refuses a code of a step already used, or of one before it (replay)', () => {
    expect(acceptedStep(SHA1_SECRET, codeOfStep(0), STEP, NOW)).toBeNull();
    expect(acceptedStep(SHA1_SECRET, codeOfStep(-1), STEP, NOW)).toBeNull();
    expect(acceptedStep(SHA1_SECRET, codeOfStep(0), STEP + 1, NOW)).toBeNull();
    // A newer code than the one used is good.
    expect(acceptedStep(SHA1_SECRET, codeOfStep(1), STEP, NOW)).toBe(STEP + 1);
    expect(acceptedStep(SHA1_SECRET, codeOfStep(0), STEP - 1, NOW)).toBe(STEP);
  });

  it('refuses a wrong code and another secret’s code', () => {
    expect([codeOfStep(-1), codeOfStep(0), codeOfStep(1)]).not.toContain('123456');
    expect(acceptedStep(SHA1_SECRET, '123456', null, NOW)).toBeNull();
    const other = base32Of(SEEDS.SHA256);
    expect(acceptedStep(other, codeOfStep(0), null, NOW)).toBeNull();
  });
});

describe('a new secret', () => {
  it('is 160 random bits in base32, new each time', () => {
    const secrets = Array.from({ length: 20 }, newTotpSecret);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    }
    expect(new Set(secrets).size).toBe(20);
  });

  it('has the otpauth:// address an authenticator app reads', () => {
    const secret = newTotpSecret();
    const url = otpauthUrl(secret, 'grace');
    const parsed = URI.parse(url);
    expect(parsed).toBeInstanceOf(Totp);
    expect(parsed).toMatchObject({
      issuer: 'Rewards Admin',
      label: 'grace',
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(parsed.secret.base32).toBe(secret);
    expect(url).toMatch(/^otpauth:\/\/totp\/Rewards%20Admin:grace\?/);
  });
});
