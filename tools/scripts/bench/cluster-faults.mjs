// @ts-check
// Faults bench: the cluster (nginx, 2 APIs, 2 sites, PostgreSQL) under 50 connections of reads and order
// placements for 20 s; one API and one site instance are killed with SIGKILL in the middle. Prints requests,
// failures seen by clients, p50/p95, orders acknowledged vs stored (lost, duplicated), and what nginx logged
// about the instances (connections refused or cut, "no live upstreams").
// `node tools/scripts/bench/cluster-faults.mjs` alone, or as a step of `npm run bench`.
// BENCH_FAULT_SECONDS (20) and BENCH_FAULT_CONNECTIONS (50) change the run; BENCH_FAULT_SIGNAL (SIGKILL or
// SIGTERM); BENCH_FAULT_KILL=together (api-1 and site-1 at half time, the default) or in-turn (api-1 at a third,
// site-1 at two thirds); BENCH_FAULT_RUNS (1) runs it again on a fresh cluster each time and sums the runs up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildIfNeeded } from '../../src/build.mjs';
import { freePort } from '../../src/free-port.mjs';
import { catalogueOf, checkOrders, registerShoppers, shopperLoad } from './cluster-orders.mjs';
import { drive } from './drive.mjs';

// The site and the release platform are TypeScript packages (site/, releases/): built when changed, then loaded.
await buildIfNeeded({ only: ['site'] });
const { startCluster } = await import('../../src/cluster.mjs');

/**
 * nginx's warnings about the instances, by kind and instance, most frequent first.
 * @param {string} file @param {Map<string, string>} names instance names by port
 */
function nginxTally(file, names) {
  /** @type {Record<string, number>} */
  const kinds = {};
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  for (const line of text.split('\n')) {
    const match =
      /\[(warn|error)\] \d+#\d+: \*?\d* ?(.*?)(?: \(\d+: [^)]*\))?(?: while [^,]*)?, client:/.exec(line);
    if (!match) continue;
    const port = /upstream: "http:\/\/[^:]+:(\d+)/.exec(line)?.[1] ?? '';
    const kind = `${match[1]}: ${match[2]} (${names.get(port) ?? 'no instance'})`;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return Object.entries(kinds).sort((a, b) => b[1] - a[1]);
}

export async function run() {
  const runs = Number(process.env.BENCH_FAULT_RUNS ?? 1);
  const results = [];
  for (let i = 1; i <= runs; i += 1) {
    if (runs > 1) console.log(`\nRun ${i} of ${runs}`);
    results.push(await runOnce());
  }
  if (runs > 1) {
    const failed = results.map((r) => r.failures);
    console.log(
      `\n${runs} runs: failed requests ${failed.join(', ')} (total ${failed.reduce((a, b) => a + b, 0)} of ${results.reduce((a, r) => a + r.requests, 0)}); orders lost ${results.reduce((a, r) => a + r.lost, 0)}, duplicated ${results.reduce((a, r) => a + r.duplicated, 0)}`,
    );
  }
  return results;
}

async function runOnce() {
  const seconds = Number(process.env.BENCH_FAULT_SECONDS ?? 20);
  const connections = Number(process.env.BENCH_FAULT_CONNECTIONS ?? 50);
  const signal = /** @type {NodeJS.Signals} */ (process.env.BENCH_FAULT_SIGNAL ?? 'SIGKILL');
  const inTurn = process.env.BENCH_FAULT_KILL === 'in-turn';
  const port = await freePort();
  console.log(
    `\nFaults: cluster (nginx, 2 APIs, 2 sites, PostgreSQL 15) on :${port}, ${connections} connections, ${seconds} s`,
  );
  const logDir = mkdtempSync(path.join(tmpdir(), 'metrology-fault-bench-'));
  const nginxErrorLog = path.join(logDir, 'nginx-error.log');
  const cluster = await startCluster({
    port,
    host: '127.0.0.1',
    output: 'ignore',
    apiEnv: { RATE_LIMIT_MAX: '1000000' },
    nginxErrorLog,
  });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const base = cluster.url.replace('localhost', '127.0.0.1');
    const { priced, slugs } = await catalogueOf(base);
    const tokens = await registerShoppers(base, connections, 'bench');
    const load = shopperLoad({
      tokens,
      priced,
      keyPrefix: 'bench',
      reads: [
        () => '/api/product/list?limit=24',
        () =>
          `/api/product/search?q=${['gauge', 'caliper', 'micrometer', 'probe'][Math.floor(Math.random() * 4)]}`,
        () =>
          `/api/product/slug/${encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)] ?? '')}`,
        () => '/',
        () => '/remotes/registry.json',
      ],
    });
    /** @type {string[]} */
    const killed = [];
    const kill = (
      /** @type {import('../../src/child-processes.mjs').Instance | undefined} */ instance,
      at = 0,
    ) => {
      instance?.child.kill(signal);
      killed.push(`${instance?.name} at ${(at / 1000).toFixed(0)} s`);
    };
    const third = Math.round((seconds * 1000) / 3);
    const half = Math.round((seconds * 1000) / 2);
    const kills = inTurn
      ? [
          { afterMs: third, run: () => kill(cluster.apis[0], third) },
          { afterMs: 2 * third, run: () => kill(cluster.sites[0], 2 * third) },
        ]
      : [
          {
            afterMs: half,
            run: () => {
              kill(cluster.apis[0], half);
              kill(cluster.sites[0], half);
            },
          },
        ];
    const result = await drive({
      baseUrl: base,
      connections,
      seconds,
      next: load.next,
      onOutcome: load.onOutcome,
      at: kills,
    });

    const { stored, lost, duplicated } = await checkOrders(db, 'bench', load.acknowledged);
    console.log(`  killed with ${signal}: ${killed.join(' and ')}`);
    console.log(
      `  requests ${result.requests}  failed (seen by clients) ${result.failures}  ${result.rps.toFixed(0)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms`,
    );
    for (const [kind, count] of Object.entries(result.failureKinds)) console.log(`    ${count} x ${kind}`);
    console.log(
      `  orders: attempted ${load.attempts()}, acknowledged ${load.acknowledged.size}, stored ${stored}, lost ${lost}, duplicated ${duplicated}`,
    );
    const names = new Map([...cluster.apis, ...cluster.sites].map((i) => [String(i.port), i.name]));
    const tally = nginxTally(nginxErrorLog, names);
    if (tally.length > 0) console.log('  nginx logged:');
    for (const [kind, count] of tally) console.log(`    ${count} x ${kind}`);
    return {
      ...result,
      orderAttempts: load.attempts(),
      acknowledged: load.acknowledged.size,
      stored,
      lost,
      duplicated,
    };
  } finally {
    await db.end();
    await cluster.stop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
