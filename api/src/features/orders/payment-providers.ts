// Razorpay and Stripe: the real providers when keys are configured, a local sandbox with the same flow otherwise.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OrderItem, PaymentOrder } from '@metrology/shared';
import type { PaymentMode } from '@metrology/shared/contracts';
import type { AppConfig } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../lib/errors.js';

export const SANDBOX_RAZORPAY_KEY = 'rzp_sandbox_local';
export const PROVIDER_UNAVAILABLE =
  'The payment provider could not be reached. Please try again or choose Cash on Delivery.';

export interface RazorpayProvider {
  readonly sandbox: boolean;
  /** The public key the browser's checkout popup needs. */
  readonly keyId: string;
  createOrder(input: { amountMinor: number; currency: string; receipt: string }): Promise<PaymentOrder>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Sandbox only: what the real popup hands the browser after a payment. */
  sign(orderId: string, paymentId: string): string;
}

export interface CheckoutInput {
  orderId: string;
  items: readonly OrderItem[];
  deliveryFee: number;
  amount: number;
  currency: string;
  siteOrigin: string;
  apiOrigin: string;
}

export interface StripeProvider {
  readonly sandbox: boolean;
  createSession(db: Queryable, input: CheckoutInput): Promise<{ id: string; url: string }>;
  isPaid(db: Queryable, sessionId: string): Promise<boolean>;
}

/** A provider's mode as the API reports it (health, the payments-mode call, the start line). */
export function providerMode(provider: { readonly sandbox: boolean }): PaymentMode {
  return provider.sandbox ? 'sandbox' : 'live';
}

export interface Payments {
  razorpay: RazorpayProvider;
  stripe: StripeProvider;
}

const toMinor = (amount: number) => Math.round(amount * 100);

function hmac(secret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function razorpay(
  keyId: string,
  secret: string,
  sandbox: boolean,
  fetchImpl: typeof fetch,
): RazorpayProvider {
  return {
    sandbox,
    keyId,
    async createOrder({ amountMinor, currency, receipt }) {
      if (sandbox)
        return { id: `order_sbx_${randomBytes(9).toString('hex')}`, amount: amountMinor, currency, receipt };
      const response = await fetchImpl('https://api.razorpay.com/v1/orders', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: amountMinor, currency, receipt }),
      }).catch(() => null);
      if (!response?.ok) throw new HttpError(502, PROVIDER_UNAVAILABLE);
      const order = (await response.json()) as PaymentOrder;
      return { id: order.id, amount: order.amount, currency: order.currency, receipt: order.receipt };
    },
    verifySignature: (orderId, paymentId, signature) =>
      safeEqual(hmac(secret, orderId, paymentId), signature),
    sign: (orderId, paymentId) => hmac(secret, orderId, paymentId),
  };
}

/** Stripe Checkout through its REST API (form-encoded). */
function stripeReal(secretKey: string, fetchImpl: typeof fetch): StripeProvider {
  const headers = { authorization: `Bearer ${secretKey}` };
  return {
    sandbox: false,
    async createSession(_db, input) {
      const form = new URLSearchParams();
      const currency = input.currency.toLowerCase();
      form.set('mode', 'payment');
      form.set('success_url', `${input.siteOrigin}/verify?success=true&orderId=${input.orderId}`);
      form.set('cancel_url', `${input.siteOrigin}/verify?success=false&orderId=${input.orderId}`);
      form.set('client_reference_id', input.orderId);
      form.set('metadata[orderId]', input.orderId);
      const lines = [
        ...input.items.map((item) => ({ name: item.name, amount: item.price, quantity: item.quantity })),
        ...(input.deliveryFee > 0
          ? [{ name: 'Delivery Charges', amount: input.deliveryFee, quantity: 1 }]
          : []),
      ];
      lines.forEach((line, i) => {
        form.set(`line_items[${i}][price_data][currency]`, currency);
        form.set(`line_items[${i}][price_data][product_data][name]`, line.name);
        form.set(`line_items[${i}][price_data][unit_amount]`, String(toMinor(line.amount)));
        form.set(`line_items[${i}][quantity]`, String(line.quantity));
      });
      const response = await fetchImpl('https://api.stripe.com/v1/checkout/sessions', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }).catch(() => null);
      if (!response?.ok) throw new HttpError(502, PROVIDER_UNAVAILABLE);
      const session = (await response.json()) as { id: string; url: string };
      return { id: session.id, url: session.url };
    },
    async isPaid(_db, sessionId) {
      const response = await fetchImpl(
        `https://api.stripe.com/v1/checkout/sessions/${encodeURIComponent(sessionId)}`,
        {
          headers,
        },
      ).catch(() => null);
      if (!response?.ok) throw new HttpError(502, PROVIDER_UNAVAILABLE);
      const session = (await response.json()) as { payment_status?: string };
      return session.payment_status === 'paid';
    },
  };
}

/** The sandbox card session: a page on this API with Pay and Cancel (see payments/sandbox-routes.ts). */
function stripeSandbox(): StripeProvider {
  return {
    sandbox: true,
    async createSession(db, input) {
      const id = `cs_sbx_${randomBytes(18).toString('hex')}`;
      await db.query(
        `INSERT INTO sandbox_payment_sessions (id, order_id, amount, currency, return_origin) VALUES ($1, $2, $3, $4, $5)`,
        [id, input.orderId, input.amount, input.currency, input.siteOrigin],
      );
      const url = `${input.apiOrigin}/api/payments/sandbox/stripe/session/${id}?return=${encodeURIComponent(input.siteOrigin)}`;
      return { id, url };
    },
    async isPaid(db, sessionId) {
      const found = await db.query<{ status: string }>(
        'SELECT status FROM sandbox_payment_sessions WHERE id = $1',
        [sessionId],
      );
      return found.rows[0]?.status === 'paid';
    },
  };
}

export function createPayments(config: AppConfig): Payments {
  const sandboxSecret = createHmac('sha256', config.jwtSecret).update('razorpay-sandbox').digest('hex');
  return {
    // PAYMENTS_MODE=sandbox keeps the local sandbox even when keys are configured.
    razorpay:
      config.razorpay && config.paymentsMode === 'live'
        ? razorpay(config.razorpay.keyId, config.razorpay.keySecret, false, config.fetch)
        : razorpay(SANDBOX_RAZORPAY_KEY, sandboxSecret, true, config.fetch),
    stripe:
      config.stripeSecretKey && config.paymentsMode === 'live'
        ? stripeReal(config.stripeSecretKey, config.fetch)
        : stripeSandbox(),
  };
}

export { toMinor };
