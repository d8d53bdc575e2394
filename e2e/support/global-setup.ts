import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { launch } from '../../tools/src/launch.mjs';
import { startMailCatcher } from '../../tools/src/mail-catcher.mjs';
import { publishLocalBuilds } from '../../tools/src/publish-local.mjs';
import { createBackOfficeAccounts } from './back-office-accounts';
import { freePort } from '../../tools/src/free-port.mjs';
import { startGeoStandIn } from './geo-stand-in';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the built site and API on free ports with a fresh DATA_DIR and RELEASES_DIR for the whole run. */
export default async function globalSetup() {
  const needed = [
    'shell/dist/index.html',
    'api/dist/main.js',
    ...REMOTE_NAMES.map((r) => `${r}/dist/mf-manifest.json`),
  ];
  const missing = needed.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length) {
    throw new Error(
      `The e2e suite runs against the production build; run 'npm run build' first (missing: ${missing.join(', ')})`,
    );
  }
  const work = mkdtempSync(path.join(tmpdir(), 'metrology-e2e-'));
  const releasesDir = path.join(work, 'releases');
  await publishLocalBuilds(releasesDir, { log: () => undefined });
  const geo = await startGeoStandIn();
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  createBackOfficeAccounts(path.join(work, 'data'));
  // A real SMTP server for the run: the API delivers the outbox to it; tests read what it caught (support/mail.ts).
  const mail = await startMailCatcher({ directory: path.join(work, 'caught-mail') });
  // Tests change the geolocation answer between pages: the site asks again for every page.
  // The release signing key the site, the API and the release CLI share (preview links, page tokens).
  process.env.RELEASE_SIGNING_KEY = randomBytes(32).toString('base64url');
  process.env.GEO_CACHE_MS = '0';
  // ...and tests change data between pages: every page is rendered afresh.
  process.env.SSR_CACHE_MS = '0';
  // Every browser of the run connects from loopback, as every visitor would behind a balancer there: the site and
  // the API believe X-Forwarded-For from loopback only, so a test can give each simulated visitor an address (and
  // network) of its own, as the rollout controller needs to see them. Without the header a visitor is loopback.
  process.env.TRUST_PROXY = 'loopback';
  const running = await launch({
    sitePort,
    apiPort,
    dataDir: path.join(work, 'data'),
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
  process.env.E2E_SITE_URL = running.siteUrl;
  process.env.E2E_API_URL = running.apiUrl;
  process.env.E2E_GEO_CONTROL_URL = geo.controlUrl;
  process.env.E2E_RELEASES_DIR = releasesDir;
  process.env.E2E_WORK_DIR = work;
  process.env.E2E_MAIL_DIR = mail.directory;

  return async () => {
    await running.stop();
    await geo.close();
    await mail.close();
    rmSync(work, { recursive: true, force: true });
  };
}
