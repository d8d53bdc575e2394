// @ts-check
// What the shell's first load costs on the wire and the site server's CPU for scripts: the scripts a page's loader
// starts from the site's root (the shell's entry and its bootstrap chunks, not the remotes'), each asked for as
// Chromium asks (Accept-Encoding: gzip, deflate, br, zstd), their bytes as sent (not decoded), the time of each
// one's first request (a copy made then, with precompression), and the site process's CPU time (/proc/<pid>/stat)
// for 1,000 requests of those scripts, 10 at a time on keep-alive connections. Prints figures, asserts nothing.
//
// `node tools/scripts/bench/compression.mjs` starts this tree's shop on free ports with fresh data and measures it;
// `-- --baseline <git ref>` starts the ref beside it (bench/baseline.mjs) and measures both, one after the other,
// each on a server that has not served a script yet. `npm run bench` runs it on the shop it started.
import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/** What Chromium sends. */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';
const REQUESTS = 1000;
const CONCURRENT = 10;

/**
 * One GET, its body as it came over the wire.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {http.Agent} [agent]
 * @returns {Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; ms: number }>}
 */
function rawGet(url, headers, agent) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, ...(agent ? { agent } : {}) }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * The scripts the page's loader starts from the site's root: its entries and preloads not under /remotes/.
 * @param {string} siteUrl
 * @param {string} [pagePath]
 * @returns {Promise<string[]>}
 */
export async function shellFirstLoad(siteUrl, pagePath = '/') {
  const page = await rawGet(`${siteUrl}${pagePath}`, {});
  const html = page.bytes.toString('utf8');
  const load = /\)\((\{"entries":[\s\S]*?\})\)<\/script>/.exec(html)?.[1];
  if (!load) throw new Error(`${pagePath}: the page has no script loader (is it server-rendered?)`);
  const parsed = /** @type {{ entries: string[]; preloads: string[] }} */ (JSON.parse(load));
  return [...parsed.entries, ...parsed.preloads]
    .map((src) => new URL(src, siteUrl).pathname)
    .filter((pathName) => !pathName.startsWith('/remotes/') && pathName.endsWith('.js'));
}

/** The process's user + system CPU time in ms, from /proc/<pid>/stat. @param {number} pid */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from the state (field 3): utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * The figures of one running site: first-load script bytes as sent, first and later request times, CPU per 1,000.
 * @param {{ siteUrl: string; pid: number }} site
 */
export async function compressionFigures({ siteUrl, pid }) {
  const scripts = await shellFirstLoad(siteUrl);
  let identity = 0;
  let wire = 0;
  /** @type {Record<string, number>} */
  const encodings = {};
  /** @type {number[]} */
  const firstMs = [];
  for (const script of scripts) {
    const first = await rawGet(`${siteUrl}${script}`, { 'accept-encoding': BROWSER_ACCEPT });
    if (first.status !== 200) throw new Error(`${script}: ${first.status}`);
    firstMs.push(first.ms);
    const again = await rawGet(`${siteUrl}${script}`, { 'accept-encoding': BROWSER_ACCEPT });
    wire += again.bytes.length;
    const coding = String(again.headers['content-encoding'] ?? 'identity');
    encodings[coding] = (encodings[coding] ?? 0) + 1;
    identity += (await rawGet(`${siteUrl}${script}`, {})).bytes.length;
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT });
  /** @type {number[]} */
  const laterMs = [];
  let next = 0;
  const before = cpuMs(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < REQUESTS) {
        const script = scripts[next % scripts.length];
        next += 1;
        const res = await rawGet(`${siteUrl}${script}`, { 'accept-encoding': BROWSER_ACCEPT }, agent);
        if (res.status !== 200) throw new Error(`${script}: ${res.status}`);
        laterMs.push(res.ms);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = cpuMs(pid) - before;
  agent.destroy();
  laterMs.sort((a, b) => a - b);
  return {
    scripts: scripts.length,
    identity,
    wire,
    encodings,
    firstMaxMs: Math.max(...firstMs),
    firstSumMs: firstMs.reduce((sum, ms) => sum + ms, 0),
    laterP50Ms: laterMs[Math.floor(laterMs.length / 2)] ?? Number.NaN,
    cpuPer1000Ms: (cpu * 1000) / REQUESTS,
    wallMs,
  };
}

const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Prints one line per site.
 * @param {{ name: string; figures: Awaited<ReturnType<typeof compressionFigures>> }[]} rows
 */
export function printCompression(rows) {
  console.log(
    `\nThe shell's first-load scripts over the wire (Accept-Encoding: ${BROWSER_ACCEPT}) and the site process's CPU for ${REQUESTS} of those requests, ${CONCURRENT} at a time:`,
  );
  for (const { name, figures: f } of rows) {
    const codings = Object.entries(f.encodings)
      .map(([coding, count]) => `${count} ${coding}`)
      .join(', ');
    console.log(
      `  ${name.padEnd(12)} ${f.scripts} scripts, ${kib(f.identity)} → ${kib(f.wire)} sent (${codings}); first request of each: ${f.firstSumMs.toFixed(0)} ms in all, ${f.firstMaxMs.toFixed(0)} ms the slowest; then p50 ${f.laterP50Ms.toFixed(1)} ms; CPU ${f.cpuPer1000Ms.toFixed(0)} ms per 1,000 requests (${(f.wallMs / 1000).toFixed(1)} s wall)`,
    );
  }
}

/**
 * A shop of `root`'s own code on free ports (fresh data and releases), measured, stopped.
 * @param {string} work
 * @param {string} name
 * @param {string} root the checkout whose launcher and builds are used
 */
async function measureShop(work, name, root) {
  const [{ launch }, { publishLocalBuilds }, { freePort }] = await Promise.all([
    import(pathToFileURL(path.join(root, 'tools/src/launch.mjs')).href),
    import(pathToFileURL(path.join(root, 'tools/src/publish-local.mjs')).href),
    import(pathToFileURL(path.join(root, 'tools/src/free-port.mjs')).href),
  ]);
  const releasesDir = path.join(work, `releases-${name}`);
  await publishLocalBuilds(releasesDir, { log: () => undefined });
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const running = await launch({
    sitePort,
    apiPort,
    dataDir: path.join(work, `data-${name}`),
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
  });
  try {
    return await compressionFigures({ siteUrl: running.siteUrl, pid: running.site.pid });
  } finally {
    await running.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { baseline: { type: 'string' } } });
  const { ROOT } = await import('../../src/paths.mjs');
  const { buildIfNeeded } = await import('../../src/build.mjs');
  await buildIfNeeded();
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-bench-compression-'));
  try {
    /** @type {{ name: string; figures: Awaited<ReturnType<typeof compressionFigures>> }[]} */
    const rows = [];
    if (values.baseline) {
      const { prepareBaseline } = await import('./baseline.mjs');
      const { dir, commit } = prepareBaseline(values.baseline);
      rows.push({ name: commit.slice(0, 7), figures: await measureShop(work, 'baseline', dir) });
    }
    rows.push({ name: 'this tree', figures: await measureShop(work, 'current', ROOT) });
    printCompression(rows);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
