import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Browser } from '@playwright/test';
import type { ReleaseTrendsResponse } from '@metrology/shared/contracts';
import { MANAGER, apiLogin } from '../support/back-office-accounts';
import {
  liveVersion,
  release,
  releaseOk,
  rolloutOf as rolloutOfRemote,
  type ActionRow,
} from '../support/release-cli';
import type { Site } from '../support/fixtures';
import { startOwnShop } from '../support/own-shop';
import { asVisitorFrom, visitorAddress } from '../support/visitors';

/**
 * Speed decides a rollout as failures do: real shoppers' browsers measure INP and LCP per version (web-vitals), and
 * a canary whose interaction is slower than live's by the set factor, on enough figures, is rolled back by itself
 * with the figures in the log; a canary just as fast, with the same traffic, keeps rolling out.
 *
 * The shop is one of the spec's own with every session in the speed sample (VITALS_SAMPLE_RATE=1; the default 10 %
 * would need ten times the live visitors), and the controller's defaults: factor 1.25, 20 figures a side at least.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = Date.now().toString(36);
const REMOTE = 'mfe-content';
/** The controller's default minimum of figures per side (ROLLOUT_MIN_VITALS). */
const MIN_VITALS = 20;
/** Shoppers on the shop at once. */
const AT_ONCE = 2;
/** How long a shopper looks at the home page before pressing its slideshow button, and stays after. */
const READING_MS = 2_500;
const STAYING_MS = 1_000;

test.describe.configure({ mode: 'serial' });

let shop: Site;
let stop: () => Promise<void> = async () => undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ shop, stop } = await startOwnShop({
    name: 'rollout-speed',
    trustLoopbackProxy: true,
    siteEnv: { VITALS_SAMPLE_RATE: '1' },
    accounts: [MANAGER],
  }));
});

test.afterAll(async () => {
  await stop();
});

/**
 * The content remote's browser build as a canary: as it is, or with a busy loop of `busyMs` in the home page's
 * "Pause slideshow" / "Play slideshow" button (its click handler, in the minified build).
 */
async function canaryBuild(name: string, busyMs: number): Promise<string> {
  const dir = path.join(shop.workDir, `speed-${RUN}-${name}`);
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dir, { recursive: true });
  if (busyMs === 0) return dir;
  const handler = () => /onClick:\(\)=>(\w+)\((\w+)=>!\2\),children:(\w+)\?"Pause slideshow"/g;
  let changed = 0;
  for (const file of await fs.readdir(dir)) {
    if (!file.endsWith('.js')) continue;
    const code = await fs.readFile(path.join(dir, file), 'utf8');
    if (!handler().test(code)) continue;
    const slow = code.replace(
      handler(),
      (_all, set: string, value: string, playing: string) =>
        `onClick:()=>{const t=performance.now();while(performance.now()-t<${busyMs});${set}(${value}=>!${value})},` +
        `children:${playing}?"Pause slideshow"`,
    );
    await fs.writeFile(path.join(dir, file), slow);
    changed += 1;
  }
  expect(changed, "the slideshow button's handler was found in the browser build").toBeGreaterThan(0);
  return dir;
}

/**
 * The INP figures the API holds for a version of the remote since the rollout began, as the desk's trends count
 * them (what the controller judges on, not what the browsers tried to send).
 */
async function inpFigures(token: string, version: string): Promise<number> {
  const response = await fetch(`${shop.apiUrl}/api/releases/trends?remote=${REMOTE}&range=rollout`, {
    headers: { token },
  });
  expect(response.status).toBe(200);
  const { trends } = (await response.json()) as ReleaseTrendsResponse;
  const points = trends[0]?.versions.find((trend) => trend.version === version)?.points ?? [];
  return points.reduce((sum, point) => sum + point.inpSamples, 0);
}

/**
 * One shopper from a network of their own: opens the home page, looks at it, pauses the slideshow and plays it
 * again (each press once its button shows), stays a moment and leaves the shop (the page hides and sends its
 * figures).
 */
async function shopperVisits(browser: Browser, visitor: number): Promise<void> {
  const context = await asVisitorFrom(browser, shop.url, visitorAddress(visitor));
  try {
    const page = await context.newPage();
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pause slideshow' });
    await expect(pause).toBeVisible();
    await page.waitForTimeout(READING_MS);
    await pause.click();
    const play = page.getByRole('button', { name: 'Play slideshow' });
    await play.click();
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await page.waitForTimeout(STAYING_MS);
    // Leaving for another site hides the page: its figures go as a beacon.
    await page.goto('about:blank');
  } finally {
    await context.close();
  }
}

/** Shoppers, AT_ONCE at a time, until `done` says so or `ms` have passed; how many came. */
async function shoppersUntil(
  browser: Browser,
  first: number,
  ms: number,
  done: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  let visitor = first;
  while (Date.now() - started < ms && !(await done())) {
    await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => shopperVisits(browser, visitor + i)));
    visitor += AT_ONCE;
  }
  return visitor - first;
}

const rolloutOf = () => rolloutOfRemote(shop, REMOTE);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function rollOut(version: string, dist: string): Promise<void> {
  await releaseOk(shop, 'publish', REMOTE, '--dist', dist, '--version', version, '--staged');
  await releaseOk(shop, 'rollout', REMOTE, version, '--percent', '50', '--why', 'e2e speed');
}

test('a canary whose slideshow button takes 300 ms more is rolled back for speed, with INP figures in the log', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const base = await liveVersion(shop, REMOTE);
  const version = `9.9.0-slower.${RUN}`;
  await rollOut(version, await canaryBuild('slower', 300));
  try {
    const visitors = await shoppersUntil(browser, 0, 420_000, async () => !(await rolloutOf()));
    await expect.poll(() => rolloutOf(), { timeout: 30_000, intervals: [1000] }).toBeUndefined();
    expect(await liveVersion(shop, REMOTE)).toBe(base);
    const log = JSON.parse(await releaseOk(shop, 'log', '--json', '--limit', '5')) as ActionRow[];
    const abort = log.find((row) => row.action === 'rollout-abort' && row.version === version);
    expect(abort?.automatic).toBe(true);
    const why = abort?.why ?? '';
    const figures = new RegExp(
      `automatic rollback: slower: INP p75 ${escaped(version)} (\\d+) ms vs live ${escaped(base)} (\\d+) ms ` +
        `on / \\(n (\\d+) / (\\d+)\\), factor (\\d+\\.\\d+) >= 1\\.25`,
    ).exec(why);
    expect(figures, `the log's words: ${why}`).not.toBeNull();
    const [canaryP75 = 0, liveP75 = 0, canaryN = 0, liveN = 0] = (figures ?? []).slice(1, 5).map(Number);
    // 300 ms of work in the press: the canary's p75 is at least that, and the set factor above live's.
    expect(canaryP75).toBeGreaterThanOrEqual(300);
    expect(canaryP75 / liveP75).toBeGreaterThanOrEqual(1.25);
    // Judged on at least the minimum of figures on each side.
    expect(canaryN, `canary figures among ${visitors} shoppers`).toBeGreaterThanOrEqual(MIN_VITALS);
    expect(liveN, `live figures among ${visitors} shoppers`).toBeGreaterThanOrEqual(MIN_VITALS);
  } finally {
    if (await rolloutOf()) await release(shop, 'abort', REMOTE, '--why', 'end of the e2e speed test');
  }
});

test('an unchanged canary with the same traffic is judged on as many figures and keeps rolling out', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const base = await liveVersion(shop, REMOTE);
  const version = `9.9.1-unchanged.${RUN}`;
  await rollOut(version, await canaryBuild('unchanged', 0));
  const token = await apiLogin(shop.apiUrl, MANAGER);
  // Shoppers come until the API holds more than the minimum of INP figures on each side.
  const enough = MIN_VITALS + 5;
  const judged = async () =>
    (await inpFigures(token, version)) >= enough && (await inpFigures(token, base)) >= enough;
  try {
    await shoppersUntil(browser, 1_000, 420_000, judged);
    expect(await judged(), 'both sides were measured enough to be judged').toBe(true);
    // Three of the controller's passes (every 5 s) after that: still rolling out, nothing aborted.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const rollout = await rolloutOf();
    const log = JSON.parse(await releaseOk(shop, 'log', '--json', '--limit', '5')) as ActionRow[];
    const abort = log.find((row) => row.action === 'rollout-abort' && row.version === version);
    expect(abort, `rolled back: ${abort?.why}`).toBeUndefined();
    expect(rollout).toMatchObject({ version, percent: 50 });
  } finally {
    if (await rolloutOf()) await release(shop, 'abort', REMOTE, '--why', 'end of the e2e speed test');
  }
});
