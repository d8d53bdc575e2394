// GET /api/health (the start script polls it) and GET /api/openapi.json.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HealthResponse, NotReadyResponse } from '@metrology/shared/contracts';
import { providerMode } from '../orders/payment-providers.js';
import { probeRoutes, readiness } from './readiness.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers',
        response: { 200: HealthResponse, 503: NotReadyResponse },
      },
    },
    async (_request, reply): Promise<HealthResponse | NotReadyResponse> => {
      reply.header('cache-control', 'no-store');
      // 200 when all is well; 503 with the reason when the API cannot serve.
      const ready = await readiness(app);
      if (!ready.ready) {
        reply.code(503);
        return {
          success: false,
          status: 'not ready',
          message: `Not ready: ${ready.reason ?? ''}`,
        };
      }
      const found = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
      return {
        success: true,
        status: 'ok',
        database: db.kind,
        products: found.rows[0]?.count ?? 0,
        payments: {
          razorpay: providerMode(payments.razorpay),
          stripe: providerMode(payments.stripe),
        },
        uptime: Math.round(process.uptime()),
      };
    },
  );

  await probeRoutes(app);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
