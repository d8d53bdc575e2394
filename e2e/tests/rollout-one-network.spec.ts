import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { rolloutBucket } from '@metrology/shared/release';
import {
  liveVersion,
  release,
  releaseOk,
  rolloutOf as rolloutOfRemote,
  type ActionRow,
} from '../support/release-cli';
import type { Site } from '../support/fixtures';
import { startOwnShop } from '../support/own-shop';

/**
 * A shop as `npm start` runs it behind one balancer, without TRUST_PROXY: every visitor reaches the site and the
 * API from the same address, so every visitor is one network to the rollout controller. A canary whose page throws
 * for every visitor is still rolled back by itself, on the site's own render failures counted per session.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = Date.now().toString(36);
const REMOTE = 'mfe-content';
const HEADING = 'About Us';

test.describe.configure({ mode: 'serial' });

let shop: Site;
let stop: () => Promise<void> = async () => undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The run's own stacks trust X-Forwarded-For from loopback; this one trusts no balancer, as `npm start` does.
  ({ shop, stop } = await startOwnShop({ name: 'one-network', trustLoopbackProxy: false }));
});

test.afterAll(async () => {
  await stop();
});

/** The content remote's production build whose About page throws when rendered, on the server and in the browser. */
async function brokenEverywhere(name: string): Promise<string> {
  const dir = path.join(shop.workDir, `one-network-${RUN}-${name}`);
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dir, { recursive: true });
  let changed = 0;
  for (const folder of [dir, path.join(dir, 'server')]) {
    for (const file of await fs.readdir(folder)) {
      if (!file.endsWith('.js')) continue;
      const code = await fs.readFile(path.join(folder, file), 'utf8');
      const quoted = [JSON.stringify(HEADING), `'${HEADING}'`].find((q) => code.includes(q));
      if (!quoted) continue;
      const thrown = '(()=>{throw new Error("this canary is broken for every visitor")})()';
      await fs.writeFile(path.join(folder, file), code.split(quoted).join(thrown));
      changed += 1;
    }
  }
  expect(changed, 'both builds changed').toBeGreaterThan(1);
  return dir;
}

const rolloutOf = () => rolloutOfRemote(shop, REMOTE);

test('without TRUST_PROXY, a canary whose page throws for every visitor at 50 % is rolled back by itself within 2 minutes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const version = `9.8.5-one-network.${RUN}`;
  const base = await liveVersion(shop, REMOTE);
  await releaseOk(
    shop,
    'publish',
    REMOTE,
    '--dist',
    await brokenEverywhere('canary'),
    '--version',
    version,
    '--staged',
  );
  expect(await liveVersion(shop, REMOTE)).toBe(base);
  await releaseOk(shop, 'rollout', REMOTE, version, '--percent', '50', '--why', 'e2e one network');
  const started = Date.now();
  const canaryFiles = `/remotes/${REMOTE}/${encodeURIComponent(version)}/`;
  try {
    let canaries = 0;
    let visitors = 0;
    // Visitors keep coming, all from loopback, until the controller has acted (or two minutes have passed).
    while (Date.now() - started < 120_000) {
      const context = await browser.newContext({ baseURL: shop.url });
      const page = await context.newPage();
      await page.goto('/about');
      // Every visitor gets the About page: the live version's, straight away or after the canary failed.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
      const session = (await context.cookies()).find((c) => c.name === 'shop_session')?.value ?? '';
      if (rolloutBucket(session.split('.')[0] ?? '', REMOTE) < 50) canaries += 1;
      visitors += 1;
      await context.close();
      if (visitors % 4 === 0 && !(await rolloutOf())) break;
    }
    await expect
      .poll(() => rolloutOf(), {
        timeout: Math.max(1_000, 120_000 - (Date.now() - started)),
        intervals: [1000],
      })
      .toBeUndefined();
    expect(Date.now() - started).toBeLessThan(120_000);
    // At least the minimum of 5 failing sessions came in before it acted.
    expect(canaries).toBeGreaterThanOrEqual(5);
    expect(await liveVersion(shop, REMOTE)).toBe(base);
    const log = JSON.parse(await releaseOk(shop, 'log', '--json', '--limit', '5')) as ActionRow[];
    const abort = log.find((row) => row.action === 'rollout-abort' && row.version === version);
    expect(abort?.automatic).toBe(true);
    expect(abort?.why).toMatch(/automatic rollback: .*the site's own render failed for \d+ of \d+ sessions/);
    // From now on nobody gets the canary, and it is no version to fall back to.
    const after = await browser.newContext({ baseURL: shop.url });
    const html = await (await after.request.get('/about')).text();
    expect(html).not.toContain(canaryFiles);
    await after.close();
    const status = JSON.parse(await releaseOk(shop, 'status', '--json')) as Record<
      string,
      { current: string }
    >;
    expect(status[REMOTE]?.current).toBe(base);
  } finally {
    if (await rolloutOf()) await release(shop, 'abort', REMOTE, '--why', 'end of the e2e one-network test');
  }
});
