// The one fake API of every section's tests: a real HTTP server on a free port speaking the calls the bundles make,
// recording each call. Its catalogue answers come from the API's own search index (the same code that serves
// GET /api/product/search), and api/src/__tests__/contract.test.ts runs the same scenarios against it and the real
// API on PGlite, so it cannot drift from the API it stands in for.
// The server and its state are here; the route groups in fake/ (catalogue, accounts, orders).
import { createServer, type Server, type ServerResponse, type IncomingMessage } from 'node:http';
import type { CartData, OrderDetail, Product, SavedAddress } from '@metrology/shared';
import { DEFAULT_DELIVERY_FEE } from '@metrology/shared/rules';
import { CatalogueIndex } from '../../api/src/features/products/search-index.js';
import { accountCall } from './fake/accounts.js';
import { catalogueCall } from './fake/catalogue.js';
import { header, readBody, sleep } from './fake/http.js';
import { FAKE_MESSAGES, GOOD_TOKEN } from './fake/model.js';
import { orderCall } from './fake/orders.js';
import type { FakeApi, FakeState, Override, RecordedCall, Reply } from './fake/model.js';

export { FAKE_MESSAGES, GOOD_TOKEN } from './fake/model.js';
export type { EnquiryBehaviour, FakeApi, Override, RecordedCall, Reply } from './fake/model.js';

export async function startFakeApi(initial: Product[] = []): Promise<FakeApi> {
  const placedWithKey = new Map<string, string>();
  const overrides = new Map<string, Override>();
  const inFlight = new Map<string, number>();
  let waiting: (() => void)[] = [];
  const hung: ServerResponse[] = [];
  let index: { products: Product[]; index: CatalogueIndex } | undefined;
  const catalogue = () => {
    if (index?.products !== api.products) index = { products: api.products, index: newIndex() };
    return index.index;
  };
  const newIndex = () => new CatalogueIndex(api.products);
  const books: FakeState['books'] = { addresses: {}, orders: {} };

  const api: FakeApi = {
    url: '',
    calls: [],
    products: initial,
    users: {},
    carts: {},
    get serverCart() {
      return (api.carts[GOOD_TOKEN] ??= {});
    },
    set serverCart(cart: CartData) {
      api.carts[GOOD_TOKEN] = cart;
    },
    get addresses() {
      return (books.addresses[GOOD_TOKEN] ??= []);
    },
    set addresses(addresses: SavedAddress[]) {
      books.addresses[GOOD_TOKEN] = addresses;
    },
    accountEmail: 'buyer@example.com',
    get orders() {
      return (books.orders[GOOD_TOKEN] ??= []);
    },
    set orders(orders: OrderDetail[]) {
      books.orders[GOOD_TOKEN] = orders;
    },
    deliveryFee: DEFAULT_DELIVERY_FEE,
    maxInFlight: new Map(),
    country: 'US',
    enquiry: { kind: 'accept' },
    held: new Set(),
    release: () => {
      const pending = waiting;
      waiting = [];
      for (const resume of pending) resume();
    },
    override: (route, handler) => overrides.set(route, handler),
    callsTo: (route) =>
      api.calls.filter(
        (call) => (route.startsWith('/') ? call.path : `${call.method} ${call.path}`) === route,
      ),
    reset: (products = []) => {
      overrides.clear();
      api.calls = [];
      api.products = products;
      api.users = { 'shopper@example.com': { name: 'Shopper', password: 'secret' } };
      api.carts = {};
      books.addresses = {};
      books.orders = {};
      api.accountEmail = 'buyer@example.com';
      api.deliveryFee = DEFAULT_DELIVERY_FEE;
      placedWithKey.clear();
      api.maxInFlight = new Map();
      api.country = 'US';
      api.enquiry = { kind: 'accept' };
      api.held = new Set();
      api.release();
      for (const response of hung.splice(0)) response.destroy();
    },
    close: async () => {
      api.release();
      for (const response of hung.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  api.reset(initial);

  const sessionOf = (token: string | undefined) =>
    token === GOOD_TOKEN || (token?.startsWith('token-') && api.users[token.slice(6)]) ? token : undefined;
  const state: FakeState = {
    api,
    books,
    placedWithKey,
    seq: { order: 0, address: 0, enquiry: 0 },
    sessionOf,
    catalogue,
  };

  /** The usual answer: the first route group that knows the call, else the API's 404. */
  const defaults = (call: RecordedCall): Reply => {
    const route = `${call.method} ${call.path}`;
    const body = (call.body ?? {}) as Record<string, unknown>;
    return (
      catalogueCall(state, call, route) ??
      accountCall(state, call, route, body) ??
      orderCall(state, call, route, body) ?? {
        status: 404,
        body: { success: false, message: FAKE_MESSAGES.notFound },
      }
    );
  };

  const server: Server = createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'content-type, token, idempotency-key, x-request-id');
    if (request.method === 'OPTIONS') return void response.end();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      token: typeof request.headers.token === 'string' ? request.headers.token : undefined,
      body: await readBody(request),
      contentType: header(request, 'content-type'),
      idempotencyKey: header(request, 'idempotency-key'),
      requestId: header(request, 'x-request-id'),
    };
    api.calls.push(call);
    const route = `${call.method} ${call.path}`;
    const now = (inFlight.get(route) ?? 0) + 1;
    inFlight.set(route, now);
    api.maxInFlight.set(route, Math.max(api.maxInFlight.get(route) ?? 0, now));
    try {
      await answer(call, route, request, response);
    } finally {
      inFlight.set(route, (inFlight.get(route) ?? 1) - 1);
    }
  });

  const answer = async (
    call: RecordedCall,
    route: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    if ([...api.held].some((held) => route.startsWith(held)))
      await new Promise<void>((resolve) => waiting.push(resolve));
    const custom = await (overrides.get(route) ?? overrides.get(call.path))?.(call);
    const reply =
      custom && (custom.status !== undefined || custom.body !== undefined || custom.destroy || custom.hang)
        ? custom
        : { ...defaults(call), delayMs: custom?.delayMs, ...(custom?.lose ? { destroy: true } : {}) };
    if (reply.delayMs) await sleep(reply.delayMs);
    if (reply.destroy) return void request.socket.destroy();
    if (reply.hang) return void hung.push(response);
    response.statusCode = reply.status ?? 200;
    response.setHeader('Content-Type', 'application/json');
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  api.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return api;
}
