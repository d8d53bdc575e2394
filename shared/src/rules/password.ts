// The password rule, one for the sign-up dialog and the API: at least 8 characters and not a common password.
// In the browser this is '@metrology/shared/password', loaded on demand (not in the main entry: the list is big).
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './password-policy.js';

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common;
}

/** Whether the password is on the kept list of common passwords (case does not matter). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}
