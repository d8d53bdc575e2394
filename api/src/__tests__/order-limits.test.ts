// Orders that cannot be flooded: limits per account and per address on placing orders, cash on delivery
// and online together, shared through the rate_limits table (so this runs on both engines).
import type { FastifyInstance } from 'fastify';
import { orderLimitMessage } from '../plugins/order-limits.js';
import { ADDRESS, body, catalogue, register, startApp, type ProductRef } from './helpers/test-app.js';

const place = (
  app: FastifyInstance,
  url: string,
  token: string,
  item: ProductRef,
  quantity: number,
  extra: Record<string, string> = {},
  remoteAddress = '10.7.0.1',
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { token, ...extra },
    payload: { address: ADDRESS, items: [{ _id: item._id, quantity }] },
  });

const storedOrders = async (app: FastifyInstance, email: string) =>
  Number(
    (
      await app.shop.db.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1',
        [email],
      )
    ).rows[0]?.n,
  );

describe('with the default limits', () => {
  let app: FastifyInstance;
  let item: ProductRef;
  beforeAll(async () => {
    app = await startApp({ rateLimit: {} });
    item = (await catalogue(app)).priced[0]!;
  });
  afterAll(() => app.close());

  it('31 orders in a minute from one account: 429 from the limit on, and nothing stored past it', async () => {
    const { token, email } = await register(app);
    const statuses: number[] = [];
    // Each order is different (the quantity), so the 30-second duplicate rule does not answer instead.
    for (let i = 1; i <= 31; i += 1) {
      const res = await place(app, '/api/order/place', token, item, i, {
        'idempotency-key': `flood-key-${i}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(body(res)).toEqual({
          success: false,
          message: expect.stringMatching(
            /^You have placed too many orders in a short time\. Please try again in \d+ seconds/,
          ),
        });
      }
    }
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    expect(await storedOrders(app, email)).toBe(30);
    // Online checkouts count with them: refused before the provider is asked, nothing stored.
    for (const url of ['/api/order/razorpay', '/api/order/stripe']) {
      expect((await place(app, url, token, item, 40)).statusCode).toBe(429);
    }
    expect(await storedOrders(app, email)).toBe(30);
    // A retried request (same Idempotency-Key) still answers its order: a replay is not a new order.
    const replay = await place(app, '/api/order/place', token, item, 1, { 'idempotency-key': 'flood-key-1' });
    expect(replay.statusCode).toBe(200);
    expect(await storedOrders(app, email)).toBe(30);
  });

  it('another account is counted apart', async () => {
    const { token } = await register(app);
    expect((await place(app, '/api/order/razorpay', token, item, 1, {}, '10.7.0.2')).statusCode).toBe(200);
  });
});

describe('with limits set for the test', () => {
  let app: FastifyInstance;
  let item: ProductRef;
  beforeAll(async () => {
    app = await startApp({ rateLimit: { calls: { orderAccount: 3, orderAddress: 4 } } });
    item = (await catalogue(app)).priced[0]!;
  });
  afterAll(() => app.close());

  it('counts cash on delivery, Razorpay and Stripe together per account', async () => {
    const { token, email } = await register(app);
    expect((await place(app, '/api/order/place', token, item, 1, {}, '10.8.0.1')).statusCode).toBe(200);
    expect((await place(app, '/api/order/razorpay', token, item, 2, {}, '10.8.0.1')).statusCode).toBe(200);
    expect((await place(app, '/api/order/stripe', token, item, 3, {}, '10.8.0.1')).statusCode).toBe(200);
    const fourth = await place(app, '/api/order/place', token, item, 4, {}, '10.8.0.1');
    expect(fourth.statusCode).toBe(429);
    expect(body(fourth).message).toBe(
      orderLimitMessage(Number(/in (\d+) seconds/.exec(body(fourth).message ?? '')?.[1])),
    );
    expect(await storedOrders(app, email)).toBe(3);
  });

  it('limits one address across accounts', async () => {
    const accounts = [await register(app), await register(app)];
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      statuses.push(
        (await place(app, '/api/order/place', accounts[i % 2]!.token, item, i, {}, '10.9.0.1')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts an IPv6 client per /64: fresh addresses of one /64 share the limit', async () => {
    const accounts = [await register(app), await register(app)];
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      // A new address of the same /64 for each order, as one machine on IPv6 can take.
      const remote = `2001:db8:77:1:${i.toString(16)}::${(i * 7).toString(16)}`;
      statuses.push(
        (await place(app, '/api/order/place', accounts[i % 2]!.token, item, i, {}, remote)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // Another /64 is another client.
    const other = await register(app);
    expect(
      (await place(app, '/api/order/place', other.token, item, 1, {}, '2001:db8:77:2::1')).statusCode,
    ).toBe(200);
  });

  it('does not count a refused placement (a duplicate) toward the limit', async () => {
    const { token, email } = await register(app);
    expect((await place(app, '/api/order/place', token, item, 7, {}, '10.10.0.1')).statusCode).toBe(200);
    expect((await place(app, '/api/order/place', token, item, 7, {}, '10.10.0.1')).statusCode).toBe(409);
    expect((await place(app, '/api/order/place', token, item, 8, {}, '10.10.0.1')).statusCode).toBe(200);
    expect((await place(app, '/api/order/place', token, item, 9, {}, '10.10.0.1')).statusCode).toBe(200);
    expect(await storedOrders(app, email)).toBe(3);
  });
});
