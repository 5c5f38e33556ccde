import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECRETS_KEY_BYTES } from './box';

export const KEY_FILE = 'secrets.key';

export interface SecretsKeySource {
  /** SECRETS_KEY, decoded: it wins over the file. */
  secretsKey: Buffer | undefined;
  dataDir: string;
  /** Set when the database is shared (DATABASE_URL): every instance needs the same key. */
  databaseUrl: string | undefined;
}

/** Decodes a key written as base64 text; undefined unless it is exactly 32 bytes. */
export function decodeSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === SECRETS_KEY_BYTES ? key : undefined;
}

function readKeyFile(file: string): Buffer {
  const key = decodeSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) {
    throw new Error(
      `${file} does not hold a ${SECRETS_KEY_BYTES}-byte key in base64. Restore it from a backup, or set SECRETS_KEY.`,
    );
  }
  return key;
}

/**
 * Writes a new random key to `file` (mode 0600) unless one is there already, and answers the key
 * the file holds. The file appears whole or not at all (linked from a finished temp file), so a
 * second server starting at the same moment reads the winner's key rather than a half-written one.
 */
function createKeyFile(file: string): Buffer {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${randomBytes(SECRETS_KEY_BYTES).toString('base64')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readKeyFile(file);
}

/**
 * The key that encrypts stored secrets: SECRETS_KEY when set, else DATA_DIR/secrets.key, made on
 * the first start. With a shared database (DATABASE_URL) and no SECRETS_KEY, `warn` says that
 * every instance needs the same key.
 */
export function loadSecretsKey(source: SecretsKeySource, warn: (message: string) => void): Buffer {
  if (source.secretsKey) return source.secretsKey;
  fs.mkdirSync(source.dataDir, { recursive: true });
  const file = path.join(source.dataDir, KEY_FILE);
  const key = fs.existsSync(file) ? readKeyFile(file) : createKeyFile(file);
  if (source.databaseUrl) {
    warn(
      `SECRETS_KEY is not set: stored secrets are encrypted with the key in ${file}. ` +
        'Every server instance that shares this database needs the same key: set SECRETS_KEY to the contents of that file on all of them.',
    );
  }
  return key;
}
