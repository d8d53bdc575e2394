import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { liveVersion, releaseOk } from '../support/release-cli';
import { test, expect } from '../support/fixtures';

/**
 * A release's files are served from the shop's own origin. A team's SVG holding a script, published with a real
 * build of mfe-content, is opened on that origin (navigated to, framed, embedded, shown as an image) and its script
 * never runs: it is sent with a sandbox policy and nosniff, so it gets none of the shop's storage. The same bytes
 * sent without those headers do run (the probe sees them), so the check is not vacuous.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REMOTE = 'mfe-content';
const VERSION = `9.0.0-e2e.${Date.now().toString(36)}.svg`;
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * What a hostile promo image does when its script runs: writes the shop's localStorage and the framing page's
 * window, and marks itself, each under its own address so two copies are told apart.
 */
const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
<rect width="40" height="20" fill="teal"/>
<script>
var key = 'svg-ran:' + location.pathname;
document.documentElement.setAttribute('data-ran', 'yes');
try { window.top[key] = 'yes'; } catch (error) {}
localStorage.setItem(key, 'yes');
</script>
</svg>`;

const PROBE = '/__svg-probe';
const svgPath = `/remotes/${REMOTE}/${VERSION}/promo.svg`;
const unprotectedPath = `${PROBE}/unprotected.svg`;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let base = '';

// Published as a team would (the real CLI, a real build plus the SVG), then rolled back at once: a version once
// live stays served (pages that named it still load), and the shop goes on with the build it started with.
test.beforeAll(async ({ stack }) => {
  base = await liveVersion(stack, REMOTE);
  const dist = path.join(stack.workDir, `svg-release-${VERSION}`);
  await fs.rm(dist, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dist, { recursive: true });
  await fs.writeFile(path.join(dist, 'promo.svg'), HOSTILE_SVG);
  await releaseOk(stack, 'publish', REMOTE, '--dist', dist, '--version', VERSION);
  await releaseOk(stack, 'rollback', REMOTE, '--to', base);
  await fs.rm(dist, { recursive: true, force: true });
});

test.afterAll(async ({ stack }) => {
  if (base && (await liveVersion(stack, REMOTE)) !== base)
    await releaseOk(stack, 'rollback', REMOTE, '--to', base);
});

/** The shop origin's localStorage, read from a document of that origin with no policy of its own (/config.json). */
async function shopStorage(page: Page, key: string): Promise<string | null> {
  await page.goto('/config.json');
  return page.evaluate((name) => localStorage.getItem(name), key);
}

test("a release's SVG opened on the shop's origin runs no script", async ({ page, site }) => {
  // The probe works: the same bytes on the shop's origin without the site's headers run and write its storage.
  await page.route(`${site.url}${unprotectedPath}`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: HOSTILE_SVG }),
  );
  await page.goto(unprotectedPath);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBe('yes');
  expect(await shopStorage(page, `svg-ran:${unprotectedPath}`)).toBe('yes');

  // The release's copy, navigated to: sent sandboxed, and its script does not run.
  const response = await page.goto(svgPath);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-type']).toBe('image/svg+xml');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe(SANDBOX);
  expect(await page.locator('rect').count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
  expect(await shopStorage(page, `svg-ran:${svgPath}`)).toBeNull();
});

test("a release's SVG framed, embedded and shown as an image on a page of the shop's origin runs no script", async ({
  page,
  site,
}) => {
  // A page of the shop's origin with no policy of its own: nothing but the SVG's own headers stops its script.
  const embedding = `<!doctype html><title>probe</title>
<img id="img" alt="promo" src="${svgPath}">
<iframe id="frame" title="promo" src="${svgPath}" onload="window.frameLoaded = true"></iframe>
<object id="object" data="${svgPath}" type="image/svg+xml" onload="window.objectLoaded = true"></object>
<iframe id="control" title="control" src="${unprotectedPath}" onload="window.controlLoaded = true"></iframe>`;
  await page.route(`${site.url}${PROBE}/embedding`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: embedding }),
  );
  await page.route(`${site.url}${unprotectedPath}`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: HOSTILE_SVG }),
  );
  await page.goto(`${PROBE}/embedding`);
  await page.waitForFunction(() => {
    const loaded = window as unknown as Record<string, unknown>;
    const img = document.getElementById('img') as HTMLImageElement | null;
    return Boolean(loaded.frameLoaded && loaded.objectLoaded && loaded.controlLoaded && img?.complete);
  });
  const seen = await page.evaluate(
    ([release, control]) => ({
      image: (document.getElementById('img') as HTMLImageElement).naturalWidth,
      release: (window as unknown as Record<string, unknown>)[`svg-ran:${release}`] ?? null,
      releaseStorage: localStorage.getItem(`svg-ran:${release}`),
      control: (window as unknown as Record<string, unknown>)[`svg-ran:${control}`] ?? null,
    }),
    [svgPath, unprotectedPath],
  );
  // The image shows; the control's script reached the framing page, the release's never did.
  expect(seen).toEqual({ image: 40, release: null, releaseStorage: null, control: 'yes' });
});
