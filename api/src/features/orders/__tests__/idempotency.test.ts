import type { FastifyInstance } from 'fastify';
import type { Order } from '@metrology/shared';
import {
  ADDRESS,
  body,
  catalogue,
  post,
  register,
  startApp,
  type ProductRef,
} from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
let priced: ProductRef[];
beforeAll(async () => {
  app = await startApp();
  ({ priced } = await catalogue(app));
});
afterAll(() => app.close());

const place = (token: string, product: ProductRef, key?: string) =>
  post(
    app,
    '/api/order/place',
    { address: ADDRESS, items: [{ _id: product._id, quantity: 1 }] },
    token,
    key === undefined ? {} : { 'idempotency-key': key },
  );
const orders = async (token: string) =>
  body<{ orders: Order[] }>(await post(app, '/api/order/userorders', {}, token)).orders;

describe('Idempotency-Key on POST /api/order/place', () => {
  it('answers a retried placement with the order already placed, storing one order', async () => {
    const { token } = await register(app);
    const first = await place(token, priced[0]!, 'checkout-7f3a9c1e');
    const retry = await place(token, priced[0]!, 'checkout-7f3a9c1e');
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(body(retry)).toEqual(body(first));
    expect((await orders(token)).map((o) => o._id)).toEqual([body(first).orderId]);
  });

  it('places one order when the same request arrives many times at once', async () => {
    const { token } = await register(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => place(token, priced[1]!, 'burst-5b2d8e0f11')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => body(a).orderId));
    expect(ids.size).toBe(1);
    expect(await orders(token)).toHaveLength(1);
  });

  it('keeps keys per user and still refuses a second identical order under a new key', async () => {
    const a = await register(app);
    const b = await register(app);
    const mine = await place(a.token, priced[2]!, 'shared-key-0001');
    const theirs = await place(b.token, priced[2]!, 'shared-key-0001');
    expect(body(theirs).orderId).not.toBe(body(mine).orderId);
    expect((await place(a.token, priced[2]!, 'another-key-0002')).statusCode).toBe(409);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(129)])(
    'refuses the malformed key %j and stores nothing',
    async (key) => {
      const { token } = await register(app);
      const res = await place(token, priced[3]!, key);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ success: false, message: expect.stringContaining('Idempotency-Key') });
      expect(await orders(token)).toEqual([]);
    },
  );
});
