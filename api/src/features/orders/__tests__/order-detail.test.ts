import type { FastifyInstance } from 'fastify';
import type { Order, OrderDetail } from '@metrology/shared';
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

const FEE = 15;
let app: FastifyInstance;
let priced: ProductRef[];

beforeAll(async () => {
  app = await startApp({ deliveryFee: FEE });
  ({ priced } = await catalogue(app));
});
afterAll(() => app.close());

const place = async (token: string, lines: [ProductRef, number][]) => {
  const res = await post(
    app,
    '/api/order/place',
    { address: ADDRESS, items: lines.map(([p, quantity]) => ({ _id: p._id, quantity })) },
    token,
  );
  expect(res.statusCode).toBe(200);
  return body<{ orderId: string; amount: number }>(res);
};

const detail = (id: string, token?: string) => get(app, `/api/order/${id}`, token);

describe('GET /api/order/:orderId', () => {
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    owner = (await register(app)).token;
    stranger = (await register(app)).token;
  });

  it('answers the owner with items, fee, total, address, payment, number and the placed event', async () => {
    const [a, b] = priced as [ProductRef, ProductRef];
    const placed = await place(owner, [
      [a, 3],
      [b, 1],
    ]);
    const res = await detail(placed.orderId, owner);
    expect(res.statusCode).toBe(200);
    const { order } = body<{ order: OrderDetail }>(res);
    expect(order).toMatchObject({
      _id: placed.orderId,
      status: 'processing',
      payment: false,
      paymentMethod: 'cod',
      address: ADDRESS,
      amount: placed.amount,
      deliveryFee: FEE,
    });
    expect(order.items.map((i) => [i._id, i.price, i.quantity])).toEqual([
      [a._id, a.price, 3],
      [b._id, b.price, 1],
    ]);
    const itemsTotal = order.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    expect(order.amount).toBeCloseTo(itemsTotal + FEE, 2);
    expect(order.number).toBeGreaterThanOrEqual(100001);
    expect(order.events).toHaveLength(1);
    expect(order.events[0]).toMatchObject({ status: 'processing', note: 'Order placed' });
    expect(Math.abs(order.events[0]!.date - order.date)).toBeLessThan(60_000);
  });

  it('numbers orders one after another and lists the same number in userorders', async () => {
    const first = await place(owner, [[priced[2]!, 1]]);
    const second = await place(owner, [[priced[3]!, 1]]);
    const number = async (id: string) =>
      body<{ order: OrderDetail }>(await detail(id, owner)).order.number as number;
    expect(await number(second.orderId)).toBe((await number(first.orderId)) + 1);
    const { orders } = body<{ orders: Order[] }>(await post(app, '/api/order/userorders', {}, owner));
    const listed = orders.find((o) => o._id === second.orderId);
    expect(listed?.number).toBe(await number(second.orderId));
    expect(listed?.deliveryFee).toBe(FEE);
  });

  it("answers 404 for another user's order, an unknown id and an unpaid online checkout", async () => {
    const placed = await place(owner, [[priced[4]!, 2]]);
    const foreign = await detail(placed.orderId, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toEqual({ success: false, message: 'Order not found' });
    expect((await detail('ffffffffffffffffffffffff', owner)).statusCode).toBe(404);
    const unpaid = body<{ orderId: string }>(
      await post(
        app,
        '/api/order/razorpay',
        { address: ADDRESS, items: [{ _id: priced[5]!._id, quantity: 1 }] },
        owner,
      ),
    );
    expect((await detail(unpaid.orderId, owner)).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    const placed = await place(owner, [[priced[6]!, 1]]);
    expect((await detail(placed.orderId)).statusCode).toBe(401);
  });

  it('a verified payment adds its event after the initial one', async () => {
    const created = body<{ order: { id: string }; orderId: string }>(
      await post(
        app,
        '/api/order/razorpay',
        { address: ADDRESS, items: [{ _id: priced[7]!._id, quantity: 1 }] },
        owner,
      ),
    );
    const paid = body<Record<string, string>>(
      await post(app, '/api/payments/sandbox/razorpay/pay', { order_id: created.order.id }, owner),
    );
    expect((await post(app, '/api/order/verifyRazorpay', paid, owner)).statusCode).toBe(200);
    // Verifying twice writes no second event.
    expect((await post(app, '/api/order/verifyRazorpay', paid, owner)).statusCode).toBe(200);
    const { order } = body<{ order: OrderDetail }>(await detail(created.orderId, owner));
    expect(order.payment).toBe(true);
    expect(order.events.map((e) => [e.status, e.note])).toEqual([
      ['awaiting payment', 'Order placed'],
      ['processing', 'Payment verified'],
    ]);
  });
});
