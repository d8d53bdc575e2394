import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { ReleaseTrendsResponse } from '@metrology/shared/contracts';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { MANAGER, loginAs } from '../support/back-office-accounts';
import { release, releaseOk } from '../support/release-cli';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';

/**
 * Releases against the running site: the real release CLI publishes real builds of mfe-content into the
 * site's RELEASES_DIR while it runs; the browser sees each change on its next page load. Versions carry a
 * run id, so a retried test never collides with an earlier attempt's (versions are immutable).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE = 'mfe-content';
const RUN = Date.now().toString(36);
const version = (name: string) => `9.0.0-e2e.${RUN}.${name}`;

/** The About page's heading in the build the site started with. */
const HEADING = 'About Us';
const CHANGED_HEADING = 'About Us — spring edition';

// Each test now also logs a release manager in (the page is theirs only); on a busy machine that needs more than 45 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

interface Status {
  current: string | null;
  history: { version: string; publishedAt: string; commit: string }[];
}

async function status(site: Site): Promise<Record<string, Status>> {
  return JSON.parse(await releaseOk(site, 'status', '--json')) as Record<string, Status>;
}

/** A copy of the content remote's production build, altered: a real built remote with one change. */
async function variantOfContent(
  site: Site,
  name: string,
  alter: (dir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(site.workDir, `variant-${RUN}-${name}`);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dir, { recursive: true });
  await alter(dir);
  return dir;
}

/**
 * Replaces a JavaScript string literal in every bundle file that has it: the browser build's, and with
 * `withServer` the Node build's too (what the site server renders with).
 */
async function replaceLiteral(
  dir: string,
  literal: string,
  replacement: string,
  { withServer = false } = {},
): Promise<void> {
  let changed = 0;
  for (const folder of withServer ? [dir, path.join(dir, 'server')] : [dir]) {
    for (const file of await fs.readdir(folder)) {
      if (!file.endsWith('.js')) continue;
      const full = path.join(folder, file);
      const code = await fs.readFile(full, 'utf8');
      const quoted = [JSON.stringify(literal), `'${literal}'`].find((q) => code.includes(q));
      if (!quoted) continue;
      await fs.writeFile(full, code.split(quoted).join(replacement));
      changed += 1;
    }
  }
  if (changed === 0) throw new Error(`No bundle file of ${REMOTE} has the string ${JSON.stringify(literal)}`);
}

/** Records which versions of the content remote the page fetched files from, and which files. */
function recordContentVersions(page: Page): Set<string> & { files: (version: string) => string[] } {
  const files = new Map<string, string[]>();
  const versions = Object.assign(new Set<string>(), {
    files: (version: string) => files.get(version) ?? [],
  });
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/mfe-content\/([^/]+)\/(.+)$/);
    if (!match?.[1] || !match[2]) return;
    const version = decodeURIComponent(match[1]);
    versions.add(version);
    files.set(version, [...(files.get(version) ?? []), match[2]]);
  });
  return versions;
}

function consoleErrors(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') lines.push(message.text());
  });
  return lines;
}

const aboutHeading = (page: Page) => page.locator('[data-boundary="content"] h1');

let base = '';

test.beforeAll(async ({ stack: site }) => {
  base = (await status(site))[REMOTE]?.current ?? '';
  expect(base, 'the e2e setup published mfe-content').not.toBe('');
});

// Whatever a test did, the shop goes back to the build it started with for the specs that follow.
test.afterAll(async ({ stack: site }) => {
  if (base) await releaseOk(site, 'rollback', REMOTE, '--to', base);
});

test('a published version shows on the next page load, with no restart; a rollback brings the old one back', async ({
  page,
  site,
}) => {
  const versions = recordContentVersions(page);
  await page.goto('/about');
  await expect(aboutHeading(page)).toHaveText(HEADING);
  expect([...versions]).toEqual([base]);

  // Both builds changed, as a team's new version is: the server renders it, the browser hydrates it.
  const changed = await variantOfContent(site, 'changed', (dir) =>
    replaceLiteral(dir, HEADING, JSON.stringify(CHANGED_HEADING), { withServer: true }),
  );
  const published = await releaseOk(
    site,
    'publish',
    REMOTE,
    '--dist',
    changed,
    '--version',
    version('changed'),
  );
  expect(published).toContain(`Published ${REMOTE} ${version('changed')}`);
  expect(published).toContain(`it is live now (was ${base})`);

  versions.clear();
  await page.reload();
  await expect(aboutHeading(page)).toHaveText(CHANGED_HEADING);
  expect([...versions]).toEqual([version('changed')]);
  await expect(page).toHaveTitle(/spring edition/);

  // Status: live version, with the new one at the end of the history.
  const afterPublish = (await status(site))[REMOTE];
  expect(afterPublish?.current).toBe(version('changed'));
  expect(afterPublish?.history.map((r) => r.version).slice(-1)).toEqual([version('changed')]);
  expect(afterPublish?.history.at(-1)?.commit).toMatch(/^[0-9a-f]{7,}$|^unknown$/);

  // Rolling back moves only the pointer: the next load is the old build again.
  expect(await releaseOk(site, 'rollback', REMOTE)).toContain(
    `${REMOTE} ${base} is live now (was ${version('changed')})`,
  );
  versions.clear();
  await page.reload();
  await expect(aboutHeading(page)).toHaveText(HEADING);
  expect([...versions]).toEqual([base]);

  // Versions are immutable: publishing the same version again is refused.
  const again = await release(site, 'publish', REMOTE, '--dist', changed, '--version', version('changed'));
  expect(again.code).toBe(1);
  expect(again.stderr).toContain(`${REMOTE} ${version('changed')} is already published`);
});

test('a release whose page throws falls back to the last good one, and the failure shows on the release page', async ({
  page,
  site,
}) => {
  // Broken in the browser build only: the server renders the page, the browser's render of it throws.
  const broken = await variantOfContent(site, 'page-throws', (dir) =>
    replaceLiteral(dir, HEADING, '(()=>{throw new Error("this About page release is broken")})()'),
  );
  await releaseOk(site, 'publish', REMOTE, '--dist', broken, '--version', version('page-throws'));

  const versions = recordContentVersions(page);
  const errors = consoleErrors(page);
  await page.goto('/about');
  // The last good version is the one live before (the rolled-back 'changed' one is skipped).
  await expect(aboutHeading(page)).toHaveText(HEADING);
  await expect(page.getByTestId('section-fallback')).toHaveCount(0);
  await expect.poll(() => [...versions].sort()).toEqual([base, version('page-throws')].sort());
  await expect
    .poll(() => errors)
    .toContainEqual(
      expect.stringContaining(
        `[releases] ${REMOTE} ${version('page-throws')} failed (render): this About page release is broken — falling back to ${base}`,
      ),
    );
  // The header and footer were there all along.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // The release page is for release managers only.
  await loginAs(page, site.apiUrl, MANAGER);
  await page.goto('/releases');
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
  const failure = page
    .getByTestId('load-failures')
    .getByRole('row')
    .filter({ hasText: version('page-throws') });
  await expect(failure.first()).toContainText('Page threw while rendering');
  await expect(failure.first()).toContainText(base);
  await expect(failure.first()).toContainText('this About page release is broken');
  const live = page.getByTestId('release-status').locator(`tr[data-version="${version('page-throws')}"]`);
  await expect(live).toContainText('Live');
  await expectNoA11yViolations(page);

  await releaseOk(site, 'rollback', REMOTE);
  expect((await status(site))[REMOTE]?.current).toBe(base);
});

test('a release whose entry throws falls back; when the last good one fails too, the section offers Retry', async ({
  page,
  site,
}) => {
  const broken = await variantOfContent(site, 'entry-throws', async (dir) => {
    const entry = path.join(dir, 'remoteEntry.js');
    await fs.writeFile(
      entry,
      `throw new Error("this remoteEntry release is broken");\n${await fs.readFile(entry, 'utf8')}`,
    );
  });
  await releaseOk(site, 'publish', REMOTE, '--dist', broken, '--version', version('entry-throws'));

  const versions = recordContentVersions(page);
  await page.goto('/about');
  await expect(aboutHeading(page)).toHaveText(HEADING);
  // The server rendered the page at once; the browser's own load of the section falls back behind it.
  await expect.poll(() => versions.has(version('entry-throws'))).toBe(true);
  await expect.poll(() => versions.has(base)).toBe(true);

  // Now the last good version's files fail as well: after the retries the section shows its fallback.
  let goodAnswers503 = true;
  await page.route(`**/remotes/${REMOTE}/${base}/**`, (route) =>
    goodAnswers503 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
  );
  const errors = consoleErrors(page);
  await page.reload();
  const fallback = page.locator('[data-boundary="content"] [data-testid="section-fallback"]');
  await expect(fallback).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(errors).toContainEqual(expect.stringContaining(`[releases] ${REMOTE} ${base} failed (entry)`));
  expect(errors).toContainEqual(expect.stringContaining('no earlier good version is left'));

  // Retry starts again from the live version and falls back once more, to the good one that answers again.
  goodAnswers503 = false;
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(aboutHeading(page)).toHaveText(HEADING);

  // The release page is for release managers only.
  await loginAs(page, site.apiUrl, MANAGER);
  await page.goto('/releases');
  const rows = page.getByTestId('load-failures').getByRole('row');
  await expect(rows.filter({ hasText: version('entry-throws') }).first()).toContainText(
    'Remote entry did not load',
  );
  await expect(
    rows.filter({ hasText: 'None: section fallback shown' }).filter({ hasText: base }).first(),
  ).toBeVisible();

  await releaseOk(site, 'rollback', REMOTE);
});

test('a remote built for another major of a shared singleton is refused at load with a clear message', async ({
  page,
  site,
}) => {
  test.setTimeout(180_000);
  // A real build of mfe-content whose shared config requires @metrology/shared ^2.0.0 (the shop runs 1.x).
  const dist = path.join(site.workDir, `incompatible-${RUN}`);
  const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        webpackCli,
        '--config',
        'tools/federation/fixtures/incompatible-shared.config.mjs',
        '--output-path',
        dist,
      ],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(new Error(`fixture build failed: ${stderr}`)) : resolve()),
    ),
  );
  // A browser build only (the fixture has no Node build), published as such on purpose.
  await releaseOk(
    site,
    'publish',
    REMOTE,
    '--dist',
    dist,
    '--version',
    version('incompatible'),
    '--client-only',
  );

  const versions = recordContentVersions(page);
  const errors = consoleErrors(page);
  await page.goto('/about');
  await expect(aboutHeading(page)).toHaveText(HEADING);
  // Refused from its manifest: none of its code was fetched.
  expect(versions.files(version('incompatible'))).toEqual(['mf-manifest.json']);
  expect(versions.has(base)).toBe(true);
  const message = `${REMOTE} ${version('incompatible')} is refused: it was built for @metrology/shared ^2.0.0, but this shop runs @metrology/shared 1.`;
  expect(errors).toContainEqual(expect.stringContaining(message));

  // The release page is for release managers only.
  await loginAs(page, site.apiUrl, MANAGER);
  await page.goto('/releases');
  const failure = page
    .getByTestId('load-failures')
    .getByRole('row')
    .filter({ hasText: version('incompatible') })
    .first();
  await expect(failure).toContainText('Incompatible shared dependency');
  await expect(failure).toContainText(message);

  await releaseOk(site, 'rollback', REMOTE);
});

test('the release page is not linked from the shop and works on a phone', async ({ page, site }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('a[href="/releases"]')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  // The release page is for release managers only.
  await loginAs(page, site.apiUrl, MANAGER);
  await page.goto('/releases');
  const status = page.getByTestId('release-status');
  await expect(status.locator(`tbody[data-remote="${REMOTE}"] tr.shell-releases__live`)).toContainText(base);
  for (const remote of REMOTE_NAMES) {
    await expect(status.getByRole('rowheader', { name: remote })).toBeVisible();
  }
  // Wide tables scroll inside their own region; the page itself does not overflow.
  const releasesPage = page.locator('.shell-releases');
  expect(await releasesPage.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  const box = await releasesPage.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
});

test('the desk draws the trends the API answers: canary and live sessions of a rollout, its actions on the time axis, and a table behind each chart', async ({
  page,
  site,
  browser,
}) => {
  // The site counts the sessions that run a version while a rollout runs: roll the same build out as a new version.
  const canary = version('trends');
  await releaseOk(
    site,
    'publish',
    REMOTE,
    '--dist',
    path.join(ROOT, REMOTE, 'dist'),
    '--version',
    canary,
    '--staged',
  );
  await releaseOk(site, 'rollout', REMOTE, canary, '--percent', '50', '--why', 'e2e trends');
  try {
    // Four shoppers, each in a browser of their own (a session each), read the About page.
    for (let i = 0; i < 4; i += 1) {
      const shopper = await browser.newContext({ baseURL: site.url });
      const visit = await shopper.newPage();
      await visit.goto('/about');
      await expect(aboutHeading(visit)).toHaveText(HEADING);
      await shopper.close();
    }
    await loginAs(page, site.apiUrl, MANAGER);
    await page.goto('/releases');
    const trends = page.getByRole('region', { name: 'Trends' });
    // The remote rolling out is the one shown.
    await expect(trends.getByLabel('Remote')).toHaveValue(REMOTE);
    const chart = trends.getByRole('figure', { name: `Failure rate of ${REMOTE}` });
    // The site sends what it served every few seconds: a release manager refreshes until the sessions show.
    let answer: ReleaseTrendsResponse = { success: true, trends: [] };
    const sessionsOf = (trend: ReleaseTrendsResponse['trends'][number] | undefined) =>
      (trend?.versions ?? []).flatMap((v) => v.points).reduce((n, p) => n + p.sessions, 0);
    await expect(async () => {
      const reading = page.waitForResponse((res) =>
        res.url().includes(`/api/releases/trends?remote=${REMOTE}`),
      );
      await page.getByRole('button', { name: 'Refresh' }).click();
      answer = (await (await reading).json()) as ReleaseTrendsResponse;
      expect(sessionsOf(answer.trends[0])).toBeGreaterThanOrEqual(4);
    }).toPass({ timeout: 30_000 });
    const trend = answer.trends[0];
    expect(trend?.range).toBe('rollout');
    expect(trend?.versions.slice(0, 2).map((v) => [v.version, v.role])).toEqual([
      [canary, 'canary'],
      [base, 'live'],
    ]);
    // One point drawn per bucket with sessions, per version; the actions marked.
    for (const v of trend?.versions ?? []) {
      await expect(chart.locator(`[data-version="${v.version}"] circle`)).toHaveCount(
        v.points.filter((p) => p.sessions > 0).length,
      );
    }
    await expect(chart.locator('.shell-trend__mark')).toHaveCount(trend?.marks.length ?? -1);
    await expect(chart.getByRole('list', { name: /Release actions/ })).toContainText(
      `rollout of ${canary} at 50 %`,
    );
    // The table behind the chart: a row per time with figures, a column per version.
    await chart.getByText(`Failure rate of ${REMOTE} as a table`).click();
    const table = chart.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(
      1 + new Set(trend?.versions.flatMap((v) => v.points.map((p) => p.at))).size,
    );
    await expect(table.getByRole('columnheader', { name: `${canary} (canary)` })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: `${base} (live)` })).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await release(site, 'abort', REMOTE, '--why', 'end of the e2e trends test');
  }
});
