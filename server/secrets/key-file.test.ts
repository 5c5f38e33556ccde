import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { KEY_FILE, loadSecretsKey } from './key-file';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secrets key', () => {
  it('is made on the first start into DATA_DIR/secrets.key (0600), then reused', () => {
    const dataDir = tempDir();
    const warn = vi.fn();
    const first = loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined }, warn);
    const file = path.join(dataDir, KEY_FILE);
    expect(first).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE]);
    const again = loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined }, warn);
    expect(again.equals(first)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('comes from SECRETS_KEY when set, and no file is written', () => {
    const dataDir = tempDir();
    const secretsKey = Buffer.alloc(32, 9);
    const warn = vi.fn();
    expect(loadSecretsKey({ secretsKey, dataDir, databaseUrl: 'postgres://db/x' }, warn)).toBe(
      secretsKey,
    );
    expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('on a shared database without SECRETS_KEY, warns that every instance needs the same key', () => {
    const dataDir = tempDir();
    const warn = vi.fn();
    const key = loadSecretsKey(
      { secretsKey: undefined, dataDir, databaseUrl: 'postgres://db/x' },
      warn,
    );
    expect(key).toHaveLength(32);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('set SECRETS_KEY'));
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(key.toString('base64'));
  });

  it('refuses a damaged key file rather than making a new key (old secrets would be lost)', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, KEY_FILE), 'too-short\n');
    expect(() =>
      loadSecretsKey({ secretsKey: undefined, dataDir, databaseUrl: undefined }, vi.fn()),
    ).toThrow(/does not hold a 32-byte key.*set SECRETS_KEY/);
  });
});
