// Orders awaiting payment expire: cancelled with an event by one statement that two API instances may
// run at once, a paid order untouched, and the desk hiding expired orders unless asked.
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS,
  body,
  catalogue,
  get,
  post,
  register,
  startApp,
} from '../../../__tests__/helpers/test-app.js';
import { optionsFromEnv, resolveConfig } from '../../../config.js';
import { EXPIRED_NOTE, expireUnpaidOrders } from '../order-expiry.js';

const EXPIRY_MINUTES = 30;
const EXPIRY_MS = EXPIRY_MINUTES * 60_000;

let app: FastifyInstance;
let token: string;
let staff: string;
let productId: string;

beforeAll(async () => {
  app = await startApp({ faults: { orderPaymentExpiryMinutes: EXPIRY_MINUTES } });
  productId = (await catalogue(app)).priced[0]!._id;
  token = (await register(app)).token;
  staff = (await register(app, 'Staff Stella')).token;
  const me = body<{ user: { _id: string } }>(await get(app, '/api/user/me', staff)).user;
  await app.shop.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [me._id]);
});
afterAll(() => app.close());

/** A Razorpay checkout (sandbox): an order awaiting payment; answers the order id and the provider's order id. */
async function checkout(): Promise<{ id: string; providerOrderId: string }> {
  const res = await post(
    app,
    '/api/order/razorpay',
    { address: ADDRESS, items: [{ _id: productId, quantity: 1 }] },
    token,
  );
  expect(res.statusCode).toBe(200);
  const providerOrderId = body<{ order: { id: string } }>(res).order.id;
  const row = await app.shop.db.query<{ id: string }>('SELECT id FROM orders WHERE payment_ref = $1', [
    providerOrderId,
  ]);
  return { id: row.rows[0]!.id, providerOrderId };
}

/** Places the order further in the past than the expiry (the clock is the database's). */
const age = (id: string, minutes: number) =>
  app.shop.db.query(`UPDATE orders SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
    id,
    minutes,
  ]);

async function pay(providerOrderId: string): Promise<void> {
  const paid = await post(app, '/api/payments/sandbox/razorpay/pay', { order_id: providerOrderId }, token);
  expect(paid.statusCode).toBe(200);
  const verify = await post(app, '/api/order/verifyRazorpay', body(paid), token);
  expect([verify.statusCode, body(verify).success]).toEqual([200, true]);
}

const state = async (id: string) =>
  (
    await app.shop.db.query<{ status: string; payment: boolean; expired: boolean }>(
      'SELECT status, payment, expired_at IS NOT NULL AS expired FROM orders WHERE id = $1',
      [id],
    )
  ).rows[0];

const events = async (id: string) =>
  (
    await app.shop.db.query<{ status: string; note: string }>(
      'SELECT status, note FROM order_events WHERE order_id = $1 ORDER BY created_at, id',
      [id],
    )
  ).rows;

describe('an order awaiting payment past the expiry', () => {
  let unpaid: string;
  let paid: string;
  let fresh: string;

  beforeAll(async () => {
    unpaid = (await checkout()).id;
    const toPay = await checkout();
    paid = toPay.id;
    await pay(toPay.providerOrderId);
    fresh = (await checkout()).id;
    await age(unpaid, EXPIRY_MINUTES + 1);
    await age(paid, EXPIRY_MINUTES + 1);
    await age(fresh, EXPIRY_MINUTES - 5);
  });

  it('is cancelled with one event in its history; a paid one and a recent one are untouched', async () => {
    const paidEventsBefore = await events(paid);
    // Two instances sweeping at the same moment: each expired order is cancelled, and recorded, once.
    const [first, second] = await Promise.all([
      expireUnpaidOrders(app.shop.db, EXPIRY_MS),
      expireUnpaidOrders(app.shop.db, EXPIRY_MS),
    ]);
    expect([...first!, ...second!]).toEqual([unpaid]);
    expect(await state(unpaid)).toEqual({ status: 'cancelled', payment: false, expired: true });
    expect(await events(unpaid)).toEqual([
      { status: 'awaiting payment', note: 'Order placed' },
      { status: 'cancelled', note: EXPIRED_NOTE },
    ]);
    expect(await state(paid)).toEqual({ status: 'processing', payment: true, expired: false });
    expect(await events(paid)).toEqual(paidEventsBefore);
    expect(await state(fresh)).toEqual({ status: 'awaiting payment', payment: false, expired: false });
    // Swept again: nothing more to do, no second event.
    expect(await expireUnpaidOrders(app.shop.db, EXPIRY_MS)).toEqual([]);
    expect(await events(unpaid)).toHaveLength(2);
  });

  it('the desk hides it by default, shows it on request, and its history says why', async () => {
    const ids = async (query: string) =>
      body<{ orders: { _id: string; expired: boolean }[] }>(
        await get(app, `/api/staff/orders?limit=100${query}`, staff),
      ).orders.map((order) => `${order._id}${order.expired ? ' (expired)' : ''}`);
    const hidden = await ids('');
    expect(hidden).toEqual(expect.arrayContaining([paid, fresh]));
    expect(hidden.filter((id) => id.startsWith(unpaid))).toEqual([]);
    expect(await ids('&expired=include')).toEqual(
      expect.arrayContaining([paid, fresh, `${unpaid} (expired)`]),
    );
    expect(await ids('&expired=only')).toEqual([`${unpaid} (expired)`]);
    const detail = body<{ order: { status: string; history: { status: string; note: string }[] } }>(
      await get(app, `/api/staff/orders/${unpaid}`, staff),
    ).order;
    expect(detail.status).toBe('cancelled');
    expect(detail.history.at(-1)).toMatchObject({ status: 'cancelled', note: EXPIRED_NOTE });
  });

  it('a payment arriving after the expiry is recorded on the cancelled order as a refund due', async () => {
    const late = await checkout();
    await age(late.id, EXPIRY_MINUTES + 1);
    expect(await expireUnpaidOrders(app.shop.db, EXPIRY_MS)).toEqual([late.id]);
    await pay(late.providerOrderId);
    expect(await state(late.id)).toEqual({ status: 'cancelled', payment: true, expired: true });
    expect((await events(late.id)).at(-1)?.note).toMatch(/refund due/);
  });
});

describe('ORDER_PAYMENT_EXPIRY_MINUTES', () => {
  it('sets the expiry (default 30 minutes; 0 turns it off)', () => {
    const ms = (env: NodeJS.ProcessEnv) =>
      resolveConfig(optionsFromEnv(env), () => '/tmp').orderPaymentExpiryMs;
    expect(ms({})).toBe(30 * 60_000);
    expect(ms({ ORDER_PAYMENT_EXPIRY_MINUTES: '5' })).toBe(5 * 60_000);
    expect(ms({ ORDER_PAYMENT_EXPIRY_MINUTES: '0' })).toBe(0);
    expect(() => ms({ ORDER_PAYMENT_EXPIRY_MINUTES: 'soon' })).toThrow(/ORDER_PAYMENT_EXPIRY_MINUTES/);
  });
});
