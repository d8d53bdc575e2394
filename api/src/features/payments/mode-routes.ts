// GET /api/payments/mode: whether payments are real (live) or the local sandbox, for the checkout's notice.
import type { FastifyInstance } from 'fastify';
import { responses } from '../../lib/schemas.js';

export async function paymentModeRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.shop;
  app.get(
    '/api/payments/mode',
    {
      schema: {
        tags: ['orders'],
        summary: 'PAYMENTS_MODE as the providers run: sandbox (test payments) or live',
        response: responses({
          type: 'object',
          properties: { success: { type: 'boolean' }, mode: { type: 'string', enum: ['sandbox', 'live'] } },
        }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const sandbox = payments.razorpay.sandbox || payments.stripe.sandbox;
      return { success: true, mode: sandbox ? 'sandbox' : 'live' };
    },
  );
}
