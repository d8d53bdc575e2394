import { promises as fs } from 'node:fs';
import path from 'node:path';
import { releaseOk } from '../support/release-cli';
import { buildShellElsewhere, pageAssets } from '../support/shell-build';
import { test, expect, type Site } from '../support/fixtures';

/**
 * The shell is released like a remote: a page opened before a shell deploy keeps loading its own chunks
 * after it (the site serves the files of the last SHELL_VERSIONS_SERVED shell versions), and a fresh load gets the
 * new shell. The new shell is a real production build of the shell (webpack, into a folder of its own) whose hashed
 * file names all differ from the running one's (BUILD_HASH_SALT), published with the real release CLI.
 */

const RUN = Date.now().toString(36);
/** A file of the shell's own build at the site's root, as its chunks are named: main.0123456789.js. */
const SHELL_CHUNK = /^\/[\w-]+\.[0-9a-f]{10}\.(?:js|css)$/;
/** How long the site server reuses one reading of the registry for file requests (site-server.mjs registryNow). */
const REGISTRY_REUSE_MS = 1000;

// The shell's production build takes ~20 s on a quiet machine, more on a busy one.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function liveShell(site: Site): Promise<string> {
  const status = JSON.parse(await releaseOk(site, 'status', '--json')) as { shell?: { current: string } };
  if (!status.shell)
    throw new Error('the shell is not published (the e2e set-up publishes it like npm start)');
  return status.shell.current;
}

let built = '';
let before = '';

test.beforeAll(async ({ stack }) => {
  test.setTimeout(240_000);
  before = await liveShell(stack);
  built = path.join(stack.workDir, `shell-build-${RUN}`);
  await buildShellElsewhere(built, `shell-deploy-${RUN}`);
});

test.afterAll(async ({ stack }) => {
  // The next files of this worker get the shell the stack started with.
  if (before && (await liveShell(stack)) !== before)
    await releaseOk(stack, 'rollback', 'shell', '--to', before);
  await fs.rm(built, { recursive: true, force: true });
});

test('a page opened before a shell deploy navigates after it and loads every chunk; a fresh load gets the new shell', async ({
  page,
  site,
}) => {
  const old = await pageAssets(path.join(site.releasesDir, 'shell', before));
  const next = await pageAssets(built);
  // A genuinely different build: none of the new page's hashed files is named as one of the running shell's.
  expect([...next.js, ...next.css].filter((file) => [...old.js, ...old.css].includes(file))).toEqual([]);

  const failures: string[] = [];
  const shellFilesAfterDeploy: string[] = [];
  let deployed = false;
  // The site's own files (the shell's and the remotes'); outside services (the QR image) are not the deploy's.
  const ours = (url: string) => new URL(url).origin === new URL(site.url).origin;
  page.on('requestfailed', (request) => {
    if (ours(request.url()))
      failures.push(`${request.url()} failed (${request.failure()?.errorText ?? 'no reason'})`);
  });
  page.on('response', (response) => {
    if (ours(response.url()) && response.status() >= 400)
      failures.push(`${response.url()} answered ${response.status()}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (deployed && ours(request.url()) && SHELL_CHUNK.test(url.pathname))
      shellFilesAfterDeploy.push(url.pathname);
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products');
  await expect(page.locator('.catalog-card').first()).toBeVisible();
  // Marks this document: a click answered by a full page load (not the open page navigating) would lose it.
  await page.evaluate(() => Object.assign(window, { openedBeforeDeploy: true }));

  const version = `9.1.0-e2e.${RUN}`;
  const published = await releaseOk(site, 'publish', 'shell', '--dist', built, '--version', version);
  expect(published).toContain(`Published shell ${version}`);
  expect(await liveShell(site)).toBe(version);
  deployed = true;
  // The site reuses a registry reading for up to a second for file requests (an older reading only serves more,
  // never less): past it, the open page's chunks can come only from the older shell versions the site keeps.
  await page.waitForTimeout(REGISTRY_REUSE_MS + 500);

  // The header's menus, as a shopper uses them (the Company menu opens once the header runs).
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Company' }).click();
  await banner.getByRole('link', { name: /^About/ }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(
    page.locator('[data-boundary="content"]').getByRole('heading', { level: 1, name: 'About Us' }),
  ).toBeVisible();
  await banner.getByRole('link', { name: 'Careers', exact: true }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect(
    page.locator('[data-boundary="careers"]').getByRole('button', { name: 'Apply Now' }).first(),
  ).toBeVisible();
  expect(await page.evaluate(() => 'openedBeforeDeploy' in window), 'the open page navigated itself').toBe(
    true,
  );
  // The old page asked for chunks of its own build after the deploy, and got every one.
  expect(shellFilesAfterDeploy.filter((file) => next.js.includes(file.slice(1)))).toEqual([]);
  expect(shellFilesAfterDeploy.length, 'shell chunks the open page loaded after the deploy').toBeGreaterThan(
    0,
  );
  expect(failures).toEqual([]);

  // A fresh load is the new shell's page, and its files load.
  const fresh = await page.goto('/contact');
  const html = (await fresh?.text()) ?? '';
  for (const file of next.js) expect(html).toContain(`/${file}`);
  // Rendered on the server by the new shell's Node render, in the site process that rendered with the old one.
  expect(html).toContain('<h1>Contact Us</h1>');
  expect(html).not.toContain(`/${old.js[0]}`);
  await expect(page.locator('[data-boundary="content"]').getByRole('heading', { level: 1 })).toBeVisible();
  expect(failures).toEqual([]);
});
