// @ts-check
// API load bench: req/s and p50/p95 at 10, 50 and 100 connections for the product list, search, a product by slug
// and order placement, on the embedded database (PGlite, the default) and on PostgreSQL 15 (DATABASE_URL, a
// throwaway cluster). One API process each; rate limits off. `node tools/scripts/bench/load.mjs` alone, or as a
// step of `npm run bench`. BENCH_LOAD_SECONDS (5 per figure) and BENCH_LOAD_ENGINES (pglite,postgres) change it.
// Bounded: each figure lasts its seconds (a request gives up after 30 s), and the API process and the throwaway
// PostgreSQL it starts are stopped at the end, also when the run fails.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../src/paths.mjs';
import { freePort } from '../../src/free-port.mjs';
import { startThrowawayPostgres } from '../../src/pg-cluster.mjs';
import { drive } from './drive.mjs';

const LEVELS = [10, 50, 100];
const ADDRESS = {
  firstName: 'Load',
  lastName: 'Test',
  email: 'load@example.com',
  street: '2 Bench Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  zipcode: '600002',
  country: 'India',
  phone: '+91 98400 00000',
};

/** @param {{ databaseUrl?: string }} options */
async function startApi({ databaseUrl }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'metrology-load-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) {
      child.kill('SIGTERM');
      // A graceful stop finishes the requests in flight; past 10 s it is ended.
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!alive()) throw new Error('The API exited while starting');
      try {
        if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error('The API did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** @param {string} url @param {number} users */
async function registerUsers(url, users) {
  const tokens = /** @type {string[]} */ ([]);
  for (let i = 0; i < users; i += 1) {
    const response = await fetch(`${url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Load ${i}`,
        email: `load.${i}.${randomUUID()}@example.com`,
        password: 'load password 123',
      }),
    });
    const answer = /** @type {{ token?: string }} */ (await response.json());
    if (!answer.token) throw new Error('register failed');
    tokens.push(answer.token);
  }
  return tokens;
}

/** @param {string} engine @param {string | undefined} databaseUrl @param {number} seconds */
async function benchEngine(engine, databaseUrl, seconds) {
  const api = await startApi({ databaseUrl });
  try {
    const { products } = /** @type {{ products: { _id: string; slug: string; price: number }[] }} */ (
      await (await fetch(`${api.url}/api/product/list`)).json()
    );
    const priced = products.filter((p) => p.price > 0);
    const tokens = await registerUsers(api.url, Math.max(...LEVELS));
    const counters = new Array(tokens.length).fill(0);
    const words = ['gauge', 'caliper', 'micrometer', 'probe', 'bore', 'height'];
    /** @type {Record<string, (connection: number, n: number) => import('./drive.mjs').Step>} */
    const scenarios = {
      'product list': () => ({ path: '/api/product/list?limit=24' }),
      search: (_c, n) => ({ path: `/api/product/search?q=${words[n % words.length]}` }),
      'product by slug': (_c, n) => ({ path: `/api/product/slug/${products[n % products.length]?.slug}` }),
      'order placement': (connection) => {
        const k = counters[connection]++;
        return {
          method: 'POST',
          path: '/api/order/place',
          headers: { token: tokens[connection] ?? '', 'idempotency-key': `load-${randomUUID()}` },
          body: {
            address: ADDRESS,
            items: [
              { _id: priced[k % priced.length]?._id, quantity: 1 + (Math.floor(k / priced.length) % 9) },
            ],
          },
        };
      },
    };
    console.log(`  ${engine}`);
    console.log('    call               conns     req/s   p50 ms   p95 ms   errors');
    for (const [name, next] of Object.entries(scenarios)) {
      for (const connections of LEVELS) {
        const r = await drive({ baseUrl: api.url, connections, seconds, next });
        console.log(
          `    ${name.padEnd(18)} ${String(connections).padStart(5)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(r.failures).padStart(8)}`,
        );
        for (const [kind, count] of Object.entries(r.failureKinds)) console.log(`      ${count} x ${kind}`);
      }
    }
  } finally {
    await api.stop();
  }
}

export async function run() {
  const seconds = Math.max(1, Number(process.env.BENCH_LOAD_SECONDS ?? 5));
  const engines = (process.env.BENCH_LOAD_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
  console.log(`\nAPI load (one API process, ${seconds} s per figure, rate limits off, 63 products):`);
  if (engines.includes('pglite')) await benchEngine('embedded PGlite (default)', undefined, seconds);
  if (engines.includes('postgres')) {
    const pg = await startThrowawayPostgres();
    try {
      await benchEngine('PostgreSQL 15 (DATABASE_URL)', pg.url, seconds);
    } finally {
      await pg.stop();
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
