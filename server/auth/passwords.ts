import { channel } from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

// argon2id with 19 MiB and 2 passes: the OWASP baseline, about 14 ms a hash here.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the account does not exist, so unknown users cost the same time.
// Made when the module loads, so the first such attempt does not also pay for a hash.
const dummyHash = hashPassword('not-a-real-password');

/** Told of every argon2 verification, so a caller can see each attempt pay for exactly one. */
export const passwordChecks = channel('rewards:password-check');

/** Constant-work check: always runs one argon2 verification, whether or not a hash exists. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash);
  try {
    if (passwordChecks.hasSubscribers) passwordChecks.publish(undefined);
    const ok = await verify(target, password);
    return ok && stored !== null;
  } catch {
    return false;
  }
}
