// @ts-check
// What kill -9 costs a visitor: starts the shop as `npm start` does (tools/scripts/start.mjs, on free ports with a
// temporary DATA_DIR and RELEASES_DIR), polls a page, /config.json and an API call every 100 ms, kills the API and
// then the site process with SIGKILL, and prints the failed requests and the seconds each stayed down.
// FAULTS_BENCH_ROOT runs another checkout's start.mjs (to measure before/after; FAULTS_BENCH_START names another
// start script there, relative to it). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/paths.mjs';
import { downSeconds, startProbe, waitUntilOk } from '../../src/kill-probe.mjs';

const WATCH_MS = 20_000;

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

/** Every process under pid whose command line contains needle. @param {number} pid @param {string} needle */
function descendant(pid, needle) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const next = /** @type {number} */ (queue.shift());
    try {
      if (readFileSync(`/proc/${next}/cmdline`, 'utf8').includes(needle)) return next;
    } catch {
      // gone
    }
    queue.push(...(children.get(next) ?? []));
  }
  return undefined;
}

/** @param {Record<string, import('../../src/kill-probe.mjs').Tally>} tallies */
function report(tallies) {
  for (const [name, tally] of Object.entries(tallies)) {
    const recovered = tally.lastFailure === undefined || tally.ok > 0;
    console.log(
      `    ${name.padEnd(12)} ${String(tally.failed).padStart(4)} failed of ${String(tally.ok + tally.failed).padStart(4)}  down ${downSeconds(tally).toFixed(1).padStart(5)} s${recovered ? '' : '  (not back)'}`,
    );
  }
}

export async function run() {
  const root = process.env.FAULTS_BENCH_ROOT ? path.resolve(process.env.FAULTS_BENCH_ROOT) : ROOT;
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-kill-bench-'));
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${sitePort}`;
  const api = `http://127.0.0.1:${apiPort}`;
  const targets = {
    page: `${site}/products`,
    config: `${site}/config.json`,
    'api call': `${api}/api/product/list?limit=1`,
  };
  console.log(
    `\nkill -9 (start.mjs of ${root}; 100 ms polls of a page, /config.json and an API call, ${WATCH_MS / 1000} s watched):`,
  );
  for (const victim of ['api/dist/main.js', 'site']) {
    const script = process.env.FAULTS_BENCH_START ?? 'tools/scripts/start.mjs';
    const shop = spawn(process.execPath, [path.join(root, script)], {
      cwd: root,
      env: {
        ...process.env,
        SITE_PORT: String(sitePort),
        API_PORT: String(apiPort),
        DATA_DIR: path.join(work, 'data'),
        RELEASES_DIR: path.join(work, 'releases'),
        GEO_URL: '',
      },
      stdio: 'ignore',
    });
    /** @type {number[]} processes this run started (an API orphaned by a killed launcher included) */
    const started = [];
    try {
      await waitUntilOk(`${site}/config.json`, 300_000);
      await waitUntilOk(`${api}/api/health`, 60_000);
      // The site is its own process since issue 19; before, it ran inside start.mjs itself.
      const apiPid = descendant(/** @type {number} */ (shop.pid), 'api/dist/main.js');
      started.push(
        ...[apiPid, descendant(/** @type {number} */ (shop.pid), 'tools/scripts/site.mjs')].filter(
          (p) => p !== undefined,
        ),
      );
      const pid =
        victim === 'site'
          ? (descendant(/** @type {number} */ (shop.pid), 'tools/scripts/site.mjs') ?? shop.pid)
          : apiPid;
      if (!pid) throw new Error(`no ${victim} process found under start.mjs`);
      const probe = startProbe(targets, 100);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      process.kill(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      console.log(`  kill -9 of the ${victim === 'site' ? 'site' : 'API'} (pid ${pid}):`);
      report(await probe.stop());
    } finally {
      shop.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const name of ['api/dist/main.js', 'tools/scripts/site.mjs']) {
        const left = descendant(/** @type {number} */ (shop.pid), name);
        if (left) started.push(left);
      }
      for (const pid of started) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      if (shop.exitCode === null) shop.kill('SIGKILL');
    }
  }
  rmSync(work, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
