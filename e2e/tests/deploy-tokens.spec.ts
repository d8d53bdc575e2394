import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANAGER, loginAs } from '../support/back-office-accounts';
import type { CliResult } from '../support/release-cli';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';

/**
 * The release desk's deploy tokens against the running site: a release manager makes one on the desk and copies
 * its secret, a team's CI uses it with the real release CLI, the desk shows that last use, and after Revoke the
 * same call is refused.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAME = `desk CI ${Date.now().toString(36)}`;

test.describe.configure({ timeout: 90_000 });

/** `npm run release -- status --to <site>` as a team's CI runs it: a deploy token, no RELEASES_DIR. */
function statusWithToken(site: Site, token: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, RELEASE_TOKEN: token };
  delete env.RELEASES_DIR;
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts/release.mjs'), 'status', '--json', '--to', site.url],
      { cwd: ROOT, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('a release manager makes a deploy token on the desk, sees its secret once, sees its last use and revokes it', async ({
  page,
  context,
  site,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, site.apiUrl, MANAGER);
  await page.goto('/releases');
  const tokens = page.getByRole('region', { name: 'Deploy tokens', exact: true });
  const form = tokens.getByRole('form', { name: 'New deploy token' });

  // Nothing chosen yet: the form says what is missing instead of sending.
  const create = form.getByRole('button', { name: 'Create token' });
  await form.getByLabel('Name').fill(NAME);
  await create.click();
  await expect(form.getByRole('alert')).toHaveText('Choose at least one remote the token may act on.');

  await form.getByRole('group', { name: 'Remotes' }).getByLabel('mfe-content').check();
  await form.getByRole('group', { name: 'Actions' }).getByLabel('read (status and log)').check();
  await form.getByLabel('Expires after (days)').fill('7');
  await create.click();

  const dialog = page.getByRole('dialog', { name: `Deploy token ${NAME} is made` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('it will not be shown again');
  const secret = await dialog.getByLabel('Secret (RELEASE_TOKEN)').inputValue();
  expect(secret).toMatch(/^mdt_[0-9a-f]{12}_/);
  await dialog.getByRole('button', { name: 'Copy secret' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(create).toBeFocused();
  await expect(page.locator('body')).not.toContainText(secret);

  const row = tokens.getByTestId('deploy-tokens').getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('mfe-contentread');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The team's CI uses it: its status lists the token's remote only, and the desk shows that use.
  const used = await statusWithToken(site, secret);
  expect(used.stderr).toBe('');
  expect(used.code).toBe(0);
  expect(Object.keys(JSON.parse(used.stdout) as object)).toEqual(['mfe-content']);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row).toContainText('read');
  await expect(row).not.toContainText('Never');

  // Revoke, after a confirmation: the result is announced and the same call is refused from now on.
  await row.getByRole('button', { name: /^Revoke / }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke ${NAME}?` });
  await expect(confirm).toContainText('is refused from now on (401)');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tokens.getByRole('status')).toContainText(`Deploy token ${NAME}`);
  await expect(tokens.getByRole('status')).toContainText('is revoked.');
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /^Revoke / })).toHaveCount(0);

  const refused = await statusWithToken(site, secret);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('This deploy token was revoked. Ask a release manager for a new one.');
});
