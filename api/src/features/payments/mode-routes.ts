// GET /api/payments/mode: whether payments are real (live) or the local sandbox, for the checkout's notice.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PaymentsModeResponse } from '@metrology/shared/contracts';
import { responses } from '../../lib/schemas.js';
import { providerMode } from '../orders/payment-providers.js';

export async function paymentModeRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.shop;
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/payments/mode',
    {
      schema: {
        tags: ['orders'],
        summary: 'PAYMENTS_MODE as the providers run: sandbox (test payments) or live',
        response: responses(PaymentsModeResponse),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      // Sandbox as soon as either provider is one: no real money moves then.
      const sandbox = payments.razorpay.sandbox || payments.stripe.sandbox;
      return { success: true, mode: providerMode({ sandbox }) };
    },
  );
}
