// GET /metrics: the API's counters in Prometheus text format, for the operator's scraper only (loopback or the
// TRUST_PROXY network; docs/operations.md "Metrics"). Requests and their latency by route and status, the
// database pool, rate-limit refusals, and the remotes' load failures the browsers report, per version.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { REMOTE_NAMES } from '@metrology/shared/release';
import { isInternalAddress } from '@metrology/server-kit/trust-proxy';

/** Latency buckets in seconds: a cached list in a few ms up to a slow write near the 10 s statement timeout. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Distinct versions counted per remote; past it a report counts as "other" (reports come from anyone). */
const MAX_VERSIONS = 50;
const VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

export interface MetricsOptions {
  trustProxy: boolean | string | string[] | undefined;
}

/** The route's pattern (never the raw URL: one series per route), or 'unmatched' for a 404 of the router. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Called on the root instance before the routes, so its hook sees every route. */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'api' });
  const requests = new Counter({
    name: 'metrology_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'metrology_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'metrology_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const loadFailures = new Counter({
    name: 'metrology_remote_load_failures_total',
    help: 'Remotes that failed to load in a browser (reports received), by remote and version',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const pool = () => app.shop.db.pool();
  new Gauge({
    name: 'metrology_db_pool_connections',
    help: 'Database connections of this process: open, in use, and the most it opens',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const now = pool();
      this.set({ state: 'open' }, now.open);
      this.set({ state: 'in_use' }, now.inUse);
      this.set({ state: 'max' }, now.max);
    },
  });
  new Gauge({
    name: 'metrology_db_pool_waiting',
    help: 'Queries and transactions waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(pool().waiting);
    },
  });

  const versionsSeen = new Map<string, Set<string>>();
  const versionLabel = (remote: string, version: string): string => {
    const seen = versionsSeen.get(remote) ?? new Set<string>();
    versionsSeen.set(remote, seen);
    if (!VERSION.test(version)) return 'other';
    if (!seen.has(version) && seen.size >= MAX_VERSIONS) return 'other';
    seen.add(version);
    return version;
  };

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route: labels.route });
    if (
      labels.route === '/api/releases/load-failures' &&
      request.method === 'POST' &&
      reply.statusCode === 200 &&
      // Only a report that was stored: a replay ('Already reported') or a refused one is no new failure.
      request.loadFailureStored === true
    ) {
      const report = request.body as { remote?: unknown; version?: unknown };
      const remote = REMOTE_NAMES.find((name) => name === report.remote);
      if (remote) {
        const version = typeof report.version === 'string' && report.version ? report.version : 'unknown';
        loadFailures.inc({ remote, version: versionLabel(remote, version) });
      }
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // The client as resolved through the trusted balancer: a visitor forwarded by nginx is outside.
    if (!isInternalAddress(request.ip, trustList(options.trustProxy))) {
      return reply
        .code(403)
        .send({ success: false, message: 'Metrics are for the operator’s network only.' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** TRUST_PROXY as the servers take it: a comma-separated string becomes its list. */
function trustList(trust: MetricsOptions['trustProxy']): boolean | string[] | undefined {
  return typeof trust === 'string' ? trust.split(',').map((part) => part.trim()) : trust;
}
