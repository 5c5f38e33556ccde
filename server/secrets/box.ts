import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** How a secret is stored: AES-256-GCM, a random 96-bit IV per write, its tag; base64. */
export const Sealed = z.object({
  alg: z.literal('A256GCM'),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});
export type Sealed = z.infer<typeof Sealed>;

export const SECRETS_KEY_BYTES = 32;

/** Stored secret that this server's key cannot open (another SECRETS_KEY, or altered). */
export class SecretUnreadable extends Error {
  constructor() {
    super('The stored secret cannot be decrypted with this server’s SECRETS_KEY');
  }
}

export interface SecretBox {
  /**
   * Encrypts `plain`. `purpose` (e.g. 'integrations.onesignal.restApiKey') is authenticated with
   * it: a sealed value copied to another place does not open there.
   */
  seal(plain: string, purpose: string): Sealed;
  /** Decrypts what `seal` made for the same purpose; throws SecretUnreadable otherwise. */
  open(sealed: Sealed, purpose: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new Error(`The secrets key must be ${SECRETS_KEY_BYTES} bytes`);
  }
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return {
        alg: 'A256GCM',
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(sealed, purpose) {
      try {
        const iv = Buffer.from(sealed.iv, 'base64');
        // A full-length tag only: a shortened one would be easier to forge.
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(sealed.data, 'base64')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SecretUnreadable();
      }
    },
  };
}
