import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretUnreadable } from './box';

const PURPOSE = 'integrations.onesignal.restApiKey';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const first = box.seal('os_v2_app_secret-value', PURPOSE);
    const second = box.seal('os_v2_app_secret-value', PURPOSE);
    expect(box.open(first, PURPOSE)).toBe('os_v2_app_secret-value');
    expect(second.iv).not.toBe(first.iv);
    expect(second.data).not.toBe(first.data);
    expect(JSON.stringify(first)).not.toContain('secret-value');
  });

  it('refuses a value altered, sealed for another purpose or under another key', () => {
    const sealed = box.seal('os_v2_app_secret-value', PURPOSE);
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open({ ...sealed, data: flipped.toString('base64') }, PURPOSE)).toThrow(
      SecretUnreadable,
    );
    expect(() => box.open({ ...sealed, tag: sealed.tag.slice(0, 8) }, PURPOSE)).toThrow(
      SecretUnreadable,
    );
    expect(() => box.open(sealed, 'somewhere.else')).toThrow(SecretUnreadable);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, PURPOSE)).toThrow(SecretUnreadable);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
