import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_TEXTS as T } from '../../contract/passwords';
import { adminPasswordProblem } from './admin-password-rules';

// The admin password rules alone (NIST SP 800-63B); the routes, the CLI and the configuration
// that apply them have tests of their own.

const owner = { username: 'Ops.Lead', email: 'Ops.Lead@Example.com' };

describe('adminPasswordProblem', () => {
  it('takes 8 to 256 characters, counting what a person counts as one', () => {
    expect(adminPasswordProblem('k7#mq2!', owner)).toBe(T.tooShort);
    expect(adminPasswordProblem('k7#mq2!x', owner)).toBeUndefined();
    expect(adminPasswordProblem('k7'.repeat(128), owner)).toBeUndefined();
    expect(adminPasswordProblem(`${'k7'.repeat(128)}x`, owner)).toBe(T.tooLong);
    // Seven keys, fourteen UTF-16 units: still seven characters.
    expect(adminPasswordProblem('🔑'.repeat(7), owner)).toBe(T.tooShort);
    expect(adminPasswordProblem('🔑'.repeat(256), owner)).toBeUndefined();
    expect(adminPasswordProblem('🔑'.repeat(257), owner)).toBe(T.tooLong);
  });

  it('asks for no mix of kinds: a long phrase of lower-case words will do', () => {
    expect(adminPasswordProblem('purple staple under the bridge', owner)).toBeUndefined();
  });

  it('refuses the commonest passwords in any case', () => {
    for (const common of ['password1', 'PASSWORD1', 'Qwerty123', 'iloveyou', '12345678']) {
      expect(adminPasswordProblem(common, owner), common).toBe(T.tooCommon);
    }
  });

  it('refuses the account’s username, email or the email’s name, in any case', () => {
    for (const name of ['ops.lead', 'OPS.LEAD@EXAMPLE.COM', 'ops.lead@example.com']) {
      expect(adminPasswordProblem(name, owner), name).toBe(T.namesAccount);
    }
    const other = { username: 'root-admin', email: 'maria.garcia@example.com' };
    expect(adminPasswordProblem('Maria.Garcia', other)).toBe(T.namesAccount);
    expect(adminPasswordProblem('ops.lead-2026', owner)).toBeUndefined();
  });

  it('refuses the current password, in any case, only when it was typed', () => {
    const typed = { ...owner, currentPassword: 'Purple-Staple-9' };
    expect(adminPasswordProblem('purple-staple-9', typed)).toBe(T.sameAsCurrent);
    expect(adminPasswordProblem('Purple-Staple-9', typed)).toBe(T.sameAsCurrent);
    expect(adminPasswordProblem('Purple-Staple-10', typed)).toBeUndefined();
    expect(adminPasswordProblem('Purple-Staple-9', owner)).toBeUndefined();
  });

  it('names the length first, then the current password, the account, the list', () => {
    const typed = { ...owner, currentPassword: 'password1' };
    expect(adminPasswordProblem('pass', typed)).toBe(T.tooShort);
    expect(adminPasswordProblem('password1', typed)).toBe(T.sameAsCurrent);
    expect(adminPasswordProblem('password1', { ...owner, username: 'password1' })).toBe(
      T.namesAccount,
    );
  });
});

describe('the common-password list', () => {
  const ROOT = path.resolve(import.meta.dirname, '..', '..');
  /** The TypeScript files under `dir` (of the repository) whose text holds `text`. */
  const filesHolding = (dir: string, text: string) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => fs.readFileSync(path.join(ROOT, dir, file), 'utf8').includes(text))
      .map((file) => path.join(dir, file));

  it('is loaded by the server only, through the rules: never by the console', () => {
    expect(filesHolding('server', "from '@zxcvbn-ts")).toEqual([
      'server/auth/admin-password-rules.ts',
    ]);
    for (const dir of ['src', 'contract']) {
      expect(filesHolding(dir, '@zxcvbn-ts')).toEqual([]);
      expect(filesHolding(dir, "admin-password-rules'")).toEqual([]);
    }
  });
});
