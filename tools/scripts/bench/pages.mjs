// @ts-check
// The page bench of `npm run bench`: Lighthouse (mobile preset) on the site's routes, median of a few runs each,
// and the site server's throughput and latency for page requests. It measures whatever the site serves (the
// client-rendered shell today, server-rendered pages later) and judges nothing: it prints figures, marking the
// ones that miss the page goals.
import lighthouse from 'lighthouse';
import { drive } from './drive.mjs';

/** The page goals for every route (Lighthouse mobile) and for server renders. */
export const GOALS = {
  performance: 0.95,
  lcpMs: 1800,
  tbtMs: 150,
  cls: 0.02,
  p95Ms: 100,
  jsKiB: 160,
  inpMs: 200,
};

/** @param {number[]} values */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * @typedef {{ performance: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; jsBytes: number; totalBytes: number; byKind: Record<string, number>; scripts: { url: string; transferSize: number }[] }} PageFigures
 */

let lighthouseVersion = '';

/** The kinds of resource the first-load breakdown shows, from Lighthouse's resourceType. */
const KINDS = /** @type {const} */ ({
  Document: 'HTML',
  Script: 'JS',
  Stylesheet: 'CSS',
  Image: 'images',
  Font: 'fonts',
  Fetch: 'data',
  XHR: 'data',
});
const KIND_NAMES = ['HTML', 'JS', 'CSS', 'images', 'fonts', 'data', 'other'];

/**
 * Transfer size of what a Lighthouse run loaded (its network-requests audit), by kind of resource (HTML, JS, CSS,
 * images, fonts, data, other); every kind NaN when the audit listed nothing.
 * @param {import('lighthouse').Result} lhr
 * @returns {Record<string, number>}
 */
export function transferBytesByKind(lhr) {
  const details = /** @type {{ items?: { resourceType?: string; transferSize?: number }[] } | undefined} */ (
    lhr.audits['network-requests']?.details
  );
  /** @type {Record<string, number>} */
  const byKind = Object.fromEntries(KIND_NAMES.map((kind) => [kind, details?.items ? 0 : Number.NaN]));
  for (const item of details?.items ?? []) {
    const kind = KINDS[/** @type {keyof typeof KINDS} */ (item.resourceType ?? '')] ?? 'other';
    byKind[kind] = (byKind[kind] ?? 0) + (item.transferSize ?? 0);
  }
  return byKind;
}

/**
 * One Lighthouse run (the default config is the mobile preset: a Moto G Power screen and simulated slow 4G).
 * @param {string} url @param {number} port
 * @returns {Promise<PageFigures>}
 */
async function lighthouseRun(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  lighthouseVersion = lhr.lighthouseVersion;
  const num = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const byKind = transferBytesByKind(lhr);
  const requests =
    /** @type {{ items?: { url?: string; resourceType?: string; transferSize?: number }[] } | undefined} */ (
      lhr.audits['network-requests']?.details
    );
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    jsBytes: byKind.JS ?? Number.NaN,
    // Everything the first load fetched (HTML, scripts, styles, images, fonts): the bench's figure since its start.
    totalBytes: num('total-byte-weight'),
    byKind,
    scripts: (requests?.items ?? [])
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => ({ url: String(item.url), transferSize: item.transferSize ?? 0 })),
  };
}

/**
 * The figures of several runs of one page: each the median of its runs (the scripts of the last run).
 * @param {PageFigures[]} all
 * @returns {PageFigures}
 */
function medianFigures(all) {
  const pick = (/** @type {Exclude<keyof PageFigures, 'byKind' | 'scripts'>} */ key) =>
    median(all.map((run) => run[key]));
  return {
    performance: pick('performance'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    jsBytes: pick('jsBytes'),
    totalBytes: pick('totalBytes'),
    byKind: Object.fromEntries(
      KIND_NAMES.map((kind) => [kind, median(all.map((run) => run.byKind[kind] ?? 0))]),
    ),
    scripts: all[all.length - 1]?.scripts ?? [],
  };
}

/**
 * Each route `runs` times; every figure is the median of its runs.
 * @param {{ siteUrl: string; routes: { label: string; path: string }[]; chromePort: number; runs: number }} options
 */
export async function lighthouseRoutes({ siteUrl, routes, chromePort, runs }) {
  const mark = (/** @type {boolean} */ missed) => (missed ? '✗' : ' ');
  console.log(
    `\nLighthouse (mobile preset, simulated throttling), median of ${runs} runs per figure, against ${siteUrl}:`,
  );
  console.log(
    '  route                      perf      FCP ms     LCP ms     TBT ms      CLS    JS KiB (transfer)   total KiB (transfer)',
  );
  /** @type {Record<string, PageFigures>} */
  const figures = {};
  for (const route of routes) {
    /** @type {PageFigures[]} */
    const all = [];
    for (let i = 0; i < runs; i += 1) all.push(await lighthouseRun(`${siteUrl}${route.path}`, chromePort));
    const m = medianFigures(all);
    figures[route.label] = m;
    console.log(
      `  ${route.label.padEnd(22)} ${m.performance.toFixed(2).padStart(6)}${mark(m.performance < GOALS.performance)} ${m.fcpMs.toFixed(0).padStart(10)}  ${m.lcpMs.toFixed(0).padStart(10)}${mark(m.lcpMs > GOALS.lcpMs)} ${m.tbtMs.toFixed(0).padStart(9)}${mark(m.tbtMs > GOALS.tbtMs)} ${m.cls.toFixed(3).padStart(8)}${mark(m.cls > GOALS.cls)} ${(m.jsBytes / 1024).toFixed(1).padStart(12)}${mark(m.jsBytes > GOALS.jsKiB * 1024)} ${(m.totalBytes / 1024).toFixed(1).padStart(22)}`,
    );
  }
  console.log(
    `  Lighthouse ${lighthouseVersion}; JS KiB: transfer size of the script resources loaded; total KiB: of everything the load fetched (total-byte-weight).`,
  );
  console.log(
    `  ✗ misses the goal (performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs} ms, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}, JS ≤ ${GOALS.jsKiB} KiB).`,
  );
  console.log('\nFirst load by kind of resource, KiB transferred (median of the runs per kind):');
  console.log(`  ${'route'.padEnd(22)} ${KIND_NAMES.map((kind) => kind.padStart(8)).join(' ')}`);
  for (const [label, m] of Object.entries(figures)) {
    const cells = KIND_NAMES.map((kind) => ((m.byKind[kind] ?? 0) / 1024).toFixed(1).padStart(8));
    console.log(`  ${label.padEnd(22)} ${cells.join(' ')}`);
  }
  return figures;
}

/**
 * What the server's HTML for a page holds: its size, and whether the page's content is in it (server-rendered)
 * or only the shell that JavaScript fills in (client-rendered).
 * @param {string} url @param {string[]} contentMarkers texts of the page's content; any one found counts
 */
async function inspectHtml(url, contentMarkers) {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  const escaped = (/** @type {string} */ text) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const rendered = contentMarkers.some((text) => html.includes(text) || html.includes(escaped(text)));
  return { status: response.status, bytes: Buffer.byteLength(html), rendered };
}

/**
 * GET each page with `connections` closed-loop connections for `seconds` (loopback, keep-alive): throughput
 * and latency. Any answer but 200 counts as an error.
 * @param {{ siteUrl: string; pages: { label: string; path: string; markers: string[] }[]; connections: number; seconds: number }} options
 */
export async function serverLoad({ siteUrl, pages, connections, seconds }) {
  console.log(
    `\nSite server under load (GET, ${connections} connections, ${seconds} s each, loopback, keep-alive, uncompressed):`,
  );
  console.log(
    '  page                    req/s   p50 ms    p95 ms   p99 ms   errors   HTML KiB   content in HTML',
  );
  for (const page of pages) {
    const html = await inspectHtml(`${siteUrl}${page.path}`, page.markers);
    const r = await drive({
      baseUrl: siteUrl,
      connections,
      seconds,
      next: () => ({ path: page.path, headers: { accept: 'text/html' } }),
    });
    console.log(
      `  ${page.label.padEnd(20)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}${r.p95 > GOALS.p95Ms ? '✗' : ' '} ${r.p99.toFixed(1).padStart(8)} ${String(r.failures).padStart(8)} ${(html.bytes / 1024).toFixed(1).padStart(10)}   ${html.status === 200 ? (html.rendered ? 'yes (server-rendered)' : 'no (client-rendered shell)') : `HTTP ${html.status}`}`,
    );
    for (const [kind, count] of Object.entries(r.failureKinds)) console.log(`    ${count} x ${kind}`);
  }
  console.log(`  ✗ misses the goal for server renders (p95 ≤ ${GOALS.p95Ms} ms).`);
}

/** The goals for a page beside its baseline. */
export const COMPARE_GOALS = { performance: 0.9, lcpAfterFcpMs: 200, tbtMs: 250, tbtShareOfBaseline: 1 / 3 };

/**
 * Lighthouse on the same routes of two or more shops (a baseline first), interleaved run by run and route by route
 * so that the machine's drift falls on every shop alike; every figure the median of `runs`.
 * @param {{ sites: { name: string; url: string; paths: Record<string, string> }[]; routes: string[]; chromePort: number; runs: number }} options
 * @returns {Promise<Record<string, Record<string, PageFigures>>>} site name -> route -> figures
 */
export async function lighthouseCompare({ sites, routes, chromePort, runs }) {
  /** @type {Record<string, Record<string, PageFigures[]>>} */
  const all = Object.fromEntries(sites.map((site) => [site.name, {}]));
  for (let i = 0; i < runs; i += 1) {
    for (const route of routes) {
      for (const site of sites) {
        const runsOf = (all[site.name] ??= {});
        (runsOf[route] ??= []).push(
          await lighthouseRun(`${site.url}${site.paths[route] ?? route}`, chromePort),
        );
      }
    }
  }
  /** @type {Record<string, Record<string, PageFigures>>} */
  const figures = {};
  for (const site of sites) {
    figures[site.name] = {};
    for (const route of routes) {
      /** @type {Record<string, PageFigures>} */ (figures[site.name])[route] = medianFigures(
        all[site.name]?.[route] ?? [],
      );
    }
  }
  const [base] = sites;
  console.log(
    `\nLighthouse (mobile preset, simulated throttling), median of ${runs} runs, interleaved ${sites.map((s) => s.name).join(' / ')}:`,
  );
  console.log('  route            shop           perf   FCP ms   LCP ms  LCP-FCP   TBT ms     CLS   JS KiB');
  const mark = (/** @type {boolean} */ missed) => (missed ? '✗' : ' ');
  for (const route of routes) {
    const baseTbt = base ? (figures[base.name]?.[route]?.tbtMs ?? Number.NaN) : Number.NaN;
    for (const site of sites) {
      const m = figures[site.name]?.[route];
      if (!m) continue;
      const isBase = site === base;
      const tbtGoal = Math.min(COMPARE_GOALS.tbtMs, baseTbt * COMPARE_GOALS.tbtShareOfBaseline);
      const gap = m.lcpMs - m.fcpMs;
      console.log(
        `  ${(site === base ? route : '').padEnd(16)} ${site.name.padEnd(12)} ${m.performance.toFixed(2).padStart(6)}${mark(!isBase && m.performance < COMPARE_GOALS.performance)} ${m.fcpMs.toFixed(0).padStart(7)} ${m.lcpMs.toFixed(0).padStart(8)} ${gap.toFixed(0).padStart(8)}${mark(!isBase && gap > COMPARE_GOALS.lcpAfterFcpMs)} ${m.tbtMs.toFixed(0).padStart(8)}${mark(!isBase && m.tbtMs > tbtGoal)} ${m.cls.toFixed(3).padStart(7)} ${(m.jsBytes / 1024).toFixed(1).padStart(8)}${mark(!isBase && m.jsBytes > GOALS.jsKiB * 1024)}`,
      );
    }
  }
  console.log(
    `  Lighthouse ${lighthouseVersion}. ✗ misses the goal (performance ≥ ${COMPARE_GOALS.performance}, LCP ≤ FCP + ${COMPARE_GOALS.lcpAfterFcpMs} ms, TBT ≤ ${COMPARE_GOALS.tbtMs} ms and ≤ a third of the baseline's, JS ≤ ${GOALS.jsKiB} KiB).`,
  );
  return figures;
}
