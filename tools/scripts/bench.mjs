// @ts-check
// `npm run bench`: bundle sizes, Lighthouse (mobile preset, Debian's Chromium, median of 3 runs) on /, /products,
// /product/:slug, /cart, /about and /careers of the production build, the cost of measuring real-user speed (the
// JavaScript it adds to the first load, its lazy chunk, the beacons a page sends), the site server's throughput and
// p95 for pages (20 connections, 10 s each), then the API benches (faults, search, load, cluster faults, uploads
// beside shoppers; `-- --pages` leaves those out; `-- --site URL` runs Lighthouse alone on a shop already running
// there).
// Prints figures; nothing here passes or fails on a number.
import { accessSync, constants, mkdtempSync, rmSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { earlyInpCompare, inpFigures, printChunks, uncachedRenders } from './bench/first-visit.mjs';
import { baselineTools, prepareBaseline } from './bench/baseline.mjs';
import * as chromeLauncher from 'chrome-launcher';
import { REMOTE_NAMES, SHELL } from '@metrology/shared/release';
import { buildIfNeeded } from '../src/build.mjs';
import { ROOT } from '../src/paths.mjs';
import { lighthouseCompare, lighthouseRoutes, serverLoad } from './bench/pages.mjs';
import { compressionFigures, printCompression } from './bench/compression.mjs';
import { freePort } from '../src/free-port.mjs';
import { vitalsCost } from './bench/vitals.mjs';

// The site and the release platform are TypeScript packages (site/, releases/): built when changed, then loaded.
await buildIfNeeded({ only: ['site'] });
const { launch } = await import('../src/launch.mjs');
const { publishLocalBuilds } = await import('../src/publish-local.mjs');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS_DEFAULT = 3;
const LOAD_CONNECTIONS = 20;
const LOAD_SECONDS = 10;
const { values: options } = parseArgs({
  options: {
    /** Bundle sizes, Lighthouse and the site server's load only (not the API benches). */
    pages: { type: 'boolean', default: false },
    /** Lighthouse only, on a shop already running at this URL (another checkout or release, for a before/after). */
    site: { type: 'string' },
    /**
     * A git ref built and started beside the working tree (its own ports, data and releases): the pages are
     * measured on both, interleaved, in one run.
     */
    baseline: { type: 'string' },
    /** Lighthouse runs per route (median of them; default 3). */
    runs: { type: 'string' },
  },
});
const LIGHTHOUSE_RUNS = Math.max(
  1,
  Number(options.runs ?? LIGHTHOUSE_RUNS_DEFAULT) || LIGHTHOUSE_RUNS_DEFAULT,
);

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

/** @param {string} apiUrl @returns {Promise<{ _id: string; slug: string; name: string; price: number }[]>} */
async function someProducts(apiUrl) {
  const list = /** @type {{ products?: { _id: string; slug: string; name: string; price: number }[] }} */ (
    await (await fetch(`${apiUrl}/api/product/list?limit=24`)).json()
  );
  return list.products ?? [];
}

/** A product's page, as the shop links it (the kit's productPath, for the slugs the API lists). @param {{ slug: string }} product */
const productPathOf = (product) => `/product/${encodeURIComponent(product.slug)}`;

/** The routes Lighthouse opens: the first pages a visitor sees of each section. @param {string | undefined} productPath */
function benchRoutes(productPath) {
  return [
    { label: '/', path: '/' },
    { label: '/products', path: '/products' },
    ...(productPath ? [{ label: '/product/:slug', path: productPath }] : []),
    { label: '/cart', path: '/cart' },
    { label: '/about', path: '/about' },
    { label: '/careers', path: '/careers' },
  ];
}

/** Before anything starts: chrome-launcher's failed spawn is an unhandled error that would leave servers behind. */
function checkChromium() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
  } catch {
    throw new Error(
      `The bench drives Debian's Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
}

function launchChromium() {
  return chromeLauncher.launch({
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
}

/**
 * `npm run bench -- --site URL`: Lighthouse on a shop someone else started (its API from the site's /config.json),
 * e.g. an older checkout's `npm start`, so a change's before and after are measured by the same code.
 * @param {string} siteUrl
 */
async function benchRunningSite(siteUrl) {
  const site = siteUrl.replace(/\/+$/, '');
  const config = /** @type {{ apiBaseUrl?: string }} */ (await (await fetch(`${site}/config.json`)).json());
  const product = config.apiBaseUrl ? (await someProducts(config.apiBaseUrl))[0] : undefined;
  const productPath = product ? productPathOf(product) : undefined;
  if (productPath) console.log(`\n/product/:slug is ${productPath}`);
  const chrome = await launchChromium();
  try {
    const figures = await lighthouseRoutes({
      siteUrl: site,
      routes: benchRoutes(productPath),
      chromePort: chrome.port,
      runs: LIGHTHOUSE_RUNS,
    });
    printChunks(figures);
  } finally {
    await chrome.kill();
  }
  const priced = config.apiBaseUrl
    ? (await someProducts(config.apiBaseUrl)).find((p) => p.price > 0)
    : undefined;
  if (priced) {
    await inpFigures({
      siteUrl: site,
      productPath: productPathOf(priced),
      cartProductId: priced._id,
      chromiumPath: CHROMIUM,
    });
  }
}

/**
 * The catalogue pages' uncached server render with 10,000 products: a shop of its own on a fresh database seeded
 * with them, the page cache off.
 * @param {string} work a scratch folder
 */
async function tenThousandProducts(work) {
  const dataDir = path.join(work, 'data-10k');
  const releasesDir = path.join(work, 'releases-10k');
  await publishLocalBuilds(releasesDir, { log: () => undefined });
  console.log(
    '\nUncached server render with 10,000 products (SSR_CACHE_MS=0, GET on loopback, median of 10):',
  );
  execFileSync(process.execPath, [path.join(ROOT, 'api/dist/seed-cli.js'), '--products', '10000'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const previous = process.env.SSR_CACHE_MS;
  process.env.SSR_CACHE_MS = '0';
  const running = await launch({
    sitePort,
    apiPort,
    dataDir,
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
  });
  try {
    await uncachedRenders({ siteUrl: running.siteUrl, paths: ['/products', '/collection'] });
    console.log('  ✗ misses the goal (an uncached render ≤ 100 ms, its HTML < 150 KiB).');
  } finally {
    await running.stop();
    if (previous === undefined) delete process.env.SSR_CACHE_MS;
    else process.env.SSR_CACHE_MS = previous;
  }
}

/**
 * One shop of the comparison: the builds of `root` published into a fresh RELEASES_DIR and started on free ports
 * with a fresh database, by that checkout's own launcher.
 * @param {string} work a scratch folder
 * @param {string} name
 * @param {{ launch: typeof launch; publishLocalBuilds: typeof publishLocalBuilds }} tools
 */
async function startShop(work, name, tools) {
  const releasesDir = path.join(work, `releases-${name}`);
  await tools.publishLocalBuilds(releasesDir, { log: () => undefined });
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const running = await tools.launch({
    sitePort,
    apiPort,
    dataDir: path.join(work, `data-${name}`),
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
  });
  const list = await someProducts(running.apiUrl);
  const product = list[0];
  const priced = list.find((p) => p.price > 0) ?? product;
  if (!product || !priced) throw new Error(`${name}: the API lists no products`);
  return { running, product, priced };
}

/**
 * `npm run bench -- --pages --baseline <ref>`: the ref and the working tree side by side, Lighthouse and the early
 * actions' INP interleaved run by run (figures).
 * @param {string} ref
 */
async function benchAgainstBaseline(ref) {
  const { dir, commit } = prepareBaseline(ref);
  await buildIfNeeded();
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-bench-'));
  const baseName = ref.length > 12 ? commit.slice(0, 7) : ref;
  /** @type {{ running: { siteUrl: string; stop: () => Promise<void> } }[]} */
  const started = [];
  try {
    const base = await startShop(work, 'baseline', await baselineTools(dir));
    started.push(base);
    const current = await startShop(work, 'current', { launch, publishLocalBuilds });
    started.push(current);
    const shops = [
      { name: baseName, shop: base },
      { name: 'this tree', shop: current },
    ];
    const routes = benchRoutes(productPathOf(current.product));
    console.log(
      `
Baseline ${ref} (${commit.slice(0, 7)}) at ${base.running.siteUrl}; this tree at ${current.running.siteUrl}.`,
    );
    const chrome = await launchChromium();
    try {
      const figures = await lighthouseCompare({
        sites: shops.map(({ name, shop }) => ({
          name,
          url: shop.running.siteUrl,
          paths: { '/product/:slug': productPathOf(shop.product) },
        })),
        routes: routes.map((route) => route.label),
        chromePort: chrome.port,
        runs: LIGHTHOUSE_RUNS,
      });
      for (const { name } of shops) {
        console.log(`
Scripts of ${name}:`);
        printChunks(figures[name] ?? {});
      }
    } finally {
      await chrome.kill();
    }
    await earlyInpCompare({
      sites: shops.map(({ name, shop }) => ({
        name,
        url: shop.running.siteUrl,
        productPath: productPathOf(shop.priced),
        cartProductId: shop.priced._id,
      })),
      chromiumPath: CHROMIUM,
      runs: LIGHTHOUSE_RUNS,
    });
  } finally {
    for (const { running } of started) await running.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  checkChromium();
  if (options.site) return benchRunningSite(options.site);
  if (options.baseline) return benchAgainstBaseline(options.baseline);
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
    // The bench loads pages as fast as it can from one address; a server render that calls the API per request
    // must not be measured against the API's per-client rate limit.
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
  });
  /** @type {chromeLauncher.LaunchedChrome | undefined} */
  let chrome;
  try {
    chrome = await launchChromium();
    const list = await someProducts(running.apiUrl);
    const product = list[0];
    if (!product) throw new Error('The API lists no products: nothing to open at /product/:slug');
    const productPath = productPathOf(product);
    const routes = benchRoutes(productPath);
    console.log(`\n/product/:slug is ${productPath}`);
    const figures = await lighthouseRoutes({
      siteUrl: running.siteUrl,
      routes,
      chromePort: chrome.port,
      runs: LIGHTHOUSE_RUNS,
    });
    printChunks(figures);
    const priced = list.find((p) => p.price > 0) ?? product;
    await inpFigures({
      siteUrl: running.siteUrl,
      // A product with a price has the quantity stepper the interaction uses.
      productPath: productPathOf(priced),
      cartProductId: priced._id,
      chromiumPath: CHROMIUM,
    });
    await vitalsCost({ siteUrl: running.siteUrl, chromiumPath: CHROMIUM });
    await serverLoad({
      siteUrl: running.siteUrl,
      connections: LOAD_CONNECTIONS,
      seconds: LOAD_SECONDS,
      pages: [
        { label: '/products', path: '/products', markers: list.map((p) => p.name) },
        { label: '/product/:slug', path: productPath, markers: [product.name] },
      ],
    });
    const sitePid = running.site?.pid;
    if (sitePid) {
      // After Lighthouse: every copy is made already, so the first requests here are not the first ones.
      printCompression([
        { name: 'this tree', figures: await compressionFigures({ siteUrl: running.siteUrl, pid: sitePid }) },
      ]);
    }
  } finally {
    await chrome?.kill();
    await running.stop();
  }
  try {
    await tenThousandProducts(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (options.pages) return;
  await (await import('./bench/faults.mjs')).run();
  await (await import('./bench/search.mjs')).run();
  await (await import('./bench/load.mjs')).run();
  await (await import('./bench/cluster-faults.mjs')).run();
  await (await import('./bench/uploads.mjs')).run();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
