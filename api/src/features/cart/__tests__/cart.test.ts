import type { FastifyInstance } from 'fastify';
import {
  body,
  catalogue,
  post,
  register,
  startApp,
  type ProductRef,
} from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
let token: string;
let other: string;
let products: ProductRef[];
let enquiryOnly: ProductRef[];

beforeAll(async () => {
  app = await startApp();
  token = (await register(app)).token;
  other = (await register(app)).token;
  ({ priced: products, enquiryOnly } = await catalogue(app));
});
afterAll(() => app.close());

const cartOf = async (t: string) =>
  body<{ cartData: Record<string, number> }>(await post(app, '/api/cart/get', {}, t)).cartData;

describe('POST /api/cart/add', () => {
  it('adds 1 by default, then adds up', async () => {
    const [a] = products as [ProductRef];
    const first = await post(app, '/api/cart/add', { itemId: a._id }, token);
    expect(first.statusCode).toBe(200);
    expect(body(first)).toEqual({ success: true, message: 'Item Added to Cart', cartData: { [a._id]: 1 } });
    await post(app, '/api/cart/add', { itemId: a._id, quantity: 3 }, token);
    expect(await cartOf(token)).toEqual({ [a._id]: 4 });
  });

  it('refuses an unknown product', async () => {
    const res = await post(app, '/api/cart/add', { itemId: 'ffffffffffffffffffffffff' }, token);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: 'Product not found' });
  });

  it.each([
    [0, '"quantity" must be at least 1'],
    [-2, '"quantity" must be at least 1'],
    [1.5, '"quantity" must be a whole number'],
    ['2', '"quantity" must be a whole number'],
    [1000, '"quantity" must be at most 999'],
  ])('refuses quantity %j', async (quantity, message) => {
    const res = await post(app, '/api/cart/add', { itemId: products[1]?._id, quantity }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message });
  });

  it('refuses an enquiry-only product (price 0)', async () => {
    const product = enquiryOnly[0] as ProductRef;
    const res = await post(app, '/api/cart/add', { itemId: product._id }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(
      `"${product.name}" is available on enquiry only and cannot be ordered online. Please send an enquiry instead.`,
    );
  });

  it('refuses a line above 999 in total', async () => {
    const b = products[2] as ProductRef;
    await post(app, '/api/cart/add', { itemId: b._id, quantity: 990 }, token);
    const res = await post(app, '/api/cart/add', { itemId: b._id, quantity: 10 }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('You can order at most 999 of one item');
    expect((await cartOf(token))[b._id]).toBe(990);
  });

  it('refuses unknown fields such as a price', async () => {
    const res = await post(app, '/api/cart/add', { itemId: products[3]?._id, quantity: 1, price: 1 }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Unknown field "price"');
  });

  it('needs a login', async () => {
    const res = await post(app, '/api/cart/add', { itemId: products[3]?._id });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/cart/update', () => {
  it('sets an exact quantity and 0 removes the item', async () => {
    const c = products[4] as ProductRef;
    await post(app, '/api/cart/update', { itemId: c._id, quantity: 7 }, token);
    expect((await cartOf(token))[c._id]).toBe(7);
    await post(app, '/api/cart/update', { itemId: c._id, quantity: 2 }, token);
    expect((await cartOf(token))[c._id]).toBe(2);
    const removed = await post(app, '/api/cart/update', { itemId: c._id, quantity: 0 }, token);
    expect(body(removed).success).toBe(true);
    expect(await cartOf(token)).not.toHaveProperty(c._id);
  });

  it('removing something that is not there is fine; setting an unknown product is not', async () => {
    expect((await post(app, '/api/cart/update', { itemId: 'nope', quantity: 0 }, token)).statusCode).toBe(
      200,
    );
    expect((await post(app, '/api/cart/update', { itemId: 'nope', quantity: 1 }, token)).statusCode).toBe(
      404,
    );
  });

  it('refuses negative and missing quantities', async () => {
    const res = await post(app, '/api/cart/update', { itemId: products[0]?._id, quantity: -1 }, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('"quantity" must be at least 0');
    expect(body(await post(app, '/api/cart/update', { itemId: products[0]?._id }, token)).message).toBe(
      '"quantity" is required',
    );
  });
});

describe('POST /api/cart/get', () => {
  it('answers cartData as a map of product id to quantity, per user', async () => {
    const mine = await cartOf(token);
    expect(Object.values(mine).every((q) => Number.isInteger(q) && q > 0)).toBe(true);
    expect(await cartOf(other)).toEqual({});
  });

  it('accepts an empty body, no body, and the userId the old client sends', async () => {
    for (const payload of [undefined, '', {}, { userId: 'whatever' }]) {
      const headers: Record<string, string> = payload === '' ? { 'content-type': 'application/json' } : {};
      const res = await post(app, '/api/cart/get', payload, token, headers);
      expect(res.statusCode).toBe(200);
    }
  });

  it("cannot read another user's cart by naming them", async () => {
    const res = await post(app, '/api/cart/get', { userId: 'x', user: 'y' }, other);
    expect(res.statusCode).toBe(400);
  });
});
