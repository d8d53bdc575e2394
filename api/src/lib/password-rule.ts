// The password rule with its list, for the API: the list file of @metrology/shared read once, on first use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { commonPasswords, passwordProblem as problem, type CommonPasswords } from '@metrology/shared/rules';

let common: CommonPasswords | undefined;

function list(): CommonPasswords {
  const file = createRequire(import.meta.url).resolve('@metrology/shared/data/common-passwords.txt');
  common ??= commonPasswords(readFileSync(file, 'utf8'));
  return common;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  return problem(password, list());
}
