import { createServer, type IncomingMessage, type Server } from 'node:http';
import { anonymousEndpoints, shopApi } from '../../api/base-api';
import { setRuntimeConfig } from '../../config/runtime-config';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../rules/constants';
import { addToCart, restoreSession, sessionEnded, sessionStarted, updateCartQuantity } from '../cart-thunks';
import { createShopStore } from '../create-store';
import { detectCountry } from '../geo-slice';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

/** A small real HTTP server standing in for the API's cart calls, recording what it was sent. */
let server: Server;
let calls: { path: string; token: string | undefined; body: unknown }[] = [];
let serverCart: Record<string, number> = {};
let country = 'US';

async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return raw ? JSON.parse(raw) : undefined;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = (await readBody(request)) as { itemId: string; quantity: number } | undefined;
    const token = request.headers.token as string | undefined;
    calls.push({ path: request.url ?? '', token, body });
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/geo') return response.end(JSON.stringify({ country_code: country }));
    if (token !== 'good') {
      response.statusCode = 401;
      return response.end(JSON.stringify({ success: false, message: 'Please login to continue' }));
    }
    if (request.url === '/api/cart/get')
      return response.end(JSON.stringify({ success: true, cartData: serverCart }));
    if (request.url === '/api/cart/add' && body) {
      if (body.itemId === 'unknown') {
        response.statusCode = 404;
        return response.end(JSON.stringify({ success: false, message: 'Product not found' }));
      }
      serverCart[body.itemId] = (serverCart[body.itemId] ?? 0) + body.quantity;
    }
    if (request.url === '/api/cart/update' && body) {
      if (body.quantity === 0) delete serverCart[body.itemId];
      else serverCart[body.itemId] = body.quantity;
    }
    response.end(JSON.stringify({ success: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}`, geoUrl: `http://127.0.0.1:${port}/geo` });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  calls = [];
  serverCart = {};
  country = 'US';
  localStorage.clear();
});

describe('guest cart', () => {
  it('stays local, survives a reload through localStorage, and never calls the server', async () => {
    const store = createShopStore();
    await store.dispatch(restoreSession());
    await store.dispatch(addToCart('a', 2));
    await store.dispatch(addToCart('a'));
    expect(store.getState().cart.items).toEqual({ a: 3 });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY) ?? '{}')).toEqual({ a: 3 });

    const reloaded = createShopStore();
    await reloaded.dispatch(restoreSession());
    expect(reloaded.getState().cart.items).toEqual({ a: 3 });
    expect(calls.filter((c) => c.path.startsWith('/api/'))).toEqual([]);
  });
});

describe('logged-in cart', () => {
  it('merges the guest cart into the server cart on login', async () => {
    serverCart = { b: 1, a: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    await store.dispatch(addToCart('a', 2));
    await store.dispatch(sessionStarted('good'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good');
    expect(store.getState().cart.items).toEqual({ a: 3, b: 1 });
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
    expect(calls.find((c) => c.path === '/api/cart/add')).toMatchObject({
      token: 'good',
      body: { itemId: 'a', quantity: 2 },
    });
  });

  it('restores a stored token and fetches the server cart on first load', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    serverCart = { x: 4 };
    const store = createShopStore();
    expect(store.getState().auth.token).toBe('good');
    await store.dispatch(restoreSession());
    expect(store.getState().cart.items).toEqual({ x: 4 });
  });

  it('syncs updates and ends consistent with the server when a sync fails', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    serverCart = { a: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(await store.dispatch(updateCartQuantity('a', 5))).toBe(true);
    expect(serverCart).toEqual({ a: 5 });
    expect(await store.dispatch(addToCart('unknown'))).toBe(false);
    expect(store.getState().cart.items).toEqual({ a: 5 });
    await store.dispatch(updateCartQuantity('a', 0));
    expect(store.getState().cart.items).toEqual({});
    expect(serverCart).toEqual({});
  });

  it('a stored session the server refuses is ended: the visitor continues as a guest', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    const store = createShopStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().cart).toEqual({ items: {}, status: 'ready' });
  });

  it('endpoints marked anonymous never send the token (SPEC: chat, testimonials, news)', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    const probe = shopApi.injectEndpoints({
      endpoints: (build) => ({
        anonymousProbe: build.mutation<unknown, void>({
          query: () => ({ url: '/api/probe', method: 'POST' }),
        }),
        signedProbe: build.mutation<unknown, void>({ query: () => ({ url: '/api/probe', method: 'POST' }) }),
      }),
    });
    anonymousEndpoints.add('anonymousProbe');
    const store = createShopStore();
    await store.dispatch(probe.endpoints.anonymousProbe.initiate());
    await store.dispatch(probe.endpoints.signedProbe.initiate());
    expect(calls.filter((c) => c.path === '/api/probe').map((c) => c.token)).toEqual([undefined, 'good']);
  });

  it('logout removes the token and empties the cart', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    serverCart = { a: 1 };
    const store = createShopStore();
    await store.dispatch(restoreSession());
    store.dispatch(sessionEnded());
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().cart.items).toEqual({});
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('detectCountry', () => {
  it.each([
    ['IN', true],
    ['US', false],
  ])('country %s sets the Indian-user flag to %p', async (code, expected) => {
    country = code;
    const store = createShopStore();
    await store.dispatch(detectCountry());
    expect(store.getState().geo.isIndianUser).toBe(expected);
  });

  it('stays false, silently, when the lookup fails', async () => {
    setRuntimeConfig({ geoUrl: 'http://127.0.0.1:1/unreachable' });
    const store = createShopStore();
    await store.dispatch(detectCountry());
    expect(store.getState().geo).toEqual({ isIndianUser: false, lookup: 'done' });
  });
});
