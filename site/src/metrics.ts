// GET /metrics of a site server: its counters in Prometheus text format (prom-client), for the operator's
// scraper only (loopback or the TRUST_PROXY network, as the client resolves through the balancer;
// docs/operations.md "Metrics"). Requests and latency by route and status, the page cache's hits and misses,
// render time, and the pages served and failed per remote version (what a canary decision compares), the
// compressed copies of release files made.
import { Counter, Histogram, Registry } from 'prom-client';
import { isInternalAddress } from '@metrology/server-kit/trust-proxy';
import type { FastifyInstance } from 'fastify';

/** Seconds: a cached page or a static file in a millisecond or two, a cold render up to the 30 s request timeout. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createSiteMetrics(options: { trustProxy?: boolean | string | string[] | undefined }) {
  const trust =
    typeof options.trustProxy === 'string'
      ? options.trustProxy.split(',').map((part) => part.trim())
      : options.trustProxy;
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'site' });
  const requests = new Counter({
    name: 'metrology_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'metrology_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: 'metrology_page_cache_total',
    help: 'Server-rendered page lookups in the page cache (SSR_CACHE_MS), by result: hit or miss',
    labelNames: ['result'],
    registers: [registry],
  });
  const renderTime = new Histogram({
    name: 'metrology_page_render_seconds',
    help: 'Time to render a page on the server (a cache miss)',
    buckets: BUCKETS,
    registers: [registry],
  });
  const views = new Counter({
    name: 'metrology_page_views_total',
    help: "Pages served, by the remote and version that rendered the page's section (shell: none rendered it)",
    labelNames: ['remote', 'version'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'metrology_page_render_failures_total',
    help: 'Pages whose section failed to render on the server (sent for the browser to render), by remote and version',
    labelNames: ['remote', 'version'],
    registers: [registry],
  });

  const compressions = new Histogram({
    name: 'metrology_release_file_compression_seconds',
    help: 'Compressed copies of release files made (brotli quality 11, gzip level 9), by encoding: each is made once per file and kept',
    labelNames: ['encoding'],
    buckets: BUCKETS,
    registers: [registry],
  });

  return {
    /** One compressed copy of a release file made, and how long it took (precompressed.ts). */
    compressed: (encoding: string, seconds: number) => compressions.observe({ encoding }, seconds),
    /** The page renderer's observer (render/page-renderer.ts `observe`). */
    renderer: {
      cache: (result: 'hit' | 'miss') => cache.inc({ result }),
      rendered: (seconds: number) => renderTime.observe(seconds),
    },
    /**
     * One served page: a view of the version that rendered its section, and a failure of each that failed.
     */
    pageServed(page: {
      section: { remote: string; version: string } | null;
      failed: { remote: string; version: string }[];
    }) {
      for (const failed of page.failed) failures.inc(failed);
      const shown = page.section ?? page.failed[0] ?? { remote: 'shell', version: '' };
      views.inc({ remote: shown.remote, version: shown.version });
    },
    /** The request counters (a hook on every route) and GET /metrics; call before the routes are added. */
    register(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
      });
      app.get('/metrics', async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        // The client as resolved through the trusted balancer: a visitor forwarded by nginx is outside.
        if (!isInternalAddress(request.ip, trust)) {
          reply.code(403).type('text/plain; charset=utf-8');
          return 'Metrics are for the operator’s network only.';
        }
        reply.type(registry.contentType);
        return registry.metrics();
      });
    },
  };
}
