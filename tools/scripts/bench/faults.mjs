// @ts-check
// What kill -9 costs a visitor: starts the shop as `npm start` does (tools/scripts/start.mjs, on free ports with a
// temporary DATA_DIR and RELEASES_DIR), polls a page, /config.json and an API call every 100 ms, kills the API and
// then the site process with SIGKILL, and prints the failed requests and the seconds each stayed down.
// FAULTS_BENCH_ROOT runs another checkout's start.mjs (to measure before/after; FAULTS_BENCH_START names another
// start script there, relative to it). FAULTS_BENCH_WATCH_SECONDS (20) is how long each kill is watched. Prints
// figures; asserts nothing. Bounded: every wait has a deadline, and every process it started is ended at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../src/paths.mjs';
import { downSeconds, recovered, startProbe, waitUntilOk } from '../../src/kill-probe.mjs';
import { freePort } from '../../src/free-port.mjs';

const WATCH_MS = Math.max(1, Number(process.env.FAULTS_BENCH_WATCH_SECONDS ?? 20)) * 1000;

/** A process's command line ('' when it is gone). @param {number} pid */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The parent of every process now running: ppid -> pids. */
function processTree() {
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
  return children;
}

/** Every process under pid (children, their children, ...). @param {number} pid @returns {number[]} */
function descendants(pid) {
  const children = processTree();
  const found = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const next = /** @type {number} */ (queue.shift());
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** The first process under pid whose command line contains needle. @param {number} pid @param {string} needle */
function descendant(pid, needle) {
  const children = processTree();
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
    const back = recovered(tally);
    console.log(
      `    ${name.padEnd(12)} ${String(tally.failed).padStart(4)} failed of ${String(tally.ok + tally.failed).padStart(4)}  down ${downSeconds(tally).toFixed(1).padStart(5)} s${back ? '' : '  (not back within the watch: at least this long)'}`,
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
  try {
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
      /** @type {Map<number, string>} processes this run started and their command lines (orphans included) */
      const started = new Map();
      const note = () => {
        for (const pid of descendants(/** @type {number} */ (shop.pid))) {
          if (!started.has(pid)) started.set(pid, commandLine(pid));
        }
      };
      const running = () => shop.exitCode === null && shop.signalCode === null;
      /** Polls url until it answers ok, at most ms; gives up at once when start.mjs has exited. */
      const waitUp = async (/** @type {string} */ url, /** @type {number} */ ms) => {
        const deadline = Date.now() + ms;
        while (running()) {
          try {
            return await waitUntilOk(url, Math.max(100, Math.min(2000, deadline - Date.now())));
          } catch (error) {
            if (Date.now() >= deadline) throw error;
          }
        }
        throw new Error(`start.mjs exited (code ${shop.exitCode ?? shop.signalCode}) before ${url} answered`);
      };
      /** @type {ReturnType<typeof startProbe> | undefined} */
      let probe;
      try {
        await waitUp(`${site}/config.json`, 300_000);
        await waitUp(`${api}/api/health`, 60_000);
        // The site is a process of its own, apart from start.mjs.
        const apiPid = descendant(/** @type {number} */ (shop.pid), 'api/dist/main.js');
        note();
        const pid =
          victim === 'site'
            ? (descendant(/** @type {number} */ (shop.pid), 'site/dist/main.js') ?? shop.pid)
            : apiPid;
        if (!pid) throw new Error(`no ${victim} process found under start.mjs`);
        probe = startProbe(targets, 100);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        process.kill(pid, 'SIGKILL');
        // The watch, noting the processes the supervisor starts again meanwhile (so none outlives the bench).
        for (let waited = 0; waited < WATCH_MS; waited += 500) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(500, WATCH_MS - waited)));
          note();
        }
        console.log(`  kill -9 of the ${victim === 'site' ? 'site' : 'API'} (pid ${pid}):`);
        report(await probe.stop());
        probe = undefined;
      } finally {
        await probe?.stop();
        note();
        if (running()) {
          const exited = new Promise((resolve) => shop.once('exit', resolve));
          shop.kill('SIGTERM');
          // start.mjs stops its children on SIGTERM; give it 10 s at most.
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        }
        for (const [pid, command] of started) {
          // Only a process still running the same command: a pid the system gave to another process is left alone.
          if (!command || commandLine(pid) !== command) continue;
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        if (running()) shop.kill('SIGKILL');
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
