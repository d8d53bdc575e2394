import type { FastifyInstance } from 'fastify';
import type { Order } from '@metrology/shared';
import {
  ADDRESS,
  body,
  catalogue,
  get,
  post,
  register,
  startApp,
  type ProductRef,
} from '../../../__tests__/helpers/test-app.js';

const FEE = 25;
const SITE = 'http://shop.test:8080';
let app: FastifyInstance;
let priced: ProductRef[];
let enquiryOnly: ProductRef[];

beforeAll(async () => {
  app = await startApp({ deliveryFee: FEE, siteOrigin: SITE });
  ({ priced, enquiryOnly } = await catalogue(app));
});
afterAll(() => app.close());

/** What the client sends: whole cart items with its own (possibly tampered) prices, and its own amount. */
function orderBody(lines: [ProductRef, number][], extra: Record<string, unknown> = {}) {
  return {
    address: ADDRESS,
    items: lines.map(([p, quantity]) => ({ ...p, image: ['/x.svg'], price: 0.01, quantity })),
    amount: 1,
    ...extra,
  };
}

const orders = async (token: string) =>
  body<{ orders: Order[] }>(await post(app, '/api/order/userorders', {}, token)).orders;
const cart = async (token: string) =>
  body<{ cartData: Record<string, number> }>(await post(app, '/api/cart/get', {}, token)).cartData;

describe('POST /api/order/place (cash on delivery)', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(app)).token;
  });

  it('prices the order from the database plus the delivery fee, ignoring body prices and amount', async () => {
    const [a, b] = priced as [ProductRef, ProductRef];
    await post(app, '/api/cart/add', { itemId: a._id, quantity: 2 }, token);
    const res = await post(
      app,
      '/api/order/place',
      orderBody([
        [a, 2],
        [b, 1],
      ]),
      token,
    );
    expect(res.statusCode).toBe(200);
    const json = body<{ orderId: string; amount: number; message: string }>(res);
    expect(json.message).toBe('Order placed successfully!');
    expect(json.amount).toBe(Math.round((a.price * 2 + b.price + FEE) * 100) / 100);
    const [order] = await orders(token);
    expect(order).toMatchObject({
      _id: json.orderId,
      status: 'processing',
      payment: false,
      paymentMethod: 'cod',
    });
    expect(order?.amount).toBe(json.amount);
    expect(order?.address).toEqual(ADDRESS);
    expect(order?.items.map((i) => [i._id, i.price, i.quantity])).toEqual([
      [a._id, a.price, 2],
      [b._id, b.price, 1],
    ]);
    expect(order?.items[0]?.image[0]).toMatch(/^\/images\/products\//);
    expect(Math.abs((order?.date ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await cart(token)).toEqual({});
  });

  it('refuses the same order placed twice (double submit)', async () => {
    const c = priced[2] as ProductRef;
    const first = await post(app, '/api/order/place', orderBody([[c, 1]]), token);
    const second = await post(app, '/api/order/place', orderBody([[c, 1]]), token);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(body(second).message).toBe('This order has already been placed. Please check My Orders.');
  });

  it('lists orders newest first, only to their owner', async () => {
    const mine = await orders(token);
    expect(mine.length).toBe(2);
    expect(mine[0]!.date).toBeGreaterThanOrEqual(mine[1]!.date);
    const stranger = (await register(app)).token;
    expect(await orders(stranger)).toEqual([]);
  });

  it.each([
    [{ items: [] }, 'Your cart is empty. Please add items before checkout.'],
    [{ items: undefined }, 'Your cart is empty. Please add items before checkout.'],
    [{ items: [{ _id: 'x', quantity: 0 }] }, 'Your cart is empty. Please add items before checkout.'],
    [{ address: undefined }, 'Please select an address or add a new one'],
    [{ address: { ...ADDRESS, city: '' } }, 'Please fill all required fields'],
  ])('refuses %j', async (override, message) => {
    const res = await post(app, '/api/order/place', { ...orderBody([[priced[3]!, 1]]), ...override }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message });
  });

  it('refuses negative quantities, unknown products, enquiry-only products and owners in the body', async () => {
    const negative = await post(app, '/api/order/place', orderBody([[priced[3]!, -1]]), token);
    expect(negative.statusCode).toBe(400);
    expect(body(negative).message).toBe('"items[0].quantity" must be at least 0');
    const unknown = await post(
      app,
      '/api/order/place',
      { address: ADDRESS, items: [{ _id: 'ffffffffffffffffffffffff', quantity: 1 }] },
      token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe(
      'Some items in your cart are no longer available. Please review your cart.',
    );
    const enquiry = enquiryOnly[0] as ProductRef;
    const refused = await post(app, '/api/order/place', orderBody([[enquiry, 1]]), token);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe(
      `"${enquiry.name}" is available on enquiry only and cannot be ordered online. Please send an enquiry instead.`,
    );
    const owner = await post(
      app,
      '/api/order/place',
      orderBody([[priced[3]!, 1]], { status: 'delivered' }),
      token,
    );
    expect(owner.statusCode).toBe(400);
    expect(body(owner).message).toBe('Unknown field "status"');
  });

  it('accepts a saved address with its _id and keeps only the nine fields', async () => {
    const res = await post(
      app,
      '/api/order/place',
      { address: { _id: 'abc', ...ADDRESS }, items: [{ _id: priced[5]!._id, quantity: 1 }] },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect((await orders(token))[0]?.address).toEqual(ADDRESS);
  });

  it('needs a login', async () => {
    expect((await post(app, '/api/order/place', orderBody([[priced[0]!, 1]]))).statusCode).toBe(401);
    expect((await post(app, '/api/order/userorders', {})).statusCode).toBe(401);
  });
});

describe('Razorpay (local sandbox)', () => {
  let token: string;
  let stranger: string;
  beforeAll(async () => {
    token = (await register(app)).token;
    stranger = (await register(app)).token;
  });

  async function checkout(lines: [ProductRef, number][]) {
    const res = await post(app, '/api/order/razorpay', orderBody(lines), token);
    expect(res.statusCode).toBe(200);
    return body<{
      order: { id: string; amount: number; currency: string; receipt: string };
      key: string;
      sandbox: boolean;
      orderId: string;
    }>(res);
  }

  it('creates an unpaid order and a payment order in the smallest currency unit', async () => {
    const a = priced[0] as ProductRef;
    const created = await checkout([[a, 3]]);
    expect(created.key).toBe('rzp_sandbox_local');
    expect(created.sandbox).toBe(true);
    expect(created.order).toEqual({
      id: expect.stringMatching(/^order_sbx_/),
      amount: Math.round((a.price * 3 + FEE) * 100),
      currency: 'USD',
      receipt: created.orderId,
    });
    // Not an order yet until it is paid.
    expect((await orders(token)).map((o) => o._id)).not.toContain(created.orderId);
  });

  it('pays in the sandbox, verifies the signature, marks the order paid and clears the cart', async () => {
    const b = priced[1] as ProductRef;
    await post(app, '/api/cart/add', { itemId: b._id }, token);
    const created = await checkout([[b, 1]]);
    const pay = await post(app, '/api/payments/sandbox/razorpay/pay', { order_id: created.order.id }, token);
    expect(pay.statusCode).toBe(200);
    const result = body<{
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    }>(pay);
    expect(result.razorpay_order_id).toBe(created.order.id);
    const verify = await post(app, '/api/order/verifyRazorpay', { ...result, userId: 'ignored' }, token);
    expect(verify.statusCode).toBe(200);
    expect(body(verify)).toEqual({
      success: true,
      message: 'Payment successful! Your order has been placed.',
    });
    const [order] = await orders(token);
    expect(order).toMatchObject({
      _id: created.orderId,
      payment: true,
      status: 'processing',
      paymentMethod: 'razorpay',
    });
    expect(await cart(token)).toEqual({});
    // Verifying again changes nothing.
    expect((await post(app, '/api/order/verifyRazorpay', result, token)).statusCode).toBe(200);
  });

  it("refuses another user's order, and a tampered signature cancels the order", async () => {
    const created = await checkout([[priced[2]!, 1]]);
    expect(
      (await post(app, '/api/payments/sandbox/razorpay/pay', { order_id: created.order.id }, stranger))
        .statusCode,
    ).toBe(404);
    const result = body<Record<string, string>>(
      await post(app, '/api/payments/sandbox/razorpay/pay', { order_id: created.order.id }, token),
    );
    expect((await post(app, '/api/order/verifyRazorpay', result, stranger)).statusCode).toBe(404);
    const tampered = { ...result, razorpay_signature: `${result.razorpay_signature?.slice(0, -2)}00` };
    const res = await post(app, '/api/order/verifyRazorpay', tampered, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Payment verification failed. No money was taken for this order.');
    expect((await post(app, '/api/order/verifyRazorpay', result, token)).statusCode).toBe(404);
  });

  it('refuses a verification without the provider fields', async () => {
    const res = await post(app, '/api/order/verifyRazorpay', { razorpay_order_id: 'x' }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('"razorpay_payment_id" is required');
  });
});

describe('Stripe (local sandbox)', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(app)).token;
  });

  async function checkout(lines: [ProductRef, number][]) {
    const res = await post(app, '/api/order/stripe', orderBody(lines), token, { origin: SITE });
    expect(res.statusCode).toBe(200);
    return body<{ session_url: string; orderId: string; sandbox: boolean }>(res);
  }

  const pathOf = (url: string) => {
    const u = new URL(url);
    return { path: u.pathname, search: u.search };
  };

  it('answers a session URL on this API that returns to the configured site', async () => {
    const created = await checkout([[priced[0]!, 1]]);
    expect(created.sandbox).toBe(true);
    const url = new URL(created.session_url);
    expect(url.origin).toMatch(/^http:\/\/localhost(:\d+)?$/);
    expect(url.pathname).toMatch(/^\/api\/payments\/sandbox\/stripe\/session\/cs_sbx_[0-9a-f]{36}$/);
    expect(url.search).toBe(`?return=${encodeURIComponent(SITE)}`);
    const { path, search } = pathOf(created.session_url);
    const page = await get(app, `${path}${search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${SITE}`);
    expect(page.body).toContain('<h1>Sandbox payment</h1>');
    expect(page.body).toContain(`$${(priced[0]!.price + FEE).toLocaleString('en-US')}`);
    expect(page.body).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
    expect(page.body).toMatch(/<button class="cancel" type="submit">Cancel<\/button>/);
  });

  it('Pay returns to /verify?success=true and verifyStripe marks the order paid and clears the cart', async () => {
    const p = priced[4] as ProductRef;
    await post(app, '/api/cart/add', { itemId: p._id, quantity: 2 }, token);
    const created = await checkout([[p, 2]]);
    const { path } = pathOf(created.session_url);
    const paid = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${SITE}/verify?success=true&orderId=${created.orderId}`);
    const verify = await post(
      app,
      '/api/order/verifyStripe',
      { success: 'true', orderId: created.orderId },
      token,
    );
    expect(verify.statusCode).toBe(200);
    expect(body(verify).success).toBe(true);
    const [order] = await orders(token);
    expect(order).toMatchObject({
      _id: created.orderId,
      payment: true,
      status: 'processing',
      paymentMethod: 'stripe',
    });
    expect(order?.amount).toBe(p.price * 2 + FEE);
    expect(await cart(token)).toEqual({});
    // The session cannot be paid twice.
    expect((await app.inject({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(404);
  });

  it('Cancel returns to /verify?success=false and verifyStripe cancels the order', async () => {
    const created = await checkout([[priced[5]!, 1]]);
    const { path } = pathOf(created.session_url);
    const cancelled = await app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancelled.headers.location).toBe(`${SITE}/verify?success=false&orderId=${created.orderId}`);
    const verify = await post(
      app,
      '/api/order/verifyStripe',
      { success: false, orderId: created.orderId },
      token,
    );
    expect(verify.statusCode).toBe(400);
    expect(body(verify).message).toBe('The payment was not completed. Your order has been cancelled.');
    expect((await get(app, path)).statusCode).toBe(404);
  });

  it('claiming success without paying does not mark the order paid', async () => {
    const created = await checkout([[priced[6]!, 1]]);
    const res = await post(
      app,
      '/api/order/verifyStripe',
      { success: true, orderId: created.orderId },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect((await orders(token)).map((o) => o._id)).not.toContain(created.orderId);
  });

  it("refuses to verify another user's order", async () => {
    const created = await checkout([[priced[7]!, 1]]);
    const stranger = (await register(app)).token;
    const res = await post(
      app,
      '/api/order/verifyStripe',
      { success: true, orderId: created.orderId },
      stranger,
    );
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: 'Order not found' });
  });

  it('takes the return URL from configuration, never from Origin, Referer, Host or X-Forwarded-Host', async () => {
    const res = await post(app, '/api/order/stripe', orderBody([[priced[8]!, 1]]), token, {
      origin: 'https://evil.example',
      referer: 'https://evil.example/cart',
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    const url = body<{ session_url: string }>(res).session_url;
    expect(url).toContain(`return=${encodeURIComponent(SITE)}`);
    expect(url).not.toContain('evil');
    expect(new URL(url).origin).toBe('http://localhost:4000');
  });
});
