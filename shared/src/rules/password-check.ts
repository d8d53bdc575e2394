// '@metrology/shared/password': the password rule with its list, for the browser. Loaded on demand (the list is
// about 12 KB gzip), never in a first load; the bundler inlines the list file as text.
import LIST from '../../data/common-passwords.txt';
import { commonPasswords, passwordProblem as problem, type CommonPasswords } from './password.js';

let common: CommonPasswords | undefined;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  common ??= commonPasswords(LIST);
  return problem(password, common);
}
