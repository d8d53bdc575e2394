// @ts-check
// The site: the shell, the published remotes and their registry, and the run-time config.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { registryFile } from './registry.mjs';
import { registerSiteSecurity, requestIdFrom, withNonce } from './site-security.mjs';
import { registerRequestLog, siteLogger } from './log-format.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHE = 'no-store, max-age=0';
const HASHED_FILE = /\.[0-9a-f]{10}\.(js|css|svg|png|jpe?g|webp|woff2?)$/;

/**
 * @typedef {object} SiteOptions
 * @property {string} shellDir built shell (shell/dist)
 * @property {string} releasesDir RELEASES_DIR
 * @property {number} apiPort API_PORT, used when no public API URL is given
 * @property {string} [publicApiUrl] the API's URL as browsers reach it (default: this host on apiPort)
 * @property {string} geoUrl GEO_URL
 * @property {number} deliveryFee DELIVERY_FEE
 * @property {boolean | object} [logger] true: one line per request (pretty in a terminal, JSON otherwise)
 * @property {boolean} [apiOnSiteOrigin] the API is reached through this site's own origin (behind nginx)
 * @property {boolean | string[]} [trustProxy] behind nginx: trust X-Forwarded-* from these addresses
 * @property {{ readText(): Promise<string> }} [registryStore] where the live registry is read from on every
 *   request (the PostgreSQL pointer of a cluster); default RELEASES_DIR/registry.json
 */

/** @param {SiteOptions} options */
export async function createSiteServer(options) {
  /** @type {import('fastify').FastifyInstance} */
  const app = Fastify({
    ...siteLogger(options.logger),
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });
  registerRequestLog(app);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  /** The API's URL as this request's browser reaches it. @param {import('fastify').FastifyRequest} request */
  const apiBaseUrlFor = (request) =>
    options.publicApiUrl ||
    (options.apiOnSiteOrigin
      ? `${request.protocol}://${request.host}`
      : `${request.protocol}://${request.hostname}:${options.apiPort}`);
  registerSiteSecurity(app, {
    apiOrigin: (request) => {
      try {
        return new URL(apiBaseUrlFor(request)).origin;
      } catch {
        return null;
      }
    },
    geoUrl: options.geoUrl,
  });

  app.get('/config.json', async (request, reply) => {
    const apiBaseUrl = apiBaseUrlFor(request);
    reply.header('Cache-Control', NEVER_CACHE);
    return {
      apiBaseUrl,
      geoUrl: options.geoUrl,
      registryUrl: '/remotes/registry.json',
      deliveryFee: options.deliveryFee,
      siteOrigin: `${request.protocol}://${request.host}`,
    };
  });

  app.get('/healthz', async () => ({ ok: true }));

  // The registry is the live pointer: never cached, so a publish or rollback shows on the next page load.
  app.get('/remotes/registry.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.type('application/json');
    try {
      if (options.registryStore) return await options.registryStore.readText();
      return await fs.readFile(registryFile(options.releasesDir), 'utf8');
    } catch {
      return JSON.stringify({ remotes: {} });
    }
  });

  // Published versions never change: cache them for a year. Other origins may load them (CORS).
  await app.register(fastifyStatic, {
    root: path.resolve(options.releasesDir),
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => !pathName.includes('.registry.lock') && !pathName.includes('.staging-'),
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
    // The page itself is served below, with this response's nonce on its scripts.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED_FILE.test(filePath) ? IMMUTABLE : 'no-cache');
    },
  });

  const indexHtml = path.join(path.resolve(options.shellDir), 'index.html');
  // Every other GET is a route of the single-page app: the shell decides what it shows (including 404).
  app.setNotFoundHandler(async (request, reply) => {
    const pathName = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!path.extname(pathName) || pathName === '/index.html');
    if (!wantsPage || request.url.startsWith('/remotes/')) {
      reply.code(404).header('Cache-Control', 'no-cache');
      return { error: 'Not found' };
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return withNonce(await fs.readFile(indexHtml, 'utf8'), request.cspNonce);
  });

  return app;
}
