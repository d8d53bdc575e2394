import { createHmac, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser } from '@playwright/test';
import { rolloutBucket } from '@metrology/shared/release';
import { signToken } from '@metrology/server-kit/signed-token';
import {
  liveVersion,
  release,
  releaseOk,
  rolloutOf as rolloutOfRemote,
  type ActionRow,
} from '../support/release-cli';
import { rootOf } from '../support/served';
import { asVisitorFrom, sessionIdOf, visitorAddress } from '../support/visitors';
import { test, expect, type Site } from '../support/fixtures';

/**
 * Releases as a platform team runs them: every publish server-renders, a release manager previews a
 * version in their own browser, and a staged rollout gives a share of visitors the new version, each the same one
 * on every request, in the HTML and in the hydrated page alike.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = Date.now().toString(36);
const REMOTE = 'mfe-content';
const HEADING = 'About Us';
const EDITION = 'About Us, the staged edition';

test.describe.configure({ mode: 'serial' });

/**
 * A copy of the content remote's production build whose About heading is `replacement` (a JavaScript expression)
 * in the given builds: the browser's, or both.
 */
async function contentVariant(
  site: Site,
  name: string,
  replacement: string,
  builds: 'browser' | 'both',
): Promise<string> {
  const dir = path.join(site.workDir, `rollout-${RUN}-${name}`);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dir, { recursive: true });
  let changed = 0;
  for (const folder of builds === 'both' ? [dir, path.join(dir, 'server')] : [dir]) {
    for (const file of await fs.readdir(folder)) {
      if (!file.endsWith('.js')) continue;
      const code = await fs.readFile(path.join(folder, file), 'utf8');
      const quoted = [JSON.stringify(HEADING), `'${HEADING}'`].find((q) => code.includes(q));
      if (!quoted) continue;
      await fs.writeFile(path.join(folder, file), code.split(quoted).join(replacement));
      changed += 1;
    }
  }
  expect(changed, `${builds === 'both' ? 'both builds' : 'the browser build'} changed`).toBeGreaterThan(
    builds === 'both' ? 1 : 0,
  );
  return dir;
}

/** Both builds of the content remote with the About heading reading EDITION. */
const editionBuild = (site: Site, name: string) =>
  contentVariant(site, name, JSON.stringify(EDITION), 'both');

/** Publishes the edition and puts the live pointer back, so the edition is published but not live. */
async function publishNotLive(site: Site, version: string): Promise<string> {
  const base = await liveVersion(site, REMOTE);
  await releaseOk(site, 'publish', REMOTE, '--dist', await editionBuild(site, version), '--version', version);
  await releaseOk(site, 'rollback', REMOTE, '--to', base);
  return base;
}

async function servedHtml(request: APIRequestContext, route: string): Promise<string> {
  const response = await request.get(route);
  expect(response.status()).toBe(200);
  return response.text();
}

function previewLink(remote: string, version: string, key = process.env.RELEASE_SIGNING_KEY ?? ''): string {
  return `/__preview?token=${signToken(key, { preview: { remote, version } }, 3600)}`;
}

test('a publish with the release CLI renders on the server at once: its files in the HTML, its text without JavaScript', async ({
  site,
  browser,
}) => {
  test.setTimeout(300_000);
  const base = await liveVersion(site, REMOTE);
  const version = `9.5.0-cli.${RUN}`;
  // A real production build (its progress and webpack's notes go to stderr).
  const published = await release(site, 'publish', REMOTE, '--version', version);
  expect(published.code, published.stderr).toBe(0);
  expect(published.stdout).toContain('Node build');
  try {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/about');
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`/remotes/${REMOTE}/${version}/`);
    expect(html).not.toContain(`/remotes/${REMOTE}/${base}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
    await context.close();
  } finally {
    await releaseOk(site, 'rollback', REMOTE, '--to', base);
  }
});

test('a preview shows the version in the release manager’s browser only; a tampered one is ignored', async ({
  site,
  browser,
}) => {
  test.setTimeout(120_000);
  const version = `9.6.0-preview.${RUN}`;
  const base = await publishNotLive(site, version);

  const manager = await browser.newContext({ baseURL: site.url });
  const shopper = await browser.newContext({ baseURL: site.url });
  try {
    const managerPage = await manager.newPage();
    await managerPage.goto(`${previewLink(REMOTE, version)}&to=/about`);
    await expect(managerPage).toHaveURL(/\/about$/);
    // In the HTML the server sent this browser, and after hydration.
    expect(rootOf(await servedHtml(manager.request, '/about'))).toContain(EDITION);
    await managerPage.reload();
    await managerPage.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(managerPage.getByRole('heading', { level: 1 })).toHaveText(EDITION);
    const banner = managerPage.getByRole('region', { name: 'Release preview' });
    await expect(banner).toContainText(`${REMOTE} ${version}`);

    // Everyone else sees the live version.
    const shopperPage = await shopper.newPage();
    await shopperPage.goto('/about');
    await shopperPage.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(shopperPage.getByRole('heading', { level: 1 })).toHaveText(HEADING);
    expect(rootOf(await servedHtml(shopper.request, '/about'))).not.toContain(EDITION);
    await expect(shopperPage.getByRole('region', { name: 'Release preview' })).toHaveCount(0);

    // A preview cookie signed with another key, or cut short, is ignored: the live version, no banner.
    const host = new URL(site.url).hostname;
    for (const forged of [
      signToken('not-the-key', { preview: { remote: REMOTE, version } }, 3600),
      previewLink(REMOTE, version).split('=')[1]?.slice(0, -3) ?? '',
    ]) {
      const tampered = await browser.newContext({ baseURL: site.url });
      await tampered.addCookies([{ name: 'shop_preview', value: forged, domain: host, path: '/' }]);
      const html = rootOf(await servedHtml(tampered.request, '/about'));
      expect(html).toContain(HEADING);
      expect(html).not.toContain(EDITION);
      expect(html).not.toContain('Exit preview');
      await tampered.close();
    }
    // A link to a version never published is refused at the door.
    const unknown = await shopper.request.get(previewLink(REMOTE, '0.0.1-never'), { maxRedirects: 0 });
    expect([303, 400]).toContain(unknown.status());
    expect(rootOf(await servedHtml(shopper.request, '/about'))).not.toContain('Exit preview');

    // Exit preview: back to the live version.
    await banner.getByRole('link', { name: 'Exit preview' }).click();
    await managerPage.goto('/about');
    await expect(managerPage.getByRole('heading', { level: 1 })).toHaveText(HEADING);
  } finally {
    await manager.close();
    await shopper.close();
    expect(await liveVersion(site, REMOTE)).toBe(base);
  }
});

/** How many of `count` fresh visitors get the edition, and whether each one keeps it on a second request. */
async function splitOf(browser: Browser, site: Site, count: number) {
  let edition = 0;
  let sticky = 0;
  for (let i = 0; i < count; i += 1) {
    const context = await browser.newContext({ baseURL: site.url });
    const first = rootOf(await servedHtml(context.request, '/about')).includes(EDITION);
    const again = rootOf(await servedHtml(context.request, '/about')).includes(EDITION);
    if (first) edition += 1;
    if (first === again) sticky += 1;
    await context.close();
  }
  return { edition, sticky };
}

test('a rollout at 20 % gives about a fifth of visitors the new version, each the same on reload, HTML and page agreeing', async ({
  site,
  browser,
}) => {
  test.setTimeout(240_000);
  const version = `9.7.0-rollout.${RUN}`;
  const base = await publishNotLive(site, version);
  const started = await release(site, 'rollout', REMOTE, version, '--percent', '20');
  expect(started.stderr, 'rollout started').toBe('');
  expect(started.code).toBe(0);
  try {
    const { edition, sticky } = await splitOf(browser, site, 200);
    expect(edition).toBeGreaterThanOrEqual(24);
    expect(edition).toBeLessThanOrEqual(56);
    expect(sticky).toBe(200);

    // The served HTML and the hydrated page agree, whichever version a visitor got.
    for (let i = 0; i < 8; i += 1) {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      const response = await page.goto('/about');
      const html = rootOf((await response?.text()) ?? '');
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        html.includes(EDITION) ? EDITION : HEADING,
      );
      await context.close();
    }
  } finally {
    await release(site, 'abort', REMOTE, '--why', 'end of the e2e rollout test');
    expect(await liveVersion(site, REMOTE)).toBe(base);
  }
});

/** A session id of 22 base64url characters whose rollout bucket of the remote is below `percent`. */
function idInBucketBelow(percent: number): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (rolloutBucket(id, REMOTE) < percent) return id;
  }
}

/** The payload of a page's token (the site signed it; only read here). */
function pageTokenOf(html: string): { session?: unknown } {
  const token = JSON.parse(/id="page-token">([^<]*)</.exec(html)?.[1] ?? '""') as string;
  const body = Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8');
  return JSON.parse(body || '{}') as { session?: unknown };
}

test('a session cookie the site did not issue is replaced, and the version follows the new session', async ({
  site,
  browser,
}) => {
  test.setTimeout(180_000);
  const version = `9.7.5-cookie.${RUN}`;
  const base = await publishNotLive(site, version);
  const percent = 10;
  await releaseOk(site, 'rollout', REMOTE, version, '--percent', String(percent), '--why', 'e2e cookies');
  const filesOf = (v: string) => `/remotes/${REMOTE}/${encodeURIComponent(v)}/`;
  const host = new URL(site.url).hostname;
  try {
    let servedLive = 0;
    for (let i = 0; i < 12; i += 1) {
      // Ids the old public hash puts in the canary's bucket, as the site never issued them: bare (the old
      // cookie), with a MAC of another key, with a MAC cut from a real cookie.
      const id = idInBucketBelow(percent);
      const forged = [
        id,
        `${id}.${createHmac('sha256', 'not-the-key').update(id).digest('base64url').slice(0, 22)}`,
        `${id}.${'A'.repeat(22)}`,
      ][i % 3] as string;
      const context = await browser.newContext({ baseURL: site.url });
      await context.addCookies([{ name: 'shop_session', value: forged, domain: host, path: '/' }]);
      const page = await context.newPage();
      const response = await page.goto('/about');
      const html = (await response?.text()) ?? '';

      // The response replaces the cookie with one the site signed; the browser keeps that one.
      const setCookie = (await response?.headerValue('set-cookie')) ?? '';
      const issued = /(?:^|\n)shop_session=([^;]*)/.exec(setCookie)?.[1] ?? '';
      expect(issued, 'a new session cookie').toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
      const issuedId = issued.split('.')[0] ?? '';
      expect(issuedId).not.toBe(id);
      const kept = (await context.cookies()).find((c) => c.name === 'shop_session');
      expect(kept?.value).toBe(issued);
      expect(kept?.httpOnly).toBe(true);

      // The forged id is neither in the page nor in its token: the token names the new session.
      expect(html).not.toContain(id);
      expect(pageTokenOf(html).session).toBe(issuedId);

      // The version is the one the new session's bucket decides, in the HTML and in the hydrated page.
      const canary = rolloutBucket(issuedId, REMOTE) < percent;
      expect(html).toContain(filesOf(canary ? version : base));
      expect(html).not.toContain(filesOf(canary ? base : version));
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(canary ? EDITION : HEADING);
      if (!canary) servedLive += 1;

      // The new cookie is the session from now on: kept as it is, the same version again.
      const again = await context.request.get('/about');
      expect(again.headers()['set-cookie'] ?? '').not.toContain('shop_session=');
      expect(await again.text()).toContain(filesOf(canary ? version : base));
      await context.close();
    }
    // Every forged id asked for the canary; most new sessions fall outside its 10 % (all 12 inside: 1 in 10^12).
    expect(servedLive).toBeGreaterThan(0);
  } finally {
    await release(site, 'abort', REMOTE, '--why', 'end of the e2e cookie test');
    expect(await liveVersion(site, REMOTE)).toBe(base);
  }
});

/** The content build whose About page throws in the browser (its Node build renders it fine). */
const browserBreaksBuild = (site: Site, name: string) =>
  contentVariant(site, name, '(()=>{throw new Error("this canary is broken in the browser")})()', 'browser');

const rolloutOf = (site: Site) => rolloutOfRemote(site, REMOTE);

/**
 * The rollout controller's defaults (docs/releases.md "Release settings"), which the e2e API runs with: the 8
 * most failing networks of each side are discounted, and 5 failing networks must be left.
 */
const TOLERATED_NETWORKS = 8;
const MIN_FAILING_NETWORKS = 5;
/**
 * Visitors of each side that make the browsers' evidence decisive at those defaults when every canary visitor
 * fails and no live one does: 16 and 16 give 8 of 16 networks failing against 0 of 16, z = 3.27 >= 3.09.
 */
const DECISIVE_VISITORS = 16;

test('a canary whose page throws in the browser is rolled back by itself; live visitors never see it', async ({
  site,
  browser,
}) => {
  test.setTimeout(300_000);
  const version = `9.8.0-canary.${RUN}`;
  const base = await liveVersion(site, REMOTE);
  await releaseOk(
    site,
    'publish',
    REMOTE,
    '--dist',
    await browserBreaksBuild(site, 'canary'),
    '--version',
    version,
  );
  await releaseOk(site, 'rollback', REMOTE, '--to', base);
  await releaseOk(site, 'rollout', REMOTE, version, '--percent', '50', '--why', 'e2e canary');
  const canaryFiles = `/remotes/${REMOTE}/${encodeURIComponent(version)}/`;
  try {
    let canaries = 0;
    let lives = 0;
    for (
      let visit = 0;
      visit < 120 && (canaries < DECISIVE_VISITORS || lives < DECISIVE_VISITORS);
      visit += 1
    ) {
      // Each visitor from a network of its own: one network's failures are only ever one session's worth.
      const context = await asVisitorFrom(browser, site.url, visitorAddress(visit));
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      const reported = page
        .waitForResponse(/\/api\/releases\/load-failures$/, { timeout: 15_000 })
        .catch(() => null);
      const html = (await (await page.goto('/about'))?.text()) ?? '';
      const canary = html.includes(canaryFiles);
      if (canary) {
        // The browser's render of the canary throws; the shell falls back and reports it with the page token.
        const report = await reported;
        expect(report?.status(), 'the failure was reported').toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
        canaries += 1;
      } else {
        await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
        expect(
          fetched.some((p) => p.startsWith(canaryFiles)),
          'a live visitor loaded the canary',
        ).toBe(false);
        lives += 1;
      }
      // A visitor whose bucket is the canary's but who was served the live version: the rollout is over already.
      const inCanaryBucket = rolloutBucket(await sessionIdOf(context), REMOTE) < 50;
      await context.close();
      if (inCanaryBucket && !canary) break;
    }
    // The browsers' evidence counts only beyond the tolerated networks: fewer failing ones can never roll back.
    expect(canaries).toBeGreaterThanOrEqual(TOLERATED_NETWORKS + MIN_FAILING_NETWORKS);
    // Rolled back by itself within a minute of passing the threshold (failing networks beyond the tolerated ones,
    // and a canary worse than the live version by the z-test).
    await expect.poll(() => rolloutOf(site), { timeout: 60_000, intervals: [1000] }).toBeUndefined();
    expect(await liveVersion(site, REMOTE)).toBe(base);
    const log = JSON.parse(await releaseOk(site, 'log', '--json', '--limit', '5')) as ActionRow[];
    const abort = log.find((row) => row.action === 'rollout-abort' && row.version === version);
    expect(abort?.automatic).toBe(true);
    expect(abort?.why).toMatch(/automatic rollback/);
    // From now on nobody gets the canary.
    const after = await browser.newContext({ baseURL: site.url });
    expect(await servedHtml(after.request, '/about')).not.toContain(canaryFiles);
    await after.close();
  } finally {
    if (await rolloutOf(site)) await release(site, 'abort', REMOTE, '--why', 'end of the e2e canary test');
  }
});

test('forged, foreign and replayed failure reports are refused or counted once, and never move the pointer', async ({
  site,
  browser,
}) => {
  test.setTimeout(120_000);
  const version = `9.9.0-forged.${RUN}`;
  const base = await publishNotLive(site, version);
  await releaseOk(site, 'rollout', REMOTE, version, '--percent', '50', '--why', 'e2e forged reports');
  const report = (extra: Record<string, unknown>) => ({
    remote: REMOTE,
    version,
    kind: 'render',
    message: 'invented failure',
    url: `${site.url}/about`,
    ...extra,
  });
  const post = (body: unknown) =>
    fetch(`${site.apiUrl}/api/releases/load-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    // No token, a token of another key, a token for another version: refused, nothing stored.
    expect((await post(report({}))).status).toBeGreaterThanOrEqual(400);
    for (let i = 0; i < 10; i += 1) {
      const forged = signToken('not-the-key', { session: `s${i}`, versions: { [REMOTE]: version } }, 3600);
      expect((await post(report({ pageToken: forged }))).status).toBe(403);
    }
    // A real page's token, from a visitor served the live version, cannot report the canary.
    let liveToken = '';
    for (let i = 0; i < 30 && !liveToken; i += 1) {
      const context = await browser.newContext({ baseURL: site.url });
      const html = await servedHtml(context.request, '/about');
      if (!html.includes(`/remotes/${REMOTE}/${encodeURIComponent(version)}/`)) {
        liveToken = JSON.parse(/id="page-token">([^<]*)</.exec(html)?.[1] ?? '""') as string;
      }
      await context.close();
    }
    expect(liveToken).not.toBe('');
    expect((await post(report({ pageToken: liveToken }))).status).toBe(403);
    // One real report replayed: counted once.
    let canaryToken = '';
    for (let i = 0; i < 30 && !canaryToken; i += 1) {
      const context = await browser.newContext({ baseURL: site.url });
      const html = await servedHtml(context.request, '/about');
      if (html.includes(`/remotes/${REMOTE}/${encodeURIComponent(version)}/`)) {
        canaryToken = JSON.parse(/id="page-token">([^<]*)</.exec(html)?.[1] ?? '""') as string;
      }
      await context.close();
    }
    expect(canaryToken).not.toBe('');
    const answers: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await post(report({ pageToken: canaryToken }));
      expect(response.status).toBe(200);
      answers.push(((await response.json()) as { message: string }).message);
    }
    expect(answers[0]).toBe('Report received');
    expect(answers.slice(1).every((message) => message === 'Already reported')).toBe(true);
    // Give the controller a few of its checks: one failing session is far under the threshold.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(await rolloutOf(site)).toEqual(expect.objectContaining({ version, percent: 50 }));
  } finally {
    await release(site, 'abort', REMOTE, '--why', 'end of the e2e forged-report test');
    expect(await liveVersion(site, REMOTE)).toBe(base);
  }
});
