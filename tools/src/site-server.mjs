// @ts-check
// The site: the shell, the published remotes and their registry, and the run-time config.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { registryFile } from './registry.mjs';
import { crawlRoutes } from './crawl-routes.mjs';

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
 * @property {boolean | object} [logger]
 */

/** @param {SiteOptions} options */
export async function createSiteServer(options) {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return payload;
  });

  app.get('/config.json', async (request, reply) => {
    const apiBaseUrl = options.publicApiUrl || `${request.protocol}://${request.hostname}:${options.apiPort}`;
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
  await app.register(crawlRoutes, { apiUrl: `http://127.0.0.1:${options.apiPort}` });

  // The registry is the live pointer: never cached, so a publish or rollback shows on the next page load.
  app.get('/remotes/registry.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    reply.header('Access-Control-Allow-Origin', '*');
    reply.type('application/json');
    try {
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
