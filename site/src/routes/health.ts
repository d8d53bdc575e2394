// The probes: /healthz (the process answers), /livez (liveness) and /readyz (readiness: not draining, the release
// pointer readable, the API answering). A balancer stops sending traffic to a site that is not ready.
import { isDraining } from '@metrology/server-kit/drain';
import type { FastifyInstance } from 'fastify';
import type { SiteContext } from '../site-context.js';

const NEVER_CACHE = 'no-store, max-age=0';

export async function healthRoutes(app: FastifyInstance, { site }: { site: SiteContext }) {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/livez', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    return { ok: true, status: 'live' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHE);
    const reasons: string[] = [];
    // A draining site (SIGTERM) is not ready: the balancer stops sending it traffic while it finishes.
    if (isDraining(app.server)) reasons.push('the site is shutting down (draining its connections)');
    const reading = await site.registry.read();
    if (reading.damage)
      reasons.push(`the release pointer is damaged: ${reading.damage} (serving ${reading.source})`);
    const apiUrl = site.urls.apiInternalUrl;
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
}
