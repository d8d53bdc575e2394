// @ts-check
// Rolling-deploy bench: the cluster (nginx, 2 APIs, 2 sites, PostgreSQL) under load (reads and order placements,
// as the fault bench) while `deploy` replaces every instance one at a time with the build on disk; then a second
// deploy whose API build never becomes ready, which must stop with the old instances serving. Prints each step
// with its time, the requests failed as clients saw them, and orders acknowledged vs stored.
// `node tools/scripts/bench/rolling-deploy.mjs`; BENCH_DEPLOY_CONNECTIONS (100) and BENCH_DEPLOY_SECONDS (90: both
// deploys end under load).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster } from '../../src/cluster.mjs';
import { freePort } from '../../src/free-port.mjs';
import { drive } from './drive.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'bench@example.com',
  street: '1 Load Street',
  city: 'Pune',
  state: 'Maharashtra',
  zipcode: '411001',
  country: 'India',
  phone: '+91 98000 00000',
};

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
    const { products } = /** @type {{ products: { _id: string; slug: string; price: number }[] }} */ (
      await (await fetch(`${base}/api/product/list`)).json()
    );
    const priced = products.filter((p) => p.price > 0);
    const slugs = products.map((p) => p.slug);
    const tokens = /** @type {string[]} */ ([]);
    for (let i = 0; i < connections; i += 1) {
      const response = await fetch(`${base}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Deploy Buyer ${i}`,
          email: `deploy.${i}.${Date.now()}@example.com`,
          password: 'bench password 123',
        }),
      });
      const answer = /** @type {{ token?: string }} */ (await response.json());
      if (!answer.token) throw new Error(`register failed: ${JSON.stringify(answer)}`);
      tokens.push(answer.token);
    }
    const describe = () =>
      [...cluster.apis, ...cluster.sites].map((x) => `${x.name} :${x.port} pid ${x.child.pid}`).join(', ');
    const before = describe();
    const acknowledged = new Map();
    const perUser = new Array(connections).fill(0);
    const reads = [
      () => '/api/product/list?limit=24',
      () => `/api/product/slug/${encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)] ?? '')}`,
      () => '/',
      () => '/remotes/registry.json',
      () => '/products',
    ];
    /** @type {{ ok: boolean; replaced: string[] }[]} */
    const deploys = [];
    const log = (/** @type {string} */ line) => console.log(`  ${at()}  ${line}`);
    /** @type {Promise<void>} */
    let deploying = Promise.resolve();
    const result = await drive({
      baseUrl: base,
      connections,
      seconds,
      next: (connection, n) => {
        if (n % 4 === 3) {
          const k = perUser[connection]++;
          return {
            method: 'POST',
            path: '/api/order/place',
            headers: { token: tokens[connection] ?? '', 'idempotency-key': `deploy-${randomUUID()}` },
            body: {
              address: ADDRESS,
              items: [
                { _id: priced[k % priced.length]?._id, quantity: 1 + (Math.floor(k / priced.length) % 9) },
              ],
            },
          };
        }
        return { path: /** @type {() => string} */ (reads[n % reads.length])() };
      },
      onOutcome: (_connection, outcome) => {
        const key = outcome.step.headers?.['idempotency-key'];
        if (key && outcome.status === 200)
          acknowledged.set(key, /** @type {{ orderId: string }} */ (outcome.json).orderId);
      },
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
    const stored = await db.query(
      `SELECT idempotency_key, id FROM orders WHERE idempotency_key LIKE 'deploy-%'`,
    );
    const storedByKey = new Map(stored.rows.map((row) => [row.idempotency_key, row.id]));
    let lost = 0;
    for (const [key, orderId] of acknowledged) if (storedByKey.get(key) !== orderId) lost += 1;
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
      `  orders: acknowledged ${acknowledged.size}, stored ${stored.rows.length}, lost ${lost}, duplicated ${stored.rows.length - storedByKey.size}`,
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
