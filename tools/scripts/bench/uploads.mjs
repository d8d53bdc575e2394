// @ts-check
// Uploads beside shoppers: a shopper's page and API call timed quiet, then while four clients keep uploading the
// worst pack the API accepts to read (zeros that unzip to ~250 MiB in files whose hashes all check out), with a
// real deploy token. Prints p50/p95 of both, their ratio (the goal: during ≤ 2x quiet), and what the uploads got.
// Loopback only; each loop is bounded in time and stops by itself. Prints figures; nothing passes or fails.
//
//   node tools/scripts/bench/uploads.mjs                    this tree
//   node tools/scripts/bench/uploads.mjs --baseline <ref>   that ref first, then this tree, in one run
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '../../src/build.mjs';
import { freePort } from '../../src/free-port.mjs';
import { ROOT } from '../../src/paths.mjs';
import { baselineTools, prepareBaseline } from './baseline.mjs';
import { drive, percentile } from './drive.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 4;
const UPLOADERS = 4;
const MANAGER = { email: 'bench-manager@example.com', password: 'bench manager password 1' };

/** The worst pack to read: eight files of 31 MiB of zeros (their manifest right), so all is unzipped and hashed. */
async function worstPack() {
  const { writePack } = await import('@metrology/releases/pack');
  const zeros = Buffer.alloc(31 * 1024 * 1024);
  const files = Array.from({ length: 8 }, (_, index) => ({ path: `static/zeros-${index}.txt`, data: zeros }));
  return writePack({ remote: 'mfe-content', version: '9.9.9', files }).pack;
}

/**
 * One shop: published, a release manager made while its API is stopped, started, a deploy token made.
 * @param {string} work @param {string} name @param {string} root
 * @param {{ launch: Function; publishLocalBuilds: Function }} tools
 */
async function startShop(work, name, root, tools) {
  const dataDir = path.join(work, `data-${name}`);
  const releasesDir = path.join(work, `releases-${name}`);
  await tools.publishLocalBuilds(releasesDir, { log: () => undefined });
  execFileSync(
    process.execPath,
    [
      path.join(root, 'api/dist/user-cli.js'),
      'create',
      MANAGER.email,
      '--name',
      'Bench',
      '--role',
      'release-manager',
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir },
      input: `${MANAGER.password}\n`,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const running = await tools.launch({
    sitePort,
    apiPort,
    dataDir,
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
    apiEnv: { RATE_LIMIT_DISABLED: 'true', SSR_CACHE_MS: '0' },
  });
  const login = await fetch(`${running.apiUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  const session = /** @type {{ token: string }} */ (await login.json()).token;
  const made = await fetch(`${running.apiUrl}/api/releases/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session },
    body: JSON.stringify({ name: 'bench', remotes: ['mfe-content'], can: ['publish'], expiresInDays: 1 }),
  });
  const secret = /** @type {{ secret: string }} */ (await made.json()).secret;
  const list = /** @type {{ products: { slug: string }[] }} */ (
    await (await fetch(`${running.apiUrl}/api/product/list?limit=1`)).json()
  );
  return { running, secret, productPath: `/product/${encodeURIComponent(list.products[0]?.slug ?? '')}` };
}

/**
 * Shoppers' p50/p95 on a page and an API call, for `seconds`, while `during` runs.
 * @param {{ siteUrl: string; apiUrl: string }} running @param {string} productPath
 */
async function shoppers(running, productPath) {
  const [page, api] = await Promise.all([
    drive({
      baseUrl: running.siteUrl,
      connections: CONNECTIONS,
      seconds: SECONDS,
      next: () => ({ path: productPath, headers: { accept: 'text/html' } }),
    }),
    drive({
      baseUrl: running.apiUrl,
      connections: CONNECTIONS,
      seconds: SECONDS,
      next: () => ({ path: '/api/product/list?limit=24' }),
    }),
  ]);
  return { page, api };
}

/**
 * Four clients uploading the worst pack in a loop until `until`; a 429 waits 200 ms before the next try.
 * @param {string} apiUrl @param {string} secret @param {Buffer} pack @param {number} until
 */
async function uploaders(apiUrl, secret, pack, until) {
  /** @type {Record<string, number>} */
  const answers = {};
  /** @type {number[]} */
  const times = [];
  await Promise.all(
    Array.from({ length: UPLOADERS }, async () => {
      while (Date.now() < until) {
        const started = Date.now();
        const res = await fetch(`${apiUrl}/api/releases/publish?remote=mfe-content&version=9.9.9`, {
          method: 'POST',
          headers: {
            'content-type': 'application/vnd.metrology.release-pack+gzip',
            authorization: `Bearer ${secret}`,
          },
          body: pack,
        }).catch(() => null);
        await res?.arrayBuffer().catch(() => null);
        const status = String(res?.status ?? 'network error');
        answers[status] = (answers[status] ?? 0) + 1;
        if (res && res.status !== 429) times.push(Date.now() - started);
        if (res?.status === 429) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
  return { answers, times: times.sort((a, b) => a - b) };
}

/** @param {string} name @param {Awaited<ReturnType<typeof startShop>>} shop @param {Buffer} pack */
async function measure(name, shop, pack) {
  const quiet = await shoppers(shop.running, shop.productPath);
  const until = Date.now() + SECONDS * 1000;
  const [busy, uploads] = await Promise.all([
    shoppers(shop.running, shop.productPath),
    uploaders(shop.running.apiUrl, shop.secret, pack, until),
  ]);
  const row = (/** @type {string} */ what, /** @type {any} */ q, /** @type {any} */ b) =>
    console.log(
      `  ${name.padEnd(12)} ${what.padEnd(22)} ${q.p50.toFixed(1).padStart(8)} ${q.p95.toFixed(1).padStart(8)}   ${b.p50.toFixed(1).padStart(8)} ${b.p95.toFixed(1).padStart(8)}   ${(b.p95 / q.p95).toFixed(2).padStart(6)}x ${b.p95 / q.p95 <= 2 ? '' : '✗'}`,
    );
  row(`GET ${'/product/:slug'}`, quiet.page, busy.page);
  row('GET /api/product/list', quiet.api, busy.api);
  console.log(
    `  ${name.padEnd(12)} uploads: ${Object.entries(uploads.answers)
      .map(([status, count]) => `${count} x HTTP ${status}`)
      .join(', ')}; a checked upload took p50 ${percentile(uploads.times, 50)} ms`,
  );
}

/** @param {{ baseline?: string }} [options] */
export async function run(options = {}) {
  const values = options;
  await buildIfNeeded();
  const pack = await worstPack();
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-bench-uploads-'));
  const { launch } = await import('../../src/launch.mjs');
  const { publishLocalBuilds } = await import('../../src/publish-local.mjs');
  console.log(
    `\nUploads beside shoppers (${CONNECTIONS} + ${CONNECTIONS} connections for ${SECONDS} s quiet, then again while ${UPLOADERS} clients upload a ${(pack.length / 1024).toFixed(0)} KiB pack that unzips to 248 MiB; ms):`,
  );
  console.log('  shop         request                 quiet p50      p95     during p50      p95    ratio');
  const shops = [];
  try {
    if (values.baseline) {
      const { dir, commit } = prepareBaseline(values.baseline);
      const base = await startShop(work, 'baseline', dir, await baselineTools(dir));
      shops.push(base);
      await measure(commit.slice(0, 7), base, pack);
      await base.running.stop();
      shops.pop();
    }
    const current = await startShop(work, 'current', ROOT, { launch, publishLocalBuilds });
    shops.push(current);
    await measure('this tree', current, pack);
  } finally {
    for (const shop of shops) await shop.running.stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.log("  Goal: a shopper's p95 during the uploads at most 2x its quiet p95.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { baseline: { type: 'string' } } });
  await run(values.baseline ? { baseline: values.baseline } : {});
}
