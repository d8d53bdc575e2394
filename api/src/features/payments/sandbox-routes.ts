// The local sandbox payment provider (no keys configured): the same flow as Razorpay's popup and Stripe's page.
import { randomBytes } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  SandboxRazorpayPayBody,
  SandboxRazorpayPayResponse,
  SandboxSessionParams,
  SandboxSessionQuery,
} from '@metrology/shared/contracts';
import { formatAmount } from '@metrology/shared/rules';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { responses, TOKEN_SECURITY } from '../../lib/schemas.js';
import { BRAND } from '../../seed/brand.js';
import { requireUser } from '../users/auth.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

interface SessionRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  return_origin: string;
  status: string;
}

function page(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  formTarget?: string,
): FastifyReply {
  // Only this page's own styles; its forms may post here and land on the shop's /verify page.
  reply.header(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTarget ? ` ${formTarget}` : ''}; base-uri 'none'; frame-ancestors 'none'`,
  );
  reply.header('cache-control', 'no-store');
  return reply.status(status).type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${escapeHtml(BRAND)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f3f4f6; color: #111827; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 4px 16px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
  .note { background: #fef3c7; color: #78350f; border-radius: 8px; padding: .75rem 1rem; font-size: .9rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1.5rem 0; }
  .actions { display: flex; gap: .75rem; }
  button { font: inherit; font-weight: 600; padding: .75rem 1.5rem; border-radius: 8px; border: 2px solid #1d4ed8; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .pay { background: #1d4ed8; color: #fff; }
  .cancel { background: #fff; color: #1d4ed8; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; font-size: .9rem; color: #374151; margin: 0 0 1.5rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`);
}

export async function sandboxPaymentRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments } = app.shop;
  const auth = requireUser(app);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // The sandbox page's forms post as application/x-www-form-urlencoded; nothing in them is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  if (payments.razorpay.sandbox) {
    api.post(
      '/api/payments/sandbox/razorpay/pay',
      {
        preValidation: auth,
        schema: {
          tags: ['sandbox payments'],
          security: TOKEN_SECURITY,
          summary: "Sandbox only: 'pay' a Razorpay order; answers with what the real popup returns",
          body: SandboxRazorpayPayBody,
          response: responses(SandboxRazorpayPayResponse),
        },
      },
      async (request) => {
        const orderRef = request.body.order_id;
        const found = await db.query<{ user_id: string; payment: boolean }>(
          `SELECT user_id, payment FROM orders WHERE payment_ref = $1 AND payment_method = 'razorpay'`,
          [orderRef],
        );
        const order = found.rows[0];
        if (!order || order.user_id !== request.userId) throw new HttpError(404, MESSAGES.orderNotFound);
        if (order.payment) throw new HttpError(409, 'This order has already been paid');
        const paymentId = `pay_sbx_${randomBytes(9).toString('hex')}`;
        return {
          success: true,
          razorpay_order_id: orderRef,
          razorpay_payment_id: paymentId,
          razorpay_signature: payments.razorpay.sign(orderRef, paymentId),
        };
      },
    );
  }

  if (!payments.stripe.sandbox) return;

  async function openSession(id: string): Promise<SessionRow | undefined> {
    const found = await db.query<SessionRow>(
      `SELECT s.id, s.order_id, s.amount, s.currency, s.return_origin, s.status
       FROM sandbox_payment_sessions s JOIN orders o ON o.id = s.order_id WHERE s.id = $1`,
      [id],
    );
    return found.rows[0];
  }

  const gone = (reply: FastifyReply) =>
    page(
      reply,
      404,
      'Payment session not found',
      '<h1>Payment session not found</h1><p>This payment session has expired or was already used. Please return to the shop and try again.</p>',
    );

  api.get(
    '/api/payments/sandbox/stripe/session/:id',
    {
      schema: {
        tags: ['sandbox payments'],
        summary: 'Sandbox only: the card payment page (HTML) with Pay and Cancel',
        params: SandboxSessionParams,
        querystring: SandboxSessionQuery,
      },
    },
    async (request, reply) => {
      const session = await openSession(request.params.id);
      if (!session) return gone(reply);
      const action = `/api/payments/sandbox/stripe/session/${session.id}`;
      const done = session.status !== 'open';
      return page(
        reply,
        200,
        'Sandbox payment',
        `<h1>Sandbox payment</h1>
<p class="note" role="note">This is the local sandbox payment page: no card is needed and no real money is charged.</p>
<p class="amount" aria-label="Order amount">${escapeHtml(formatAmount(session.amount))} <small>${escapeHtml(session.currency)}</small></p>
<dl><dt>Merchant</dt><dd>${escapeHtml(BRAND)}</dd><dt>Order</dt><dd>${escapeHtml(session.order_id)}</dd></dl>
${
  done
    ? `<p>This session is already ${escapeHtml(session.status)}.</p>`
    : `<div class="actions">
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`
}`,
        session.return_origin,
      );
    },
  );

  for (const outcome of ['pay', 'cancel'] as const) {
    api.post(
      `/api/payments/sandbox/stripe/session/:id/${outcome}`,
      {
        schema: {
          tags: ['sandbox payments'],
          summary: `Sandbox only: ${outcome === 'pay' ? 'pay' : 'cancel'} the session and return to the shop's /verify`,
          params: SandboxSessionParams,
        },
      },
      async (request, reply) => {
        const session = await openSession(request.params.id);
        if (!session || session.status !== 'open') return gone(reply);
        const status = outcome === 'pay' ? 'paid' : 'cancelled';
        await db.query(`UPDATE sandbox_payment_sessions SET status = $2 WHERE id = $1 AND status = 'open'`, [
          session.id,
          status,
        ]);
        // Back to the site the checkout started from (stored with the session, never taken from this request).
        const target = `${session.return_origin}/verify?success=${outcome === 'pay'}&orderId=${encodeURIComponent(session.order_id)}`;
        return reply.redirect(target, 303);
      },
    );
  }
}
