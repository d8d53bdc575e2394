// @ts-check
// Search, facets and suggestions at 10 concurrent requests on a 10,000-product catalogue. Seeds a scratch data
// folder, starts the built API on it (once per search engine) and prints p50/p95 per call. Prints figures only.
//
//   node tools/scripts/bench/search.mjs                 both engines: in-process index, SQL on PGlite
//   BENCH_SEARCH_API=/path/to/api/dist/main.js ...      also another build of the API (e.g. before this change)
//   BENCH_PRODUCTS=10000 BENCH_SECONDS=8 BENCH_CONCURRENCY=10
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../src/free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const API_MAIN = path.join(ROOT, 'api/dist/main.js');
const SEED_CLI = path.join(ROOT, 'api/dist/seed-cli.js');

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

/** What the shop asks: the words vary so no answer is served twice from one cached result. */
const WORDS = [
  'caliper',
  'micrometer',
  'height gauge',
  'scanner',
  'calliper',
  'bore',
  'digital',
  'probe',
  'cmm',
];
const CALLS = {
  search: WORDS.map((q) => `/api/product/search?q=${encodeURIComponent(q)}&limit=24&facets=false`),
  facets: [
    '/api/product/search?limit=24&facets=true',
    '/api/product/search?categories=Calipers&limit=24&facets=true',
    '/api/product/search?companies=Mahr,Sylvac&types=Importer&limit=24&facets=true',
    '/api/product/search?q=gauge&categories=Height%20Gauge,Micrometers&limit=24&facets=true',
    '/api/product/search?company=Tespa&limit=24&facets=true',
  ],
  suggestions: ['ca', 'cal', 'cali', 'micro', 'heig', 'calli', 'scan', 'dig', 'mahr'].map(
    (q) => `/api/product/suggest?q=${encodeURIComponent(q)}`,
  ),
};
/** An API without the suggestion call (before this change) is measured on its search call instead. */
const OLD_SUGGEST = (/** @type {string} */ url) =>
  url.replace(/\/api\/product\/suggest\?q=([^&]+)/, '/api/product/search?q=$1&limit=8&facets=false');

/** @param {number[]} sorted @param {number} p */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * CONCURRENCY workers call the URLs in turn for SECONDS; every latency is kept.
 * @param {string} base @param {string[]} urls
 */
async function load(base, urls) {
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let next = 0;
  const until = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const url = urls[next++ % urls.length];
      const started = performance.now();
      try {
        const res = await fetch(`${base}${url}`);
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / SECONDS,
    errors,
  };
}

/** @param {string} url */
async function waitForHealth(url) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * @param {string} label @param {string} main @param {string} dataDir @param {Record<string, string>} env
 * @param {boolean} hasSuggest
 */
async function measure(label, main, dataDir, env, hasSuggest) {
  const port = await freePort();
  const api = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => api.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`);
    // One warm-up pass (the index, JIT, PGlite's caches), not counted.
    for (const urls of Object.values(CALLS))
      for (const url of urls) await fetch(`${base}${hasSuggest ? url : OLD_SUGGEST(url)}`);
    console.log(`\n  ${label}`);
    for (const [name, urls] of Object.entries(CALLS)) {
      const r = await load(base, hasSuggest ? urls : urls.map(OLD_SUGGEST));
      console.log(
        `    ${name.padEnd(12)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms   ${r.rps.toFixed(0).padStart(6)} req/s${r.errors ? `   ${r.errors} errors` : ''}${!hasSuggest && name === 'suggestions' ? '   (no suggest call: its search call with limit=8)' : ''}`,
      );
    }
  } finally {
    api.kill('SIGTERM');
    await exited;
  }
}

export async function run() {
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-bench-search-'));
  const dataDir = path.join(work, 'data');
  try {
    console.log(
      `\nSearch at ${PRODUCTS.toLocaleString('en-US')} products, ${CONCURRENCY} concurrent requests, ${SECONDS} s per call:`,
    );
    const seeded = spawnSync(process.execPath, [SEED_CLI, '--products', String(PRODUCTS)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
    console.log(`  ${seeded.stdout.trim()}`);
    await measure('in-process index (default)', API_MAIN, dataDir, {}, true);
    await measure(
      'SQL on PGlite (SEARCH_BACKEND=database)',
      API_MAIN,
      dataDir,
      { SEARCH_BACKEND: 'database' },
      true,
    );
    if (process.env.TEST_DATABASE_URL) {
      const pgSeed = spawnSync(process.execPath, [SEED_CLI, '--products', String(PRODUCTS)], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL },
        encoding: 'utf8',
      });
      if (pgSeed.status !== 0) throw new Error(`seeding PostgreSQL failed: ${pgSeed.stderr}`);
      const pg = { DATABASE_URL: process.env.TEST_DATABASE_URL };
      await measure('in-process index on PostgreSQL', API_MAIN, dataDir, pg, true);
      await measure(
        'SQL on PostgreSQL, pool of 10 (SEARCH_BACKEND=database)',
        API_MAIN,
        dataDir,
        { ...pg, SEARCH_BACKEND: 'database' },
        true,
      );
    }
    if (process.env.BENCH_SEARCH_API) {
      // Another build of the API (e.g. main before this change) on a copy of the same catalogue.
      await measure(
        `other build: ${process.env.BENCH_SEARCH_API}`,
        process.env.BENCH_SEARCH_API,
        dataDir,
        {},
        false,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
