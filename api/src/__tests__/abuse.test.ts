// The abuse rules at the API: passwords, sessions that end, the order cap, page sizes, trusted origins,
// payments mode and the health probes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PASSWORD_MESSAGES } from '@metrology/shared/rules';
import { resolveConfig } from '../config.js';
import { readiness } from '../features/health/readiness.js';
import {
  ADDRESS,
  body,
  catalogue,
  get,
  post,
  register,
  startApp,
  type ProductRef,
} from './helpers/test-app.js';

const CAP = 5000;
let app: FastifyInstance;
let dataDir: string;
let priced: ProductRef[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'abuse-'));
  app = await startApp({ dataDir, faults: { orderTotalCap: CAP, sessionIdleSeconds: 3600 } });
  ({ priced } = await catalogue(app));
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const cartOf = async (token: string) =>
  body<{ success: boolean; cartData: Record<string, number> }>(await post(app, '/api/cart/get', {}, token));
const newEmail = () => `p${Math.random().toString(36).slice(2)}@example.com`;

describe('passwords', () => {
  it.each([
    ['short', 'gauge7', PASSWORD_MESSAGES.tooShort],
    ['common', 'password123', PASSWORD_MESSAGES.common],
    ['common in another case', 'PassWord1', PASSWORD_MESSAGES.common],
    ['common', 'iloveyou1', PASSWORD_MESSAGES.common],
  ])('refuses a %s password with the reason, storing nothing', async (_kind, password, message) => {
    const email = newEmail();
    const res = await post(app, '/api/user/register', { name: 'Weak', email, password });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message });
    const stored = await app.shop.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(stored.rows).toHaveLength(0);
  });

  it('accepts a long uncommon password', async () => {
    const res = await post(app, '/api/user/register', {
      name: 'Strong',
      email: newEmail(),
      password: 'bore-gauge-tolerance-3',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sessions that end', () => {
  it('logout revokes the token at once', async () => {
    const { token } = await register(app);
    expect((await cartOf(token)).success).toBe(true);
    const out = await post(app, '/api/user/logout', {}, token);
    expect(out.statusCode).toBe(200);
    expect(body(out).success).toBe(true);
    const after = await post(app, '/api/cart/get', {}, token);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({
      success: false,
      message: 'Your session has expired. Please log in again.',
    });
  });

  it('a password change revokes every session of the user and answers a new working token', async () => {
    const email = newEmail();
    const first = body<{ token: string }>(
      await post(app, '/api/user/register', { name: 'Two', email, password: 'first-micrometer-1' }),
    ).token;
    const second = body<{ token: string }>(
      await post(app, '/api/user/login', { email, password: 'first-micrometer-1' }),
    ).token;
    const weak = await post(
      app,
      '/api/user/password',
      { currentPassword: 'first-micrometer-1', newPassword: 'qwerty123' },
      first,
    );
    expect(weak.statusCode).toBe(400);
    expect(body(weak).message).toBe(PASSWORD_MESSAGES.common);
    const wrong = await post(
      app,
      '/api/user/password',
      { currentPassword: 'not-my-password', newPassword: 'second-micrometer-2' },
      first,
    );
    expect(wrong.statusCode).toBe(400);
    expect((await cartOf(second)).success).toBe(true);

    const changed = await post(
      app,
      '/api/user/password',
      { currentPassword: 'first-micrometer-1', newPassword: 'second-micrometer-2' },
      first,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = body<{ token: string }>(changed).token;
    expect((await post(app, '/api/cart/get', {}, first)).statusCode).toBe(401);
    expect((await post(app, '/api/cart/get', {}, second)).statusCode).toBe(401);
    expect((await cartOf(fresh)).success).toBe(true);
    expect((await post(app, '/api/user/login', { email, password: 'first-micrometer-1' })).statusCode).toBe(
      401,
    );
    expect((await post(app, '/api/user/login', { email, password: 'second-micrometer-2' })).statusCode).toBe(
      200,
    );
  });

  it('a session idle past its idle lifetime, or past its absolute one, is over', async () => {
    const idle = (await register(app)).token;
    const old = (await register(app)).token;
    const sid = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;
    await app.shop.db.query("UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE id = $1", [
      sid(idle),
    ]);
    await app.shop.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      sid(old),
    ]);
    expect((await post(app, '/api/cart/get', {}, idle)).statusCode).toBe(401);
    expect((await post(app, '/api/cart/get', {}, old)).statusCode).toBe(401);
  });
});

describe('the order total cap', () => {
  it('refuses an order past ORDER_TOTAL_CAP, pointing at an enquiry, and stores nothing', async () => {
    const { token } = await register(app);
    const product = priced.find((p) => p.price > 100)!;
    const quantity = Math.min(999, Math.ceil(CAP / product.price) + 1);
    const before = await app.shop.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    for (const url of ['/api/order/place', '/api/order/razorpay', '/api/order/stripe']) {
      const res = await post(app, url, { address: ADDRESS, items: [{ _id: product._id, quantity }] }, token);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(
        'Orders over $5,000 cannot be placed online. Please send us an enquiry for a bulk quote.',
      );
    }
    const after = await app.shop.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('page sizes', () => {
  it('no filtered or paged list answers more than 100 products', async () => {
    const big = await app.shop.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    const limit = body<{ products: unknown[] }>(await get(app, '/api/product/list?limit=20000')).products;
    expect(limit.length).toBeLessThanOrEqual(100);
    expect(limit.length).toBe(Math.min(100, big.rows[0]!.n));
    const search = await get(app, '/api/product/search?limit=500');
    expect(body<{ products: unknown[]; limit: number }>(search).products.length).toBeLessThanOrEqual(100);
  });

  it('the no-argument list is revalidated with its ETag (304, no body)', async () => {
    const first = await get(app, '/api/product/list');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(app, '/api/product/list', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('health', () => {
  it('live and ready answer 200 when all is well; /api/health as before', async () => {
    expect(body(await get(app, '/api/health/live'))).toMatchObject({ success: true, status: 'live' });
    const ready = await get(app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(body(ready)).toMatchObject({ success: true, checks: { database: 'ok', dataDir: 'ok' } });
    expect(body(await get(app, '/api/health'))).toMatchObject({ success: true, status: 'ok' });
  });

  it('is not ready, with the reason, when the data folder lacks free space', async () => {
    const result = await readiness(app, Number.MAX_SAFE_INTEGER);
    expect(result.ready).toBe(false);
    expect(result.reason).toMatch(/data folder .* MB free/);
  });
});

describe('payments mode', () => {
  const keys = { razorpay: { keyId: 'k', keySecret: 's' }, stripeSecretKey: 'sk' };
  it('refuses live mode without keys in production, allows sandbox', () => {
    expect(() => resolveConfig({ faults: { paymentsMode: 'live', production: true } }, () => '/tmp')).toThrow(
      /PAYMENTS_MODE=live in production needs/,
    );
    expect(
      resolveConfig({ ...keys, faults: { paymentsMode: 'live', production: true } }, () => '/tmp')
        .paymentsMode,
    ).toBe('live');
    expect(resolveConfig({ faults: { production: true } }, () => '/tmp').paymentsMode).toBe('sandbox');
  });

  it('sandbox mode uses the sandbox even with keys configured', async () => {
    const sandboxed = await startApp({ ...keys, faults: { paymentsMode: 'sandbox' } });
    try {
      expect(sandboxed.shop.payments.razorpay.sandbox).toBe(true);
      expect(sandboxed.shop.payments.stripe.sandbox).toBe(true);
    } finally {
      await sandboxed.close();
    }
  });
});
