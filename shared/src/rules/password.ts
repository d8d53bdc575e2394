// The password rule, one for the sign-up dialog and the API: at least 8 characters and not a common password.
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common and easy to guess. Please choose another.',
} as const;

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
