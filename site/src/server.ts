// The site server, built from its options (options.ts) as an app of plugins: the request log, compression, the
// security headers and /metrics on every route, then one plugin per route group (routes/, crawl-routes.ts and
// render/cart-form.ts). main.ts starts it as a process; the tests build one with the options they need.
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { crawlRoutes } from './crawl-routes.js';
import { registerRequestLog, siteLogger } from './log-format.js';
import { createSiteMetrics } from './metrics.js';
import { cartForms } from './render/cart-form.js';
import { healthRoutes } from './routes/health.js';
import { pageRoutes } from './routes/pages.js';
import { previewRoutes } from './routes/previews.js';
import { remoteRoutes } from './routes/remotes.js';
import { registerSiteSecurity, requestIdFrom } from './security.js';
import { createSiteContext } from './site-context.js';
import type { FastifyInstance } from 'fastify';
import type { SiteOptions } from './options.js';

export type { SiteOptions } from './options.js';

export async function createSiteServer(options: SiteOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...siteLogger(options.logger, options.logFormat),
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // X-Forwarded-* only from the configured proxy; from anyone else they are ignored.
    trustProxy: options.trustProxy ?? false,
    // A client that sends nothing, or too slowly, does not hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
  });
  registerRequestLog(app);
  // Pages (and the JSON routes) are compressed per response: each page is its own. Release files are not: they are
  // sent as the copies made once (precompressed.ts) with Content-Encoding set, which this plugin leaves as they are.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  const metrics = createSiteMetrics({ trustProxy: options.trustProxy });
  const site = await createSiteContext(app, options, metrics);
  registerSiteSecurity(app, {
    apiOrigin: () => {
      try {
        return new URL(site.urls.apiBaseUrl()).origin;
      } catch {
        return null;
      }
    },
    geoUrl: options.geoUrl,
    ...(options.cspHosts ? { hosts: options.cspHosts } : {}),
  });
  metrics.register(app);
  // reply.sendFile for the release files on disk (release-file-sender.ts); it serves no route of its own.
  await app.register(fastifyStatic, { root: path.resolve(options.releasesDir), serve: false });

  await app.register(healthRoutes, { site });
  await app.register(crawlRoutes, { apiUrl: site.urls.apiInternalUrl });
  // Add to Cart, a line's stepper and bin, sent without script: the cart cookie changes, then a redirect back.
  await app.register(cartForms, { secureCookies: site.urls.secureCookies });
  await app.register(previewRoutes, { site });
  await app.register(remoteRoutes, { site });
  await app.register(pageRoutes, { site });
  return app;
}
