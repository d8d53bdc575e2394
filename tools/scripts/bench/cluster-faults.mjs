// @ts-check
// Faults bench: the cluster (nginx, 2 APIs, 2 sites, PostgreSQL) under 50 connections of reads and order
// placements for 20 s; one API and one site instance are killed with SIGKILL in the middle. Prints requests,
// failures seen by clients, p50/p95, orders acknowledged vs stored (lost, duplicated), and what nginx logged
// about the instances (connections refused or cut, "no live upstreams").
// `node tools/scripts/bench/cluster-faults.mjs` alone, or as a step of `npm run bench`.
// BENCH_FAULT_SECONDS (20) and BENCH_FAULT_CONNECTIONS (50) change the run; BENCH_FAULT_SIGNAL (SIGKILL or
// SIGTERM); BENCH_FAULT_KILL=together (api-1 and site-1 at half time, the default) or in-turn (api-1 at a third,
// site-1 at two thirds); BENCH_FAULT_RUNS (1) runs it again on a fresh cluster each time and sums the runs up.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    /** @type {string[]} */
    const killed = [];
    const kill = (/** @type {import('../../src/cluster.mjs').Instance | undefined} */ instance, at = 0) => {
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
      at: kills,
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
    console.log(`  killed with ${signal}: ${killed.join(' and ')}`);
    console.log(
      `  requests ${result.requests}  failed (seen by clients) ${result.failures}  ${result.rps.toFixed(0)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms`,
    );
    for (const [kind, count] of Object.entries(result.failureKinds)) console.log(`    ${count} x ${kind}`);
    console.log(
      `  orders: attempted ${orderAttempts}, acknowledged ${acknowledged.size}, stored ${stored.rows.length}, lost ${lost}, duplicated ${duplicated}`,
    );
    const names = new Map([...cluster.apis, ...cluster.sites].map((i) => [String(i.port), i.name]));
    const tally = nginxTally(nginxErrorLog, names);
    if (tally.length > 0) console.log('  nginx logged:');
    for (const [kind, count] of tally) console.log(`    ${count} x ${kind}`);
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
    rmSync(logDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
