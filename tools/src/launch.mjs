// @ts-check
// Starts the API (a child process on its database) and the site server (another child), for `npm start` and the
// e2e suite. Both are supervised: one that crashes is logged and started again with a backoff, and neither takes
// the other down (the site keeps serving pages while the API is restarting).
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { ensureSigningKey } from '@metrology/releases/signing-key';
import { supervise } from './supervisor.mjs';
import { trustProxyFromEnv } from '@metrology/shared/trust-proxy';

// The site server asks it for each visitor's address ({ip}); the browser, for pages it renders itself, without.
export const DEFAULT_GEO_URL = 'https://ipapi.co/{ip}/json/';

/**
 * SSR=off renders pages in the browser only (as before server rendering); GEO_CACHE_MS is how long the answer
 * for one visitor address is kept (default 10 minutes); SSR_CACHE_MS how long a rendered page is served again
 * (default 1 s).
 * @param {Record<string, string | undefined>} env
 * @returns {{ serverRender?: boolean; geoCacheMs?: number; pageCacheMs?: number }}
 */
export function serverRenderOptions(env) {
  /** @type {{ serverRender?: boolean; geoCacheMs?: number; pageCacheMs?: number }} */
  const options = {};
  if (env.SSR !== undefined) {
    if (!['on', 'off'].includes(env.SSR)) throw new Error(`SSR must be 'on' or 'off', got '${env.SSR}'`);
    options.serverRender = env.SSR === 'on';
  }
  if (env.GEO_CACHE_MS !== undefined) {
    const value = Number(env.GEO_CACHE_MS);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`GEO_CACHE_MS must be a whole number of milliseconds, got '${env.GEO_CACHE_MS}'`);
    options.geoCacheMs = value;
  }
  if (env.SSR_CACHE_MS !== undefined) {
    const value = Number(env.SSR_CACHE_MS);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`SSR_CACHE_MS must be a whole number of milliseconds, got '${env.SSR_CACHE_MS}'`);
    options.pageCacheMs = value;
  }
  return options;
}

/**
 * @typedef {object} LaunchOptions
 * @property {number} sitePort
 * @property {number} apiPort
 * @property {string} dataDir
 * @property {string} releasesDir
 * @property {string} [databaseUrl]
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

/** @param {LaunchOptions} options */
export async function launch(options) {
  const deliveryFee = options.deliveryFee ?? 10;
  const geoUrl = options.geoUrl ?? DEFAULT_GEO_URL;
  const siteUrl = options.siteUrl ?? process.env.SITE_URL ?? `http://localhost:${options.sitePort}`;
  const publicApiUrl =
    options.publicApiUrl ?? process.env.PUBLIC_API_URL ?? `http://localhost:${options.apiPort}`;
  const log = options.log ?? ((/** @type {string} */ line) => console.error(line));
  /** @type {Record<string, string>} */
  const env = {
    .../** @type {Record<string, string>} */ (process.env),
    API_PORT: String(options.apiPort),
    // The API's CORS allows this site's origins (http://localhost:SITE_PORT, http://127.0.0.1:SITE_PORT).
    SITE_PORT: String(options.sitePort),
    DATA_DIR: options.dataDir,
    // Preview links and page tokens: the site signs, the API checks (made once in DATA_DIR when unset).
    RELEASE_SIGNING_KEY: await ensureSigningKey(options.dataDir),
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
    const trustProxy = trustProxyFromEnv(process.env);
    const siteOptions = {
      shellDir: path.join(ROOT, 'shell/dist'),
      releasesDir: options.releasesDir,
      apiPort: options.apiPort,
      publicApiUrl,
      siteUrl,
      geoUrl,
      deliveryFee,
      // One line per request alongside the API's when the API's output is shown (npm start).
      logger: (options.apiOutput ?? 'inherit') === 'inherit',
      // X-Forwarded-* believed only from the balancer TRUST_PROXY names (the API reads the same variable).
      ...(trustProxy === undefined ? {} : { trustProxy }),
      ...serverRenderOptions(process.env),
    };
    site = supervise({
      name: 'The site',
      command: process.execPath,
      args: [path.join(ROOT, 'tools/scripts/site.mjs')],
      cwd: ROOT,
      env: { ...env, SITE_SERVER_OPTIONS: JSON.stringify(siteOptions) },
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
