import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Order } from '@metrology/shared';
import { ADDRESS, body, catalogue, get, post, register, startApp } from './helpers/test-app.js';
import { TEST_ENGINE } from './helpers/test-database.js';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'persistence-test-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a restart on the same DATA_DIR', () => {
  it('keeps users, tokens, carts, addresses, orders and the catalogue', async () => {
    let app: FastifyInstance = await startApp({ dataDir });
    const { token, email } = await register(app);
    const { priced } = await catalogue(app);
    const [a, b] = priced;
    await post(app, '/api/address/save', { address: ADDRESS }, token);
    const placed = body<{ orderId: string }>(
      await post(app, '/api/order/place', { address: ADDRESS, items: [{ _id: a!._id, quantity: 1 }] }, token),
    );
    await post(app, '/api/cart/add', { itemId: b!._id, quantity: 4 }, token);
    const productCount = body<{ products: number }>(await get(app, '/api/health')).products;
    await app.close();

    // The embedded database's files (on PostgreSQL the data is the server's; the rest of DATA_DIR is the same).
    expect(existsSync(path.join(dataDir, 'db'))).toBe(TEST_ENGINE === 'pglite');
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    app = await startApp({ dataDir });
    try {
      // The token issued before the restart still works: the secret lives in DATA_DIR.
      const cart = body<{ cartData: Record<string, number> }>(await post(app, '/api/cart/get', {}, token));
      expect(cart.cartData).toEqual({ [b!._id]: 4 });
      const orders = body<{ orders: Order[] }>(await post(app, '/api/order/userorders', {}, token)).orders;
      expect(orders.map((o) => o._id)).toEqual([placed.orderId]);
      const addresses = body<{ addresses: unknown[] }>(await get(app, '/api/address/get', token)).addresses;
      expect(addresses).toHaveLength(1);
      const login = await post(app, '/api/user/login', { email, password: 'correct horse battery' });
      expect(login.statusCode).toBe(200);
      expect(body<{ products: number }>(await get(app, '/api/health')).products).toBe(productCount);
      const migrations = await app.shop.db.query('SELECT name FROM schema_migrations');
      expect(migrations.rows.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
