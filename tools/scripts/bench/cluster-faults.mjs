// @ts-check
// Faults bench: the cluster (nginx, 2 APIs, 2 sites, PostgreSQL) under 50 connections of reads and order
// placements for 20 s; one API and one site instance are killed with SIGKILL in the middle. Prints requests,
// failures seen by clients, p50/p95, and orders acknowledged vs stored (lost, duplicated).
// `node tools/scripts/bench/cluster-faults.mjs` alone, or as a step of `npm run bench`.
// BENCH_FAULT_SECONDS (20) and BENCH_FAULT_CONNECTIONS (50) change the run.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startCluster } from '../../src/cluster.mjs';
import { freePort } from '../../src/free-port.mjs';
import { drive } from './drive.mjs';

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

/** @param {string} url @param {unknown} payload @param {Record<string, string>} [headers] */
async function postJson(url, payload, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  return /** @type {Record<string, unknown>} */ (await response.json());
}

export async function run() {
  const seconds = Number(process.env.BENCH_FAULT_SECONDS ?? 20);
  const connections = Number(process.env.BENCH_FAULT_CONNECTIONS ?? 50);
  const port = await freePort();
  console.log(
    `\nFaults: cluster (nginx, 2 APIs, 2 sites, PostgreSQL 15) on :${port}, ${connections} connections, ${seconds} s`,
  );
  const cluster = await startCluster({
    port,
    host: '127.0.0.1',
    output: 'ignore',
    apiEnv: { RATE_LIMIT_MAX: '1000000' },
  });
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const base = cluster.url.replace('localhost', '127.0.0.1');
    const { products } = /** @type {{ products: { _id: string; slug: string; price: number }[] }} */ (
      await (await fetch(`${base}/api/product/list`)).json()
    );
    const priced = products.filter((p) => p.price > 0);
    const slugs = products.map((p) => p.slug);
    const tokens = /** @type {string[]} */ ([]);
    for (let i = 0; i < connections; i += 1) {
      const answer = await postJson(`${base}/api/user/register`, {
        name: `Bench Buyer ${i}`,
        email: `bench.${i}.${Date.now()}@example.com`,
        password: 'bench password 123',
      });
      if (!answer.token) throw new Error(`register failed: ${JSON.stringify(answer)}`);
      tokens.push(/** @type {string} */ (answer.token));
    }

    /** Idempotency keys of placements whose answer the client got (200), and the order ids it was told. */
    const acknowledged = new Map();
    let orderAttempts = 0;
    const perUser = new Array(connections).fill(0);
    const reads = [
      () => '/api/product/list?limit=24',
      () =>
        `/api/product/search?q=${['gauge', 'caliper', 'micrometer', 'probe'][Math.floor(Math.random() * 4)]}`,
      () => `/api/product/slug/${encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)] ?? '')}`,
      () => '/',
      () => '/remotes/registry.json',
    ];
    const killAt = Math.round((seconds * 1000) / 2);
    const killed = /** @type {string[]} */ ([]);
    const result = await drive({
      baseUrl: base,
      connections,
      seconds,
      next: (connection, n) => {
        if (n % 4 === 3) {
          // Each of the user's orders differs (product, quantity), so the 30-second double-submit guard never
          // refuses a genuine new order; the key is what makes a retry safe.
          const k = perUser[connection]++;
          const product = priced[k % priced.length];
          const quantity = 1 + (Math.floor(k / priced.length) % 9);
          orderAttempts += 1;
          return {
            method: 'POST',
            path: '/api/order/place',
            headers: { token: tokens[connection] ?? '', 'idempotency-key': `bench-${randomUUID()}` },
            body: { address: ADDRESS, items: [{ _id: product?._id, quantity }] },
          };
        }
        return { path: /** @type {() => string} */ (reads[n % reads.length])() };
      },
      onOutcome: (_connection, outcome) => {
        const key = outcome.step.headers?.['idempotency-key'];
        if (key && outcome.status === 200) {
          acknowledged.set(key, /** @type {{ orderId: string }} */ (outcome.json).orderId);
        }
      },
      at: [
        {
          afterMs: killAt,
          run: () => {
            const api = cluster.apis[0];
            const site = cluster.sites[0];
            api?.child.kill('SIGKILL');
            site?.child.kill('SIGKILL');
            killed.push(`${api?.name}`, `${site?.name}`);
          },
        },
      ],
    });

    const stored = await db.query(
      `SELECT idempotency_key, id FROM orders WHERE idempotency_key LIKE 'bench-%'`,
    );
    const storedByKey = new Map();
    let duplicated = 0;
    for (const row of stored.rows) {
      if (storedByKey.has(row.idempotency_key)) duplicated += 1;
      storedByKey.set(row.idempotency_key, row.id);
    }
    let lost = 0;
    for (const [key, orderId] of acknowledged) if (storedByKey.get(key) !== orderId) lost += 1;
    console.log(`  killed with SIGKILL at ${killAt / 1000} s: ${killed.join(' and ')}`);
    console.log(
      `  requests ${result.requests}  failed (seen by clients) ${result.failures}  ${result.rps.toFixed(0)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms`,
    );
    for (const [kind, count] of Object.entries(result.failureKinds)) console.log(`    ${count} x ${kind}`);
    console.log(
      `  orders: attempted ${orderAttempts}, acknowledged ${acknowledged.size}, stored ${stored.rows.length}, lost ${lost}, duplicated ${duplicated}`,
    );
    return {
      ...result,
      orderAttempts,
      acknowledged: acknowledged.size,
      stored: stored.rows.length,
      lost,
      duplicated,
    };
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
