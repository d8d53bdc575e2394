// Contract tests: the same calls against the real API (Fastify inject on a fresh database) and the sections' fake
// API (@metrology/test-kit), over the same catalogue; both must answer the same status and the same body. So the
// fake the component tests run against cannot drift from the API it stands in for.
import type { FastifyInstance } from 'fastify';
import type { Product } from '@metrology/shared';
import { startFakeApi, type FakeApi } from '@metrology/test-kit/fake-api';
import { body, get, startApp } from './helpers/test-app.js';

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

/** The same call to both; answers the real one after checking the fake's is the same. */
async function both(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> {
  const [expected, actual] = await Promise.all([real(method, url, payload), faked(method, url, payload)]);
  expect({ url, ...actual }).toEqual({ url, ...expected });
  return expected;
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
    const email = `cart.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const tokens = await Promise.all(
      [real, faked].map(async (call) => {
        const answer = await call('POST', '/api/user/login', { email, password });
        if (answer.status === 200) return (answer.body as { token: string }).token;
        const made = await call('POST', '/api/user/register', { name: 'Cart', email, password });
        return (made.body as { token: string }).token;
      }),
    );
    const inCart = async (url: string, payload?: unknown) => {
      const [expected, actual] = await Promise.all([
        real('POST', url, payload, tokens[0]),
        faked('POST', url, payload, tokens[1]),
      ]);
      expect({ url, payload, ...actual }).toEqual({ url, payload, ...expected });
      return expected;
    };
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
});
