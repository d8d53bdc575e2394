// @ts-check
// Starts the API (a child process on its database) and the site server, for `npm start` and the e2e suite.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { createSiteServer } from './site-server.mjs';

export const DEFAULT_GEO_URL = 'https://ipapi.co/json/';

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
 */

/** @param {string} url @param {number} timeoutMs @param {() => boolean} alive */
async function waitForHealth(url, timeoutMs, alive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error('The API process exited before it became healthy');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The API did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** @param {LaunchOptions} options */
export async function launch(options) {
  const deliveryFee = options.deliveryFee ?? 10;
  const geoUrl = options.geoUrl ?? DEFAULT_GEO_URL;
  /** @type {Record<string, string>} */
  const env = {
    .../** @type {Record<string, string>} */ (process.env),
    API_PORT: String(options.apiPort),
    // The API's CORS allows this site's origins (http://localhost:SITE_PORT, http://127.0.0.1:SITE_PORT).
    SITE_PORT: String(options.sitePort),
    DATA_DIR: options.dataDir,
    DELIVERY_FEE: String(deliveryFee),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.apiEnv,
  };
  const api = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', options.apiOutput ?? 'inherit', options.apiOutput ?? 'inherit'],
  });
  let apiAlive = true;
  api.on('exit', () => {
    apiAlive = false;
  });
  const stopApi = () =>
    new Promise((resolve) => {
      if (!apiAlive) return resolve(undefined);
      api.once('exit', () => resolve(undefined));
      api.kill('SIGTERM');
      setTimeout(() => api.kill('SIGKILL'), 5000).unref();
    });

  try {
    await waitForHealth(`http://127.0.0.1:${options.apiPort}/api/health`, 120_000, () => apiAlive);
    const site = await createSiteServer({
      shellDir: path.join(ROOT, 'shell/dist'),
      releasesDir: options.releasesDir,
      apiPort: options.apiPort,
      publicApiUrl: process.env.PUBLIC_API_URL,
      geoUrl,
      deliveryFee,
      // One line per request alongside the API's when the API's output is shown (npm start).
      logger: (options.apiOutput ?? 'inherit') === 'inherit',
    });
    await site.listen({ port: options.sitePort, host: '0.0.0.0' });
    return {
      siteUrl: `http://localhost:${options.sitePort}`,
      apiUrl: `http://localhost:${options.apiPort}`,
      api,
      async stop() {
        await site.close();
        await stopApi();
      },
    };
  } catch (error) {
    await stopApi();
    throw error;
  }
}
