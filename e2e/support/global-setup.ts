import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { freePort } from '../../tools/src/free-port.mjs';
import { MANAGER, STAFF } from './back-office-accounts';
import { startShop } from './start-shop';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Two ports per stack, all different (one port asked for after another may come back again). */
async function sitePorts(count: number): Promise<[number, number][]> {
  const taken = new Set<number>();
  while (taken.size < count * 2) taken.add(await freePort());
  const ports = [...taken];
  return Array.from({ length: count }, (_, i) => [ports[2 * i] ?? 0, ports[2 * i + 1] ?? 0]);
}

/**
 * Starts one stack per worker (config.workers: E2E_WORKERS or --workers) and hands them to the workers in
 * E2E_STACKS; each worker's tests use the stack at its parallelIndex (support/fixtures.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const needed = [
    'shell/dist/index.html',
    'api/dist/main.js',
    'site/dist/main.js',
    ...REMOTE_NAMES.map((r) => `${r}/dist/mf-manifest.json`),
  ];
  const missing = needed.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length) {
    throw new Error(
      `The e2e suite runs against the production build; run 'npm run build' first (missing: ${missing.join(', ')})`,
    );
  }
  // Tests change the geolocation answer between pages: the site asks again for every page.
  // The release signing key every stack's site and API and the release CLI share (preview links, page tokens).
  process.env.RELEASE_SIGNING_KEY = randomBytes(32).toString('base64url');
  process.env.GEO_CACHE_MS = '0';
  // ...and tests change data between pages: every page is rendered afresh.
  process.env.SSR_CACHE_MS = '0';
  // Every browser of the run connects from loopback, as every visitor would behind a balancer there: the site and
  // the API believe X-Forwarded-For from loopback only, so a test can give each simulated visitor an address (and
  // network) of its own, as the rollout controller needs to see them. Without the header a visitor is loopback.
  process.env.TRUST_PROXY = 'loopback';

  const count = Math.max(1, config.workers);
  const ports = await sitePorts(count);
  // One whole shop per worker, with the suite's staff member and release manager and a mail catcher.
  const started = await Promise.allSettled(
    ports.map((pair) =>
      startShop({
        name: 'stack',
        ports: pair,
        accounts: [STAFF, MANAGER],
        mail: true,
        apiLogs: Boolean(process.env.E2E_API_LOGS),
      }),
    ),
  );
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  process.env.E2E_STACKS = JSON.stringify(stacks.map(({ stop: _stop, ...stack }) => stack));
  return stopAll;
}
