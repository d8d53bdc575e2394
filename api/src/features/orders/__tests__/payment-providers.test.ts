import { createHmac } from 'node:crypto';
import { resolveConfig } from '../../../config.js';
import type { Queryable } from '../../../db/database.js';
import { createPayments } from '../payment-providers.js';

const noDb = {} as Queryable;

function fakeFetch(answer: unknown, ok = true) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return { ok, json: async () => answer } as Response;
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('real Razorpay (keys configured)', () => {
  it('creates the order through the REST API with basic auth and verifies HMAC-SHA256 signatures', async () => {
    const { calls, fetchImpl } = fakeFetch({
      id: 'order_R1',
      amount: 12345,
      currency: 'USD',
      receipt: 'r1',
      status: 'created',
    });
    const config = resolveConfig(
      { razorpay: { keyId: 'rzp_test_key', keySecret: 'shh' }, fetch: fetchImpl },
      () => '/tmp',
    );
    const { razorpay } = createPayments(config);
    expect(razorpay.sandbox).toBe(false);
    expect(razorpay.keyId).toBe('rzp_test_key');
    const order = await razorpay.createOrder({ amountMinor: 12345, currency: 'USD', receipt: 'r1' });
    expect(order).toEqual({ id: 'order_R1', amount: 12345, currency: 'USD', receipt: 'r1' });
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/orders');
    expect((calls[0]?.init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:shh').toString('base64')}`,
    );
    const signature = createHmac('sha256', 'shh').update('order_R1|pay_9').digest('hex');
    expect(razorpay.verifySignature('order_R1', 'pay_9', signature)).toBe(true);
    expect(razorpay.verifySignature('order_R1', 'pay_8', signature)).toBe(false);
    expect(razorpay.verifySignature('order_R1', 'pay_9', 'short')).toBe(false);
  });

  it('answers 502 with a clear message when the provider fails', async () => {
    const { fetchImpl } = fakeFetch({}, false);
    const { razorpay } = createPayments(
      resolveConfig({ razorpay: { keyId: 'k', keySecret: 's' }, fetch: fetchImpl }, () => '/tmp'),
    );
    await expect(
      razorpay.createOrder({ amountMinor: 1, currency: 'USD', receipt: 'r' }),
    ).rejects.toMatchObject({
      statusCode: 502,
    });
  });
});

describe('real Stripe (key configured)', () => {
  it('creates a Checkout Session with the order lines and reads its payment status', async () => {
    const { calls, fetchImpl } = fakeFetch({
      id: 'cs_live_1',
      url: 'https://checkout.stripe.com/c/pay/cs_live_1',
    });
    const { stripe } = createPayments(
      resolveConfig({ stripeSecretKey: 'sk_test_1', fetch: fetchImpl }, () => '/tmp'),
    );
    expect(stripe.sandbox).toBe(false);
    const session = await stripe.createSession(noDb, {
      orderId: 'o1',
      items: [{ _id: 'p', name: 'Caliper', image: [], price: 12.5, quantity: 2 }],
      deliveryFee: 10,
      amount: 35,
      currency: 'USD',
      siteOrigin: 'http://shop.test',
      apiOrigin: 'http://api.test',
    });
    expect(session).toEqual({ id: 'cs_live_1', url: 'https://checkout.stripe.com/c/pay/cs_live_1' });
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(calls[0]?.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(form.get('success_url')).toBe('http://shop.test/verify?success=true&orderId=o1');
    expect(form.get('cancel_url')).toBe('http://shop.test/verify?success=false&orderId=o1');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1250');
    expect(form.get('line_items[0][quantity]')).toBe('2');
    expect(form.get('line_items[1][price_data][product_data][name]')).toBe('Delivery Charges');
    const status = fakeFetch({ payment_status: 'paid' });
    const paid = createPayments(
      resolveConfig({ stripeSecretKey: 'sk', fetch: status.fetchImpl }, () => '/tmp'),
    ).stripe;
    expect(await paid.isPaid(noDb, 'cs_live_1')).toBe(true);
    expect(status.calls[0]?.url).toBe('https://api.stripe.com/v1/checkout/sessions/cs_live_1');
  });
});
