import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { launch } from '../../tools/src/launch.mjs';
import { startMailCatcher } from '../../tools/src/mail-catcher.mjs';
import { publishLocalBuilds } from '../../tools/src/publish-local.mjs';
import { createBackOfficeAccounts } from './back-office-accounts';
import { freePort } from '../../tools/src/free-port.mjs';
import { startGeoStandIn } from './geo-stand-in';
import type { Stack } from './stacks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Running extends Stack {
  stop: () => Promise<void>;
}

/**
 * One whole stack for one worker: the built site and API on free ports (`ports`), with a fresh DATA_DIR and
 * RELEASES_DIR in a temporary folder of its own, its own geolocation stand-in and mail catcher.
 */
async function startStack(ports: [number, number]): Promise<Running> {
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-e2e-'));
  const releasesDir = path.join(work, 'releases');
  const dataDir = path.join(work, 'data');
  const closers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse()) await close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await publishLocalBuilds(releasesDir, { log: () => undefined });
    const geo = await startGeoStandIn();
    closers.push(geo.close);
    createBackOfficeAccounts(dataDir);
    // A real SMTP server for the stack: the API delivers the outbox to it; tests read what it caught (support/mail.ts).
    const mail = await startMailCatcher({ directory: path.join(work, 'caught-mail') });
    closers.push(mail.close);
    const [sitePort, apiPort] = ports;
    const running = await launch({
      sitePort,
      apiPort,
      dataDir,
      releasesDir,
      geoUrl: geo.url,
      apiOutput: process.env.E2E_API_LOGS ? 'inherit' : 'ignore',
      apiEnv: {
        RATE_LIMIT_MAX: '1000',
        NODE_ENV: 'test',
        SMTP_URL: mail.url,
        CAUGHT_MAIL_DIR: mail.directory,
      },
    });
    closers.push(running.stop);
    return {
      url: running.siteUrl,
      apiUrl: running.apiUrl,
      releasesDir,
      workDir: work,
      dataDir,
      mailDir: mail.directory,
      geoControlUrl: geo.controlUrl,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

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
  const started = await Promise.allSettled(ports.map((pair) => startStack(pair)));
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
