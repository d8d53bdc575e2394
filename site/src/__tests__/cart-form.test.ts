import type { FastifyInstance } from 'fastify';
import { renderlessSite } from './site-fixtures';

// The cart's forms as a page without script sends them: POST /cart changes the cart cookie's copy, keeps the
// change for the browser's cart, and sends the shopper back.

const A = 'a'.repeat(24);
const B = '0123456789abcdef01234567';

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await renderlessSite('cart-form'));
});
afterAll(() => close());

function post(form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/cart',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

function cookies(response: Awaited<ReturnType<typeof post>>): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return Object.fromEntries(list.map((c) => c.split(';')[0]?.split('=') as [string, string]));
}

describe('POST /cart: the cart forms without script', () => {
  it('adds to the cookie copy, keeps the change, and redirects back to the product', async () => {
    const response = await post({ op: 'add', id: A, quantity: '2', return: '/product/bore-gauge' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/product/bore-gauge');
    expect(cookies(response)).toEqual({ shop_cart: `${A}:2`, shop_cart_ops: `a:${A}:2` });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('applies a line stepper to the cart the cookie holds and appends the change to the pending ones', async () => {
    const response = await post(
      { op: 'inc', id: B, return: '/cart' },
      { cookie: `shop_cart=${A}:1.${B}:2; shop_cart_ops=a:${A}:1` },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
    expect(cookies(response)).toEqual({
      shop_cart: `${A}:1.${B}:3`,
      shop_cart_ops: `a:${A}:1.a:${B}:1`,
    });
  });

  it('empties the cart with the last line’s bin (the cookie is deleted)', async () => {
    const response = await post({ op: 'remove', id: A, return: '/cart' }, { cookie: `shop_cart=${A}:4` });
    const set = response.headers['set-cookie'] as string[];
    expect(set.find((c) => c.startsWith('shop_cart='))).toMatch(/^shop_cart=; Max-Age=0/);
    expect(cookies(response).shop_cart_ops).toBe(`s:${A}:0`);
  });

  it.each([
    ['another site', 'https://evil.example/x'],
    ['a protocol-relative path', '//evil.example/x'],
    ['a backslash path', '/\\evil.example'],
  ])('never sends the shopper to %s', async (_name, target) => {
    const response = await post({ op: 'add', id: A, quantity: '1', return: target });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/cart');
  });

  it('refuses a form posted from another site, changing nothing', async () => {
    const response = await post({ op: 'add', id: A, quantity: '1' }, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain('A form on another site cannot change your cart.');
  });

  it('refuses an Origin of another host when the browser sends no Sec-Fetch-Site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/cart',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        host: 'shop.test',
      },
      payload: `op=add&id=${A}&quantity=1`,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ op: 'add', id: 'nope', quantity: '1' }, 'The product is not valid.'],
    [{ op: 'add', id: A, quantity: '0' }, 'The quantity must be a whole number from 1 to 9999.'],
    [{ op: 'buy', id: A, quantity: '1' }, 'The cart form names no known action.'],
  ])('answers bad input with a 400 page that says why, changing nothing: %j', async (form, message) => {
    const response = await post(form);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(message);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [
      'a body larger than any cart form',
      'application/x-www-form-urlencoded',
      `op=add&id=${A}&x=${'y'.repeat(4096)}`,
      413,
    ],
    [
      'a JSON body (its fields are read, and the quantity is missing)',
      'application/json',
      JSON.stringify({ op: 'add', id: A }),
      400,
    ],
    ['a text body (no fields)', 'text/plain', `op=add&id=${A}&quantity=1`, 400],
    ['a multipart body', 'multipart/form-data; boundary=b', '--b\r\n', 415],
    ['no body at all', 'application/x-www-form-urlencoded', '', 400],
  ])(
    'answers %s with a page that says what went wrong, never a 500',
    async (_name, type, payload, status) => {
      const response = await app.inject({
        method: 'POST',
        url: '/cart',
        headers: { 'content-type': type, 'sec-fetch-site': 'same-origin' },
        payload,
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<h1>Your cart was not changed</h1>');
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );
});
