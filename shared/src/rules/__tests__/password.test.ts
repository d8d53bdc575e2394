import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordProblem as browserRule } from '../password-check';
import { PASSWORD_MESSAGES } from '../password-policy';
import { commonPasswords, passwordProblem } from '../password';

const LIST_FILE = path.join(__dirname, '../../../data/common-passwords.txt');

describe('the password rule', () => {
  const common = commonPasswords('Password\n\nqwertyuiop \n');
  it('reads the list a line a password, lower-cased, blank lines skipped', () => {
    expect([...common]).toEqual(['password', 'qwertyuiop']);
  });
  it('refuses short, long and common passwords, whatever their case', () => {
    expect(passwordProblem('short', common)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(201), common)).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('QwertyUIOP', common)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('a calm harbour at dusk', common)).toBeNull();
  });
  it('in the browser, checks against the whole list file', () => {
    const lines = readFileSync(LIST_FILE, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(3000);
    expect(lines.every((line) => line.length >= 8 && line === line.toLowerCase())).toBe(true);
    expect(browserRule(lines[lines.length - 1] ?? '')).toBe(PASSWORD_MESSAGES.common);
    expect(browserRule('Password1')).toBe(PASSWORD_MESSAGES.common);
    expect(browserRule('a calm harbour at dusk')).toBeNull();
  });
});
