// @ts-check
// Rolling-deploy bench: the cluster (nginx, 2 APIs, 2 sites, PostgreSQL) under load (reads and order placements,
// as the fault bench) while `deploy` replaces every instance one at a time with the build on disk; then a second
// deploy whose API build never becomes ready, which must stop with the old instances serving. Prints each step
// with its time, the requests failed as clients saw them, and orders acknowledged vs stored.
// `node tools/scripts/bench/rolling-deploy.mjs`; BENCH_DEPLOY_CONNECTIONS (100) and BENCH_DEPLOY_SECONDS (90: both
// deploys end under load).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildIfNeeded } from '../../src/build.mjs';
import { freePort } from '../../src/free-port.mjs';
import { catalogueOf, checkOrders, registerShoppers, shopperLoad } from './cluster-orders.mjs';
import { drive } from './drive.mjs';

// The site and the release platform are TypeScript packages (site/, releases/): built when changed, then loaded.
await buildIfNeeded({ only: ['site'] });
const { startCluster } = await import('../../src/cluster.mjs');

const HERE = path.dirname(fileURLToPath(import.meta.url));
export async function run() {
  const seconds = Number(process.env.BENCH_DEPLOY_SECONDS ?? 90);
  const connections = Number(process.env.BENCH_DEPLOY_CONNECTIONS ?? 100);
  const port = await freePort();
  console.log(`\nRolling deploy: cluster on :${port}, ${connections} connections, ${seconds} s`);
  const cluster = await startCluster({
    port,
    host: '127.0.0.1',
    output: 'ignore',
    apiEnv: { RATE_LIMIT_MAX: '1000000' },
  });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;
  try {
    const base = cluster.url.replace('localhost', '127.0.0.1');
    const { priced, slugs } = await catalogueOf(base);
    const tokens = await registerShoppers(base, connections, 'deploy');
    const describe = () =>
      [...cluster.apis, ...cluster.sites].map((x) => `${x.name} :${x.port} pid ${x.child.pid}`).join(', ');
    const before = describe();
    const load = shopperLoad({
      tokens,
      priced,
      keyPrefix: 'deploy',
      reads: [
        () => '/api/product/list?limit=24',
        () =>
          `/api/product/slug/${encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)] ?? '')}`,
        () => '/',
        () => '/remotes/registry.json',
        () => '/products',
      ],
    });
    /** @type {{ ok: boolean; replaced: string[] }[]} */
    const deploys = [];
    const log = (/** @type {string} */ line) => console.log(`  ${at()}  ${line}`);
    /** @type {Promise<void>} */
    let deploying = Promise.resolve();
    const result = await drive({
      baseUrl: base,
      connections,
      seconds,
      next: load.next,
      onOutcome: load.onOutcome,
      at: [
        {
          afterMs: 5000,
          run: () => {
            deploying = deployBoth();
          },
        },
      ],
    });
    await deploying;
    async function deployBoth() {
      log('deploy: the build on disk, every instance in turn');
      deploys.push(await cluster.deploy({ log }));
      log('deploy: a build whose API never becomes ready (readiness 10 s)');
      deploys.push(
        await cluster.deploy({
          log,
          apiEntry: path.join(HERE, 'not-ready-api.mjs'),
          readyTimeoutMs: 10_000,
        }),
      );
      log('deploys over');
    }
    const { stored, lost, duplicated } = await checkOrders(db, 'deploy', load.acknowledged);
    console.log(`  before: ${before}`);
    console.log(`  after:  ${describe()}`);
    console.log(
      `  deploys: ${deploys.map((d) => (d.ok ? `done (${d.replaced.join(', ')})` : `stopped (replaced: ${d.replaced.join(', ') || 'none'})`)).join('; ')}`,
    );
    console.log(
      `  requests ${result.requests}  failed (seen by clients) ${result.failures}  ${result.rps.toFixed(0)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms`,
    );
    for (const [kind, count] of Object.entries(result.failureKinds)) console.log(`    ${count} x ${kind}`);
    console.log(
      `  orders: acknowledged ${load.acknowledged.size}, stored ${stored}, lost ${lost}, duplicated ${duplicated}`,
    );
    return { ...result, deploys, lost };
  } finally {
    await db.end();
    await cluster.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
