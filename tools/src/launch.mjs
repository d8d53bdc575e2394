// @ts-check
// Starts the API (a child process on its database) and the site server (another child), for `npm start` and the
// e2e suite. Both are supervised: one that crashes is logged and started again with a backoff, and neither takes
// the other down (the site keeps serving pages while the API is restarting).
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { ensureSigningKey } from '@metrology/releases/signing-key';
import { supervise } from './supervisor.mjs';
import {
  DEFAULT_GEO_URL,
  SITE_SCRIPT,
  siteEnvironment,
  sitePermissionFlags,
  siteSecretsInput,
} from './site-process.mjs';
import { ensureSiteRole } from './site-role.mjs';

export { DEFAULT_GEO_URL };

/**
 * @typedef {object} LaunchOptions
 * @property {number} sitePort
 * @property {number} apiPort
 * @property {string} dataDir
 * @property {string} releasesDir
 * @property {string} [databaseUrl] the API's database; the site gets a role of its own on it (site-role.mjs)
 * @property {string} [siteDatabaseUrl] the site's read-only URL (SITE_DATABASE_URL): then no role is made
 * @property {string} [geoUrl]
 * @property {number} [deliveryFee]
 * @property {Record<string, string>} [apiEnv] more variables for the API process
 * @property {'inherit' | 'ignore' | 'pipe'} [apiOutput]
 * @property {boolean} [quiet]
 * @property {string} [siteUrl] SITE_URL: the site's public URL (default http://localhost:sitePort)
 * @property {string} [publicApiUrl] PUBLIC_API_URL: the API's public URL (default http://localhost:apiPort)
 * @property {(line: string) => void} [log] where restarts are logged (default stderr)
 */

/** @param {string} url @param {number} timeoutMs @param {() => boolean} alive @param {string} name */
async function waitForHealth(url, timeoutMs, alive, name = 'The API') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${name} process exited before it became healthy`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The site's role on the API's database; the release tables it reads are made first when missing.
 * @param {string} databaseUrl @param {string} dataDir
 */
async function siteRoleOn(databaseUrl, dataDir) {
  const { openPgRegistryStore } = await import('@metrology/releases/pg-store');
  const store = await openPgRegistryStore(databaseUrl);
  await store.close();
  return (await ensureSiteRole(databaseUrl, { dataDir })).url;
}

/**
 * @typedef {object} SiteProcessOptions
 * @property {number} sitePort
 * @property {number} apiPort
 * @property {string} dataDir
 * @property {string} releasesDir
 * @property {string} siteUrl
 * @property {string} publicApiUrl
 * @property {string} geoUrl
 * @property {number} deliveryFee
 * @property {boolean} logger one line per request (npm start, where the API's output is shown)
 * @property {string} releaseSigningKey
 * @property {string} [siteDatabaseUrl] its read-only role's URL (with a database)
 */

/**
 * How `npm start` starts its site server: the script under Node's permission model, an environment of what it reads
 * (from `from`, the launcher's, and what is decided here), and its secrets on standard input.
 * @param {SiteProcessOptions} options
 * @param {Record<string, string | undefined>} [from]
 * @returns {{ command: string; args: string[]; cwd: string; env: Record<string, string>; input: string }}
 */
export function siteProcess(options, from = process.env) {
  const shellDir = path.join(ROOT, 'shell/dist');
  // With a database the versions' files are fetched into this folder: the only one it writes.
  const cacheDir = options.siteDatabaseUrl
    ? path.resolve(from.SITE_CACHE_DIR ?? path.join(options.dataDir, `site-cache-${options.sitePort}`))
    : undefined;
  return {
    command: process.execPath,
    args: [...sitePermissionFlags({ shellDir, releasesDir: options.releasesDir, cacheDir }), SITE_SCRIPT],
    cwd: ROOT,
    env: siteEnvironment(from, {
      SITE_PORT: String(options.sitePort),
      API_PORT: String(options.apiPort),
      RELEASES_DIR: options.releasesDir,
      SITE_URL: options.siteUrl,
      PUBLIC_API_URL: options.publicApiUrl,
      DELIVERY_FEE: String(options.deliveryFee),
      GEO_URL: options.geoUrl,
      SITE_CACHE_DIR: cacheDir,
      // One line per request where the API's output is shown too (npm start); none when it is not.
      SITE_LOG: options.logger ? 'on' : 'off',
      SITE_SECRETS: 'stdin',
    }),
    input: siteSecretsInput({
      releaseSigningKey: options.releaseSigningKey,
      ...(options.siteDatabaseUrl ? { databaseUrl: options.siteDatabaseUrl } : {}),
    }),
  };
}

/** @param {LaunchOptions} options */
export async function launch(options) {
  const deliveryFee = options.deliveryFee ?? 10;
  const geoUrl = options.geoUrl ?? DEFAULT_GEO_URL;
  const siteUrl = options.siteUrl ?? process.env.SITE_URL ?? `http://localhost:${options.sitePort}`;
  const publicApiUrl =
    options.publicApiUrl ?? process.env.PUBLIC_API_URL ?? `http://localhost:${options.apiPort}`;
  const log = options.log ?? ((/** @type {string} */ line) => console.error(line));
  // Preview links and page tokens: the site signs, the API checks (made once in DATA_DIR when unset).
  const releaseSigningKey = await ensureSigningKey(options.dataDir);
  /** @type {Record<string, string>} */
  const env = {
    .../** @type {Record<string, string>} */ (process.env),
    API_PORT: String(options.apiPort),
    // The API's CORS allows this site's origins (http://localhost:SITE_PORT, http://127.0.0.1:SITE_PORT).
    SITE_PORT: String(options.sitePort),
    DATA_DIR: options.dataDir,
    RELEASE_SIGNING_KEY: releaseSigningKey,
    // The release desk moves the same registry the site serves.
    RELEASES_DIR: options.releasesDir,
    DELIVERY_FEE: String(deliveryFee),
    SITE_URL: siteUrl,
    PUBLIC_API_URL: publicApiUrl,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.apiEnv,
  };
  const api = supervise({
    name: 'The API',
    command: process.execPath,
    args: [path.join(ROOT, 'api/dist/main.js')],
    cwd: ROOT,
    env,
    output: options.apiOutput ?? 'inherit',
    log,
  });
  /** @type {ReturnType<typeof supervise> | undefined} */
  let site;
  const stopAll = async () => {
    await Promise.all([site?.stop(), api.stop()]);
  };

  try {
    let firstApiExit = false;
    api.onExit(() => {
      firstApiExit = true;
    });
    await waitForHealth(
      `http://127.0.0.1:${options.apiPort}/api/health`,
      120_000,
      () => !firstApiExit,
      'The API',
    );
    // The site's own read-only role on the API's database (made once the API has migrated it).
    const siteDatabaseUrl = options.databaseUrl
      ? (options.siteDatabaseUrl ??
        process.env.SITE_DATABASE_URL ??
        (await siteRoleOn(options.databaseUrl, options.dataDir)))
      : undefined;
    site = supervise({
      name: 'The site',
      ...siteProcess({
        sitePort: options.sitePort,
        apiPort: options.apiPort,
        dataDir: options.dataDir,
        releasesDir: options.releasesDir,
        siteUrl,
        publicApiUrl,
        geoUrl,
        deliveryFee,
        logger: (options.apiOutput ?? 'inherit') === 'inherit',
        releaseSigningKey,
        ...(siteDatabaseUrl ? { siteDatabaseUrl } : {}),
      }),
      output: options.apiOutput ?? 'inherit',
      log,
    });
    let firstSiteExit = false;
    site.onExit(() => {
      firstSiteExit = true;
    });
    await waitForHealth(
      `http://127.0.0.1:${options.sitePort}/livez`,
      60_000,
      () => !firstSiteExit,
      'The site',
    );
    const running = site;
    return {
      siteUrl: `http://localhost:${options.sitePort}`,
      apiUrl: `http://localhost:${options.apiPort}`,
      /** The API's current process (a new one after each restart). */
      get api() {
        return api.child;
      },
      /** The site's current process. */
      get site() {
        return running.child;
      },
      supervisors: { api, site: running },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
