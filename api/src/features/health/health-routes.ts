// GET /api/health (the start script polls it) and GET /api/openapi.json.
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments } = app.shop;

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers',
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              status: { type: 'string' },
              database: { type: 'string' },
              products: { type: 'integer' },
              payments: {
                type: 'object',
                properties: { razorpay: { type: 'string' }, stripe: { type: 'string' } },
              },
              uptime: { type: 'number' },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
      return {
        success: true,
        status: 'ok',
        database: db.kind,
        products: found.rows[0]?.count ?? 0,
        payments: {
          razorpay: payments.razorpay.sandbox ? 'sandbox' : 'live',
          stripe: payments.stripe.sandbox ? 'sandbox' : 'live',
        },
        uptime: Math.round(process.uptime()),
      };
    },
  );

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
