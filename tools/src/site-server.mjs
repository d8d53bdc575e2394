// @ts-check
// The site: the shell, the published remotes and their registry, and the run-time config.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { readRegistryWithFallback } from './registry.mjs';
import { crawlRoutes } from './crawl-routes.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHE = 'no-store, max-age=0';
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|woff2?)$/;

/**
 * @typedef {object} SiteOptions
 * @property {string} shellDir built shell (shell/dist)
 * @property {string} releasesDir RELEASES_DIR
 * @property {number} apiPort API_PORT, used when no public API URL is given
 * @property {string} [publicApiUrl] the API's URL as browsers reach it (PUBLIC_API_URL; default http://localhost:apiPort)
 * @property {string} [siteUrl] this site's URL as browsers reach it (SITE_URL; default http://localhost:<its port>)
 * @property {string} [apiInternalUrl] where the site checks the API is reachable for /readyz (default 127.0.0.1:apiPort)
 * @property {string | boolean} [trustedProxy] TRUSTED_PROXY: the only address whose X-Forwarded-* headers count
 * @property {string} geoUrl GEO_URL
 * @property {number} deliveryFee DELIVERY_FEE
 * @property {boolean | object} [logger]
 */

/** @param {SiteOptions} options */
export async function createSiteServer(options) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustedProxy ?? false,
    // A client that sends nothing, or too slowly, does not hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
  });
  // Public URLs come from configuration only, never from Host, X-Forwarded-Host, Origin or Referer.
  const trimmed = (/** @type {string} */ url) => url.replace(/\/+$/, '');
  const apiBaseUrl = trimmed(options.publicApiUrl || `http://localhost:${options.apiPort}`);
  /** @type {string | undefined} */
  let siteOrigin = options.siteUrl ? trimmed(options.siteUrl) : undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!siteOrigin && address && typeof address === 'object')
      siteOrigin = `http://localhost:${address.port}`;
  });
  /** The last damage reported, so a damaged registry is logged loudly once, not on every page load. */
  let reportedDamage = '';
  const readRegistry = async () => {
    const reading = await readRegistryWithFallback(options.releasesDir);
    if (reading.damage && reading.damage !== reportedDamage) {
      reportedDamage = reading.damage;
      console.error(
        `ERROR: ${reading.damage}. The site serves ${reading.source === 'last-good' ? 'the last good copy (registry.json.last-good)' : 'no sections'}; run 'npm run release -- status' and 'npm run release -- repair'.`,
      );
    } else if (!reading.damage) reportedDamage = '';
    return reading;
  };
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });

  app.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return {
      apiBaseUrl,
      geoUrl: options.geoUrl,
      registryUrl: '/remotes/registry.json',
      deliveryFee: options.deliveryFee,
      siteOrigin: siteOrigin ?? 'http://localhost:8080',
    };
  });

  app.get('/healthz', async () => ({ ok: true }));
  // Liveness: the process answers. Readiness: the release pointer is readable and the API answers.
  app.get('/livez', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return { ok: true, status: 'live' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    /** @type {string[]} */
    const reasons = [];
    const reading = await readRegistry();
    if (reading.damage)
      reasons.push(`the release pointer is damaged: ${reading.damage} (serving ${reading.source})`);
    const apiUrl = trimmed(options.apiInternalUrl || `http://127.0.0.1:${options.apiPort}`);
    try {
      const response = await fetch(`${apiUrl}/api/health/live`, { signal: AbortSignal.timeout(2000) });
      if (!response.ok) reasons.push(`the API at ${apiUrl} answers ${response.status}`);
    } catch (error) {
      reasons.push(`the API at ${apiUrl} is unreachable (${error instanceof Error ? error.message : error})`);
    }
    if (reasons.length) {
      reply.code(503);
      return { ok: false, status: 'not ready', reason: reasons.join('; ') };
    }
    return { ok: true, status: 'ready', registry: reading.source };
  });
  await app.register(crawlRoutes, {
    apiUrl: trimmed(options.apiInternalUrl || `http://127.0.0.1:${options.apiPort}`),
  });

  // The registry is the live pointer: never cached, so a publish or rollback shows on the next page load.
  app.get('/remotes/registry.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.type('application/json');
    // A damaged registry.json (cut short by a bad write) is never sent: the last good copy is, and the damage is
    // logged and shown by /readyz and `release status`.
    const reading = await readRegistry();
    reply.header('X-Registry-Source', reading.source);
    return reading.text;
  });

  // Published versions never change: cache them for a year. Other origins may load them (CORS).
  await app.register(fastifyStatic, {
    root: path.resolve(options.releasesDir),
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) =>
      !pathName.includes('.registry.lock') &&
      !pathName.includes('.staging-') &&
      !pathName.includes('registry.json'),
    setHeaders: (res, filePath) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', filePath.endsWith('registry.json') ? NEVER_CACHE : IMMUTABLE);
    },
  });

  await app.register(fastifyStatic, {
    root: path.resolve(options.shellDir),
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED_FILE.test(filePath) ? IMMUTABLE : 'no-cache');
    },
  });

  const indexHtml = path.join(path.resolve(options.shellDir), 'index.html');
  // Every other GET is a route of the single-page app: the shell decides what it shows (including 404).
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!wantsPage || request.url.startsWith('/remotes/')) {
      reply.code(404).header('Cache-Control', 'no-cache');
      return { error: 'Not found' };
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return fs.readFile(indexHtml, 'utf8');
  });

  return app;
}
