// The password rule, one for the sign-up dialog and the API: at least 8 characters and not a common password. The
// list is data (shared/data/common-passwords.txt), loaded where the rule runs: the browser fetches it on demand
// with '@metrology/shared/password', the API reads the file once.
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './password-policy.js';

/** The common passwords, lower-cased. */
export type CommonPasswords = ReadonlySet<string>;

/** The list file's lines (one password each, lower-cased; blank lines skipped). */
export function commonPasswords(text: string): CommonPasswords {
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Why a new password is refused, or null when it is acceptable. Case does not matter for the list. */
export function passwordProblem(password: string, common: CommonPasswords): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (common.has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}
