// Contract tests: the same calls against the real API (Fastify inject on a fresh database) and the sections' fake
// API (@metrology/test-kit), over the same catalogue; both must answer the same status and the same body. So the
// fake the component tests run against cannot drift from the API it stands in for.
import type { FastifyInstance } from 'fastify';
import type { Product, SavedAddress } from '@metrology/shared';
import { startFakeApi, type FakeApi } from '@metrology/test-kit/fake-api';
import { ADDRESS, body, get, startApp } from './helpers/test-app.js';

interface Answer {
  status: number;
  body: unknown;
}

/** One way to call an API: the real one by inject, the fake one over HTTP. */
type Call = (method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) => Promise<Answer>;

let app: FastifyInstance;
let fake: FakeApi;
let catalogue: Product[];

const real: Call = async (method, url, payload, token) => {
  const res = await app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
};

const faked: Call = async (method, url, payload, token) => {
  const res = await fetch(`${fake.url}${url}`, {
    method,
    headers: {
      ...(token ? { token } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

beforeAll(async () => {
  app = await startApp();
  catalogue = body<{ products: Product[] }>(await get(app, '/api/product/list')).products;
  // The fake gets the catalogue oldest first: the order it answers must come from its own rules.
  fake = await startFakeApi([...catalogue].reverse());
});
afterAll(async () => {
  await fake.close();
  await app.close();
});

/**
 * The body with the values that differ between two servers (new ids, tokens, times) replaced by their type. A path
 * names keys from the top, through arrays: 'orders._id' is the _id of every order, not of its items.
 */
function masked(value: unknown, paths: readonly string[], at = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item, paths, at));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const path = at ? `${at}.${key}` : key;
      return [key, paths.includes(path) ? `<${typeof inner}>` : masked(inner, paths, path)];
    }),
  );
}

/** The real API's answer and the fake's to the same call must be the same but for the masked paths. */
function compare(
  [expected, actual]: readonly [Answer, Answer],
  what: Record<string, unknown>,
  paths: readonly string[],
): Answer {
  expect({ ...what, ...actual, body: masked(actual.body, paths) }).toEqual({
    ...what,
    ...expected,
    body: masked(expected.body, paths),
  });
  return expected;
}

/** The same call to both; answers the real one after checking the fake's is the same (but for the masked paths). */
async function both(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  paths: readonly string[] = [],
): Promise<Answer> {
  return compare(
    await Promise.all([real(method, url, payload), faked(method, url, payload)]),
    { url },
    paths,
  );
}

/** A URL, or one per API (real, fake) where it holds an id each made up. */
type Url = string | readonly [string, string];

/** A new account on both APIs: calls as that user, compared as both() compares. */
async function signedIn(name: string) {
  const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const tokens = await Promise.all(
    [real, faked].map(async (call) => {
      const made = await call('POST', '/api/user/register', { name, email, password });
      expect(made.status).toBe(200);
      return (made.body as { token: string }).token;
    }),
  );
  /** Both answers, not compared (for what each API made up, like a new order's id). */
  const each = (method: 'GET' | 'POST', url: Url, payload?: unknown) => {
    const [realUrl, fakeUrl] = typeof url === 'string' ? [url, url] : url;
    return Promise.all([
      real(method, realUrl, payload, tokens[0]),
      faked(method, fakeUrl, payload, tokens[1]),
    ]);
  };
  const call = async (method: 'GET' | 'POST', url: Url, payload?: unknown, paths: readonly string[] = []) =>
    compare(
      await each(method, url, payload),
      { url: typeof url === 'string' ? url : url[0], payload },
      paths,
    );
  const post = (url: Url, payload?: unknown, paths?: readonly string[]) => call('POST', url, payload, paths);
  return { email, each, call, post };
}

const priced = () => catalogue.filter((p) => p.price > 0);
const enquiryOnly = () => catalogue.find((p) => !(p.price > 0));

describe('the fake API answers as the real API', () => {
  it('lists products: the whole list, by company newest first and paged, by category, by ids', async () => {
    const [first, second] = catalogue;
    const company = catalogue[3]?.company ?? '';
    const category = catalogue[5]?.category ?? '';
    expect((await both('GET', '/api/product/list')).status).toBe(200);
    await both('GET', `/api/product/list?company=${encodeURIComponent(company)}&sort=newest&limit=4`);
    await both(
      'GET',
      `/api/product/list?category=${encodeURIComponent(category.toUpperCase())}&limit=3&offset=1`,
    );
    await both('GET', `/api/product/list?ids=${second?._id ?? ''},${first?._id ?? ''}`);
    const refused = await both('GET', '/api/product/list?ids=not-an-id');
    expect(refused.status).toBe(400);
  });

  it.each(['relavent', 'newest', 'low-high', 'high-low'])('sorts search results: %s', async (sort) => {
    const answer = await both('GET', `/api/product/search?sort=${sort}&limit=40&facets=true`);
    expect((answer.body as { products: Product[] }).products.length).toBeGreaterThan(1);
  });

  it('filters search results by text, company, categories and types, with disjunctive facets, and pages', async () => {
    const [one, other] = [...new Set(catalogue.map((p) => p.company))];
    const category = catalogue[0]?.category ?? '';
    const type = catalogue.flatMap((p) => p.businessType)[0] ?? 'Manufacturer';
    await both('GET', `/api/product/search?q=${encodeURIComponent(catalogue[2]?.name ?? '')}`);
    await both('GET', '/api/product/search?q=caliper%20digital&sort=low-high');
    await both('GET', `/api/product/search?companies=${encodeURIComponent(`${one},${other}`)}&sort=high-low`);
    await both('GET', `/api/product/search?categories=${encodeURIComponent(category)}&types=${type}`);
    await both('GET', '/api/product/search?page=2&limit=5&sort=newest&facets=false');
  });

  it('finds a product by slug or answers 404 Product not found', async () => {
    const product = catalogue[4];
    expect((await both('GET', `/api/product/slug/${product?.slug ?? ''}`)).status).toBe(200);
    const missing = await both('GET', '/api/product/slug/no-such-product');
    expect(missing).toEqual({ status: 404, body: { success: false, message: 'Product not found' } });
  });

  it('refuses a wrong password with the same message', async () => {
    const email = `contract.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const registered = await Promise.all([
      real('POST', '/api/user/register', { name: 'Contract', email, password }),
      faked('POST', '/api/user/register', { name: 'Contract', email, password }),
    ]);
    expect(registered.map((r) => r.status)).toEqual([200, 200]);
    const refused = await both('POST', '/api/user/login', { email, password: 'wrong horse battery' });
    expect(refused).toEqual({ status: 401, body: { success: false, message: 'Invalid email or password' } });
  });

  it('adds to and updates a cart the same way, and refuses what the API refuses', async () => {
    const { post: inCart } = await signedIn('Cart');
    const [a, b] = priced();
    const itemId = a?._id ?? '';
    expect((await inCart('/api/cart/add', { itemId, quantity: 2 })).status).toBe(200);
    await inCart('/api/cart/add', { itemId });
    await inCart('/api/cart/add', { itemId: b?._id ?? '', quantity: 1 });
    await inCart('/api/cart/update', { itemId, quantity: 5 });
    await inCart('/api/cart/update', { itemId: b?._id ?? '', quantity: 0 });
    const cart = await inCart('/api/cart/get', {});
    expect(cart.body).toEqual({ success: true, cartData: { [itemId]: 5 } });
    expect((await inCart('/api/cart/add', { itemId: 'f'.repeat(24) })).status).toBe(404);
    const enquiry = enquiryOnly();
    if (enquiry) expect((await inCart('/api/cart/add', { itemId: enquiry._id })).status).toBe(400);
    const anonymous = await both('POST', '/api/cart/get', {});
    expect(anonymous).toEqual({ status: 401, body: { success: false, message: 'Please login to continue' } });
  });

  it('registers an account (a session token) and refuses the same e-mail again', async () => {
    const payload = {
      name: 'Contract Buyer',
      email: `Register.${Date.now()}@Example.com`,
      password: 'correct horse battery',
    };
    const made = await both('POST', '/api/user/register', payload, ['token']);
    expect(made.status).toBe(200);
    expect(masked(made.body, ['token'])).toEqual({
      success: true,
      token: '<string>',
      message: 'Account created successfully!',
    });
    const again = await both('POST', '/api/user/register', {
      ...payload,
      email: payload.email.toLowerCase(),
    });
    expect(again).toEqual({
      status: 409,
      body: { success: false, message: 'An account with this email already exists' },
    });
  });

  it('accepts an enquiry, and refuses one with its per-field errors', async () => {
    const product = enquiryOnly() ?? catalogue[0];
    const enquiry = {
      productId: product?._id ?? '',
      productName: product?.name ?? '',
      email: 'buyer@example.com',
      quantity: 3,
      companyName: 'Precision Works',
      mobileNo: '+91 98400 12345',
      country: 'India',
      purpose: 'Quotation',
      requirementDetails: 'Calibration certificate needed',
    };
    const accepted = await both('POST', '/api/enquiry/submit', enquiry, ['enquiryId']);
    expect(accepted.status).toBe(200);
    for (const refused of [
      { ...enquiry, email: 'not-an-email', quantity: 0, mobileNo: '', country: '' },
      { ...enquiry, quantity: '2.5' },
      { email: 'buyer@example.com' },
    ]) {
      const answer = await both('POST', '/api/enquiry/submit', refused);
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors).length).toBeGreaterThan(0);
    }
  });

  it("saves and lists a user's addresses, once each, and refuses an incomplete one", async () => {
    const shopper = await signedIn('Addresses');
    const empty = await shopper.call('GET', '/api/address/get');
    expect(empty.body).toEqual({ success: true, addresses: [], accountEmail: shopper.email });
    const ids = ['addresses._id'];
    const saved = await shopper.post('/api/address/save', { address: ADDRESS }, ids);
    expect(saved.status).toBe(200);
    await shopper.post('/api/address/save', { address: { ...ADDRESS, street: ` ${ADDRESS.street} ` } }, ids);
    await shopper.post('/api/address/save', { address: { ...ADDRESS, city: 'Madurai', email: '' } }, ids);
    const listed = await shopper.call('GET', '/api/address/get', undefined, ids);
    expect((listed.body as { addresses: SavedAddress[] }).addresses).toHaveLength(2);
    const refused = await shopper.post('/api/address/save', { address: { ...ADDRESS, phone: ' ' } });
    expect(refused).toEqual({
      status: 400,
      body: { success: false, message: 'Please fill all required fields' },
    });
    await shopper.post('/api/address/save', {});
  });

  it("places a cash-on-delivery order priced from the catalogue; lists it and shows it; refuses what it can't place", async () => {
    const shopper = await signedIn('Orders');
    const [a, b] = priced();
    const line = (product: Product | undefined, quantity: number) => ({
      _id: product?._id ?? '',
      name: 'Whatever the client says',
      price: 1,
      quantity,
    });
    const order = { address: { _id: 'addr-1', ...ADDRESS }, items: [line(a, 2), line(b, 1)], amount: 3 };
    const empty = await shopper.post('/api/order/place', { ...order, items: [line(a, 0)] });
    expect(empty.status).toBe(400);
    const noAddress = await shopper.post('/api/order/place', { items: order.items });
    expect(noAddress.status).toBe(400);
    await shopper.post('/api/order/place', { ...order, address: { ...ADDRESS, city: '' } });
    await shopper.post('/api/order/place', {
      ...order,
      items: [{ ...line(a, 1), _id: 'f'.repeat(24) }, ...order.items],
    });
    const unpriced = enquiryOnly();
    if (unpriced) await shopper.post('/api/order/place', { ...order, items: [line(unpriced, 1)] });
    expect((await shopper.post('/api/order/userorders', {})).body).toEqual({ success: true, orders: [] });

    const placed = await shopper.each('POST', '/api/order/place', order);
    const placedAnswer = compare(placed, { url: '/api/order/place' }, ['orderId']);
    expect(placedAnswer.status).toBe(200);
    const [realId, fakeId] = placed.map((answer) => (answer.body as { orderId: string }).orderId);
    const again = await shopper.post('/api/order/place', { ...order, items: [...order.items].reverse() });
    expect(again.status).toBe(409);
    const listed = await shopper.post('/api/order/userorders', {}, ['orders._id', 'orders.date']);
    expect((listed.body as { orders: { amount: number }[] }).orders).toMatchObject([
      {
        amount: (placedAnswer.body as { amount: number }).amount,
        status: 'processing',
        paymentMethod: 'cod',
      },
    ]);
    const shown = await shopper.call(
      'GET',
      [`/api/order/${realId ?? ''}`, `/api/order/${fakeId ?? ''}`],
      undefined,
      ['order._id', 'order.date', 'order.events.date'],
    );
    expect(shown.status).toBe(200);
    const missing = await shopper.call('GET', `/api/order/${'f'.repeat(24)}`);
    expect(missing).toEqual({ status: 404, body: { success: false, message: 'Order not found' } });
    // Someone else's order is not found either.
    const other = await signedIn('Other');
    await other.call('GET', [`/api/order/${realId ?? ''}`, `/api/order/${fakeId ?? ''}`]);
    expect((await other.post('/api/order/userorders', {})).body).toEqual({ success: true, orders: [] });
  });
});
