// The password rule's limits and messages, without the list of common passwords: the sign-up form shows the limit
// on every page, while the list (rules/password.ts, about 12 KB gzip) is fetched only when a password is checked.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common and easy to guess. Please choose another.',
} as const;
