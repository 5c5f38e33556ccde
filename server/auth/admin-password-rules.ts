import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_PASSWORD_TEXTS, adminPasswordLengthProblem } from '../../contract/passwords';

// The most common passwords, as zxcvbn-ts ships them for its strength estimator (about 49,000,
// lower case), folded the same way as what is checked against them.
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Whose password it is: the account's names, and the current password when it was typed. */
export interface PasswordOwner {
  username: string;
  email: string;
  /** Only on one's own change, where it was just typed: never looked up from a hash. */
  currentPassword?: string;
}

/**
 * Why a new admin password is refused (NIST SP 800-63B), or undefined: 8 to 256 characters,
 * not one of the commonest passwords, not the account's username, email or the email's local
 * part, not the current password. Compared without regard to case: 'Password1' is as common as
 * 'password1', and a case change of the current password is not a new password.
 */
export function adminPasswordProblem(password: string, owner: PasswordOwner): string | undefined {
  const length = adminPasswordLengthProblem(password);
  if (length) return length;
  const folded = password.toLowerCase();
  if (owner.currentPassword !== undefined && folded === owner.currentPassword.toLowerCase()) {
    return ADMIN_PASSWORD_TEXTS.sameAsCurrent;
  }
  const email = owner.email.toLowerCase();
  const names = [owner.username.toLowerCase(), email, email.split('@')[0]];
  if (names.includes(folded)) return ADMIN_PASSWORD_TEXTS.namesAccount;
  if (COMMON.has(folded)) return ADMIN_PASSWORD_TEXTS.tooCommon;
  return undefined;
}
