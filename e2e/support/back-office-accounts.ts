// Back-office accounts for the browser suite, made with the operator's own tool (`npm run user -- create`) before
// the API starts on the embedded database (PGlite is single-process: the tool refuses while the API runs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Account {
  email: string;
  name: string;
  password: string;
  role: 'staff' | 'release-manager';
}

export const STAFF: Account = {
  email: 'staff@e2e.example.com',
  name: 'Stella Staff',
  password: 'staff-e2e-password',
  role: 'staff',
};
export const MANAGER: Account = {
  email: 'manager@e2e.example.com',
  name: 'Max Manager',
  password: 'manager-e2e-password',
  role: 'release-manager',
};

/**
 * Runs `npm run user -- create` (the built CLI) for one account, on the database `env` names: DATA_DIR (the
 * embedded one, while no API runs on it) or DATABASE_URL (PostgreSQL, while the APIs run).
 */
export function createAccount(account: Account, env: { DATA_DIR: string } | { DATABASE_URL: string }): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'api/dist/user-cli.js'),
      'create',
      account.email,
      '--name',
      account.name,
      '--role',
      account.role,
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, input: account.password, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`npm run user -- create ${account.email} failed: ${result.stderr || result.stdout}`);
  }
}

/** Logs the account in through the API and hands the browser its session, as the login dialog would. */
export async function loginAs(page: Page, apiUrl: string, account: { email: string; password: string }) {
  const token = await apiLogin(apiUrl, account);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  return token;
}

/** Logs the account in through the API; its session token (the API's `token` header). */
export async function apiLogin(
  apiUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${apiUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login of ${account.email} failed: ${body.message ?? response.status}`);
  return body.token;
}
