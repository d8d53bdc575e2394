// PostgreSQL-only checks: the jest project "api (PostgreSQL)" runs this file (and the whole suite) on a real
// server; the PGlite project leaves it out (tools/jest/jest.config.mjs).
import type { FastifyInstance } from 'fastify';
import { ADDRESS, body, catalogue, post, register, startApp } from './helpers/test-app.js';

describe('on PostgreSQL', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app?.close());

  it('migrates, seeds and serves an order with the same SQL as PGlite', async () => {
    expect(app.shop.db.kind).toBe('postgres');
    const { token } = await register(app);
    const { priced } = await catalogue(app);
    const product = priced[0]!;
    await post(app, '/api/cart/add', { itemId: product._id, quantity: 2 }, token);
    const placed = await post(
      app,
      '/api/order/place',
      { address: ADDRESS, items: [{ _id: product._id, quantity: 2 }] },
      token,
    );
    expect(body(placed)).toMatchObject({ success: true, amount: product.price * 2 + 10 });
    const orders = body<{ orders: { _id: string; date: number }[] }>(
      await post(app, '/api/order/userorders', {}, token),
    );
    expect(typeof orders.orders[0]?.date).toBe('number');
    expect(body<{ cartData: object }>(await post(app, '/api/cart/get', {}, token)).cartData).toEqual({});
  });
});
