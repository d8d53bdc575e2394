// @ts-check
// `npm run bench`: Lighthouse (mobile preset, Debian's Chromium) on the production build, plus bundle sizes.
// Prints figures; nothing here passes or fails on a number.
import { mkdtempSync, rmSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { REMOTE_NAMES, SHELL } from '@metrology/shared/release';
import { buildIfNeeded } from '../src/build.mjs';
import { launch } from '../src/launch.mjs';
import { publishLocalBuilds } from '../src/publish-local.mjs';
import { ROOT } from '../src/paths.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** @param {string} dir @returns {{ files: number; raw: number; gzip: number }} */
function bundleSize(dir) {
  let files = 0;
  let raw = 0;
  let gzip = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory() || !/\.(js|css)$/.test(name)) continue;
    const content = readFileSync(full);
    files += 1;
    raw += content.length;
    gzip += gzipSync(content).length;
  }
  return { files, raw, gzip };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  await buildIfNeeded();
  console.log('\nBundle sizes (production builds, .js/.css files):');
  for (const dir of [SHELL.dir, ...REMOTE_NAMES]) {
    const size = bundleSize(path.join(ROOT, dir, 'dist'));
    console.log(
      `  ${dir.padEnd(13)} ${String(size.files).padStart(3)} files  ${kb(size.raw).padStart(11)} raw  ${kb(size.gzip).padStart(10)} gzip`,
    );
  }

  const work = mkdtempSync(path.join(tmpdir(), 'metrology-bench-'));
  const releasesDir = path.join(work, 'releases');
  await publishLocalBuilds(releasesDir, { log: () => undefined });
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const running = await launch({
    sitePort,
    apiPort,
    dataDir: path.join(work, 'data'),
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const list = /** @type {{ products?: { slug: string }[] }} */ (
      await (await fetch(`${running.apiUrl}/api/product/list?limit=1`)).json()
    );
    const slug = list.products?.[0]?.slug;
    const routes = ['/', '/products', ...(slug ? [`/product/${slug}`] : [])];
    console.log(`\nLighthouse ${'(mobile preset, simulated throttling)'} against ${running.siteUrl}:`);
    console.log('  route                                   perf   LCP (ms)   TBT (ms)    CLS     bytes');
    for (const route of routes) {
      const result = await lighthouse(`${running.siteUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const { audits, categories } = result.lhr;
      const num = (/** @type {string} */ id) => audits[id]?.numericValue ?? Number.NaN;
      const score = Math.round((categories.performance?.score ?? 0) * 100);
      console.log(
        `  ${route.padEnd(38)} ${String(score).padStart(4)} ${num('largest-contentful-paint').toFixed(0).padStart(10)} ${num('total-blocking-time').toFixed(0).padStart(10)} ${num('cumulative-layout-shift').toFixed(3).padStart(8)} ${kb(num('total-byte-weight')).padStart(11)}`,
      );
    }
  } finally {
    await chrome.kill();
    await running.stop();
    rmSync(work, { recursive: true, force: true });
  }
  await (await import('./bench/faults.mjs')).run();
  await (await import('./bench/search.mjs')).run();
  await (await import('./bench/load.mjs')).run();
  await (await import('./bench/cluster-faults.mjs')).run();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
