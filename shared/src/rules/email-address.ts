// What the shop accepts as an e-mail address: one bare addr-spec, local@domain, and nothing a mail library
// could read as something else. A display name, quotes, angle brackets, a group, a list, a comment or whitespace
// inside could aim a message at an address other than the one the form shows, so every form and every API call
// that takes an address uses this one rule.

/** RFC 5321's limits: 64 characters before the @, 254 in all. */
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_MAX_LENGTH = 254;

/**
 * The local part: dot-separated runs of RFC 5322 atext, less '%' and '!' (some relays still read them as routing,
 * user%other@relay). No quoted strings, no leading, trailing or doubled dot.
 */
const LOCAL = /^[A-Za-z0-9#$&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9#$&'*+/=?^_`{|}~-]+)*$/;
/** One DNS label: letters, digits and inner hyphens, at most 63 characters. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * The address as the shop stores and sends it (outer whitespace trimmed, lower case), or null when the text is
 * not one bare address. A domain needs two labels or more and a top-level label that is not all digits (so no
 * address literal such as user@[10.0.0.1] or user@127.0.0.1).
 */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null;
  return email;
}

/** Whether the text is one bare address (outer whitespace aside): the forms' "Please enter a valid email address". */
export function isValidEmail(email: string): boolean {
  return normaliseEmail(email) !== null;
}
