// Two API processes on one PostgreSQL database (what `npm run cluster` runs): a rate limit counts the requests of
// both, and a session issued by one works on the other. Runs in the "api (PostgreSQL)" jest project only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { body, catalogue, post, register, startApp } from './helpers/test-app.js';

let dataDir: string;
let one: FastifyInstance;
let two: FastifyInstance;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'instances-'));
  // Same dataDir: the same database (see helpers/test-database.ts); the same JWT secret, as the cluster passes.
  one = await startApp({ dataDir, rateLimit: { max: 3 }, jwtSecret: 'a-shared-secret-of-thirty-two-chars!' });
  two = await startApp({ dataDir, rateLimit: { max: 3 }, jwtSecret: 'a-shared-secret-of-thirty-two-chars!' });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two API instances on one PostgreSQL', () => {
  it('share one rate limit per client', async () => {
    let guess = 0;
    // A new e-mail each time: what is counted is this address's failures, whichever account they aim at.
    const login = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.1.2.3',
        payload: { email: `nobody${(guess += 1)}@example.com`, password: 'wrong password' },
      });
    expect((await login(one)).statusCode).not.toBe(429);
    expect((await login(two)).statusCode).not.toBe(429);
    expect((await login(one)).statusCode).not.toBe(429);
    const fourth = await login(two);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is counted apart (on another e-mail: this one's per-e-mail limit is spent too).
    const other = await two.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.9.9.9',
      payload: { email: 'somebody.else@example.com', password: 'wrong password' },
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('share one per-e-mail count: one account attacked from many addresses through both', async () => {
    const email = `target.${Date.now()}@example.com`;
    const login = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        payload: { email, password: 'wrong password' },
      });
    expect((await login(one, '10.3.0.1')).statusCode).toBe(401);
    expect((await login(two, '10.3.0.2')).statusCode).toBe(401);
    expect((await login(one, '10.3.0.3')).statusCode).toBe(401);
    // The e-mail's failures, counted through both, hold back an address that failed on it (through the other one);
    // an address that has not failed is not refused (no lockout by a third party).
    const again = await login(two, '10.3.0.1');
    expect(again.statusCode).toBe(429);
    expect(body(again).message).toMatch(/^Too many failed attempts for this e-mail/);
    expect((await login(one, '10.3.0.4')).statusCode).toBe(401);
  });

  it('accept each other’s sessions and see one cart', async () => {
    const { token } = await register(one);
    const { priced } = await catalogue(two);
    await post(one, '/api/cart/add', { itemId: priced[0]!._id, quantity: 2 }, token);
    const cart = body<{ cartData: Record<string, number> }>(await post(two, '/api/cart/get', {}, token));
    expect(cart.cartData).toEqual({ [priced[0]!._id]: 2 });
  });
});
