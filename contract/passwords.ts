// Plain values, no schema: the console checks lengths with them and loads no zod.

/** A player's new password (set by an admin on the user page): the spec's rule. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Min 6 chars';

/**
 * Passwords of admin accounts (NIST SP 800-63B): a length, no composition rules. The console
 * checks the length with these texts; the server (server/auth/admin-password-rules.ts) also
 * refuses the commonest passwords, the account's username or email and the current password.
 */
export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MAX = 256;

export const ADMIN_PASSWORD_TEXTS = {
  /** The field's help, the same whether or not the field is in error. */
  help: `At least ${ADMIN_PASSWORD_MIN} characters`,
  tooShort: `Choose a password of at least ${ADMIN_PASSWORD_MIN} characters.`,
  tooLong: `Choose a password of at most ${ADMIN_PASSWORD_MAX} characters.`,
  tooCommon: 'This password is too common.',
  namesAccount: "Choose a password different from the account's username and email.",
  sameAsCurrent: 'Choose a password different from your current one.',
} as const;

/** Characters as a person counts them: an emoji or an accented letter typed as one is one. */
export const passwordLength = (password: string) => [...password].length;

/** What is wrong with an admin password's length, or undefined. */
export function adminPasswordLengthProblem(password: string): string | undefined {
  const length = passwordLength(password);
  if (length < ADMIN_PASSWORD_MIN) return ADMIN_PASSWORD_TEXTS.tooShort;
  if (length > ADMIN_PASSWORD_MAX) return ADMIN_PASSWORD_TEXTS.tooLong;
  return undefined;
}
