// The one fake API of every section's tests: a real HTTP server on a free port speaking the calls the bundles make,
// recording each call. Its catalogue answers come from the API's own search index (the same code that serves
// GET /api/product/search), and api/src/__tests__/contract.test.ts runs the same scenarios against it and the real
// API on PGlite, so it cannot drift from the API it stands in for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type {
  CartData,
  EnquiryBody,
  OrderDetail,
  PlaceOrderBody,
  Product,
  ProductListResponse,
  ProductSearchQuery,
  SavedAddress,
} from '@metrology/shared';
import {
  ADDRESS_MESSAGES,
  DEFAULT_DELIVERY_FEE,
  ENQUIRY_MESSAGES,
  addressProblem,
} from '@metrology/shared/rules';
import { HttpError } from '../../api/src/lib/errors.js';
import { cleanAddress, isSavedAlready } from '../../api/src/features/addresses/clean-address.js';
import { checkEnquiry } from '../../api/src/features/enquiries/enquiry-check.js';
import {
  DUPLICATE_WINDOW_SECONDS,
  enquiryOnly,
  ORDER_MESSAGES,
  orderedIds,
  priceFromCatalogue,
  sameItems,
} from '../../api/src/features/orders/order-pricing.js';
import { CatalogueIndex } from '../../api/src/features/products/search-index.js';
import { searchQueryFrom } from '../../api/src/features/products/search-types.js';

/** The session token the fake accepts for its one ready-made account (tests log in with it directly). */
export const GOOD_TOKEN = 'good-token';

/** The messages of the real API the fake answers with (asserted by the contract tests). */
export const FAKE_MESSAGES = {
  loginRequired: 'Please login to continue',
  invalidCredentials: 'Invalid email or password',
  duplicate: 'An account with this email already exists',
  productNotFound: 'Product not found',
  notFound: 'Not found',
  added: 'Item Added to Cart',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
} as const;

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | undefined;
  body: unknown;
  /** The Content-Type, Idempotency-Key and X-Request-Id headers, when sent. */
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  requestId: string | undefined;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Closes the connection without an answer (a network error in the browser). */
  destroy?: boolean;
  /** Does what the usual answer does (an order is stored), then closes the connection: the answer is lost. */
  lose?: boolean;
  /** Never answers (a hung connection; closed by reset or close). */
  hang?: boolean;
  /** Answers this much later (with only a delay, the usual answer, later). */
  delayMs?: number;
}

export type Override = (call: RecordedCall) => Reply | undefined | Promise<Reply | undefined>;

export type EnquiryBehaviour =
  { kind: 'accept' } | { kind: 'refuse'; status: number; message?: string } | { kind: 'drop' };

export interface FakeApi {
  url: string;
  calls: RecordedCall[];
  /** The catalogue (assign a new list to change it). */
  products: Product[];
  /** Accounts: e-mail -> name and password; a login answers the token `token-<email>`. */
  users: Record<string, { name: string; password: string }>;
  /** Each session token's cart. */
  carts: Record<string, CartData>;
  /** The cart of the GOOD_TOKEN session (the same object as carts[GOOD_TOKEN]). */
  serverCart: CartData;
  /** The saved addresses of the GOOD_TOKEN session (each session has its own), and its account e-mail (a
   * `token-<email>` session's is its e-mail). */
  addresses: SavedAddress[];
  accountEmail: string;
  /** The orders of the GOOD_TOKEN session, newest first (each session has its own). */
  orders: OrderDetail[];
  /** The delivery fee an order is charged (the API's default unless a test changes it). */
  deliveryFee: number;
  /** Highest number of requests seen in flight at once per `METHOD /path`. */
  maxInFlight: Map<string, number>;
  /** The country the geolocation call (GET /geo) answers. */
  country: string;
  /** The answer of the enquiry call. */
  enquiry: EnquiryBehaviour;
  /** Answers of calls whose `METHOD /path` starts with one of these, held until release() (a pending state). */
  held: Set<string>;
  release: () => void;
  /** Replaces the answer of `METHOD /path`, or of `/path` whatever the method (undefined: the usual answer). */
  override: (route: string, handler: Override) => void;
  /** The calls to `METHOD /path`, or to `/path` whatever the method. */
  callsTo: (route: string) => RecordedCall[];
  /** Back to the start: no calls, no overrides, these products, the ready-made accounts. */
  reset: (products?: Product[]) => void;
  close: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The API's refusal: { success: false, message }, and per-field errors where it has them. */
function refusal(error: unknown): Reply {
  if (!(error instanceof HttpError)) throw error;
  const errors = error.extra.errors === undefined ? {} : { errors: error.extra.errors };
  return { status: error.statusCode, body: { success: false, message: error.message, ...errors } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lower = (value: string) => value.toLowerCase();

/** GET /api/product/list: newest first; company and category exact, case-insensitive; ids; limit and offset. */
function productList(products: readonly Product[], query: URLSearchParams): Reply {
  const ids = query.get('ids');
  if (ids !== null && !/^[0-9a-f]{24}(,[0-9a-f]{24}){0,199}$/.test(ids)) {
    return { status: 400, body: { success: false, message: '"ids" has an invalid format' } };
  }
  const company = query.get('company');
  const category = query.get('category');
  const wanted = ids ? new Set(ids.split(',')) : undefined;
  const newestFirst = [...products].sort(
    (a, b) =>
      Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
  const found = newestFirst.filter(
    (p) =>
      (!company || lower(p.company) === lower(company)) &&
      (!category || lower(p.category) === lower(category)) &&
      (!wanted || wanted.has(p._id)),
  );
  const limit = query.get('limit');
  const offset = query.get('offset');
  const start = Number(offset ?? 0);
  const end = limit !== null ? start + Math.min(Number(limit), 100) : undefined;
  const paged = limit !== null || offset !== null;
  const body: ProductListResponse = {
    success: true,
    products: found.slice(start, end),
    ...(paged ? { total: found.length } : {}),
  };
  return { body };
}

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
  /** Each session token's saved addresses and orders (api.addresses and api.orders are GOOD_TOKEN's). */
  let addressBooks: Record<string, SavedAddress[]> = {};
  let orderBooks: Record<string, OrderDetail[]> = {};

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
      return (addressBooks[GOOD_TOKEN] ??= []);
    },
    set addresses(addresses: SavedAddress[]) {
      addressBooks[GOOD_TOKEN] = addresses;
    },
    accountEmail: 'buyer@example.com',
    get orders() {
      return (orderBooks[GOOD_TOKEN] ??= []);
    },
    set orders(orders: OrderDetail[]) {
      orderBooks[GOOD_TOKEN] = orders;
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
      addressBooks = {};
      orderBooks = {};
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
  const bySlug = (slug: string) => api.products.find((p) => p.slug === slug || p._id === slug);
  const notFound: Reply = { status: 404, body: { success: false, message: FAKE_MESSAGES.productNotFound } };

  const defaults = (call: RecordedCall): Reply => {
    const route = `${call.method} ${call.path}`;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (route === 'GET /geo') return { body: { ip: '203.0.113.9', country_code: api.country } };
    if (route === 'GET /api/product/list') return productList(api.products, call.query);
    if (route === 'GET /api/product/search') {
      const query = searchQueryFrom(Object.fromEntries(call.query) as ProductSearchQuery);
      return { body: { success: true, ...catalogue().search(query), page: query.page, limit: query.limit } };
    }
    const slug = /^GET \/api\/product\/(slug|related)\/(.+)$/.exec(route);
    if (slug) {
      const product = bySlug(decodeURIComponent(slug[2] ?? ''));
      if (!product) return notFound;
      if (slug[1] === 'slug') return { body: { success: true, product } };
      const related = api.products.filter(
        (p) =>
          p._id !== product._id &&
          p.category === product.category &&
          (product.company ? p.company === product.company : p.subCategory === product.subCategory),
      );
      return { body: { success: true, products: related.slice(0, 5) } };
    }
    if (route === 'POST /api/enquiry/submit') {
      const behaviour = api.enquiry;
      if (behaviour.kind === 'drop') return { destroy: true };
      if (behaviour.kind === 'refuse') {
        const message = behaviour.message ? { message: behaviour.message } : {};
        return { status: behaviour.status, body: { success: false, ...message } };
      }
      // Checked as the API checks it; the id is new each time there too.
      const checked = checkEnquiry(body as EnquiryBody);
      if (checked.problem) {
        return { status: 400, body: { success: false, message: checked.problem, errors: checked.errors } };
      }
      enquirySeq += 1;
      return {
        body: { success: true, message: ENQUIRY_MESSAGES.success, enquiryId: `enquiry-${enquirySeq}` },
      };
    }
    if (route === 'POST /api/user/login') {
      const email = String(body.email).trim().toLowerCase();
      const user = api.users[email];
      if (!user || user.password !== body.password) {
        return { status: 401, body: { success: false, message: FAKE_MESSAGES.invalidCredentials } };
      }
      return { body: { success: true, token: `token-${email}`, message: 'Welcome back!' } };
    }
    if (route === 'POST /api/user/register') {
      // The API keeps e-mail addresses trimmed and in lower case.
      const email = String(body.email).trim().toLowerCase();
      if (api.users[email])
        return { status: 409, body: { success: false, message: FAKE_MESSAGES.duplicate } };
      api.users[email] = { name: String(body.name).trim(), password: String(body.password) };
      return { body: { success: true, token: `token-${email}`, message: 'Account created successfully!' } };
    }
    if (route === 'POST /api/user/chat') {
      return { body: { success: true, data: `You said: ${String(body.message)}` } };
    }
    if (route === 'POST /api/user/logout')
      return { body: { success: true, message: 'You have been logged out' } };
    if (call.path.startsWith('/api/cart/')) {
      const token = sessionOf(call.token);
      if (!token) return { status: 401, body: { success: false, message: FAKE_MESSAGES.loginRequired } };
      const cart = (api.carts[token] ??= {});
      const itemId = String(body.itemId);
      const quantity = Number(body.quantity ?? 1);
      if (route === 'POST /api/cart/add') {
        const product = api.products.find((p) => p._id === itemId);
        if (!product) return notFound;
        if (!(product.price > 0))
          return { status: 400, body: { success: false, message: enquiryOnly(product.name) } };
        cart[itemId] = (cart[itemId] ?? 0) + quantity;
        return { body: { success: true, message: FAKE_MESSAGES.added, cartData: cart } };
      }
      if (route === 'POST /api/cart/update') {
        if (quantity === 0) {
          delete cart[itemId];
          return { body: { success: true, message: FAKE_MESSAGES.removed, cartData: cart } };
        }
        if (!api.products.some((p) => p._id === itemId)) return notFound;
        cart[itemId] = quantity;
        return { body: { success: true, message: FAKE_MESSAGES.updated, cartData: cart } };
      }
      if (route === 'POST /api/cart/get') return { body: { success: true, cartData: cart } };
    }
    return (
      orderCalls(call, route, body) ?? {
        status: 404,
        body: { success: false, message: FAKE_MESSAGES.notFound },
      }
    );
  };

  let orderSeq = 0;
  let addressSeq = 0;
  let enquirySeq = 0;
  /** Addresses, orders and payments (the sandbox's answers), for a logged-in session. */
  const orderCalls = (
    call: RecordedCall,
    route: string,
    body: Record<string, unknown>,
  ): Reply | undefined => {
    if (!/^(GET|POST) \/api\/(address|order|payments)\//.test(route)) return undefined;
    const token = sessionOf(call.token);
    if (!token) return { status: 401, body: { success: false, message: FAKE_MESSAGES.loginRequired } };
    const addresses = (addressBooks[token] ??= []);
    const orders = (orderBooks[token] ??= []);
    switch (route) {
      case 'GET /api/address/get': {
        const accountEmail = token === GOOD_TOKEN ? api.accountEmail : token.slice('token-'.length);
        return { body: { success: true, addresses, accountEmail } };
      }
      case 'POST /api/address/save': {
        // As the API: the nine fields trimmed, all but e-mail required, an address saved once.
        const address = cleanAddress((body as { address?: Partial<SavedAddress> }).address ?? {});
        const problem = addressProblem(address);
        if (problem) return { status: 400, body: { success: false, message: problem } };
        if (!isSavedAlready(addresses, address)) {
          addressSeq += 1;
          addressBooks[token] = [...addresses, { _id: `addr-new-${addressSeq}`, ...address }];
        }
        const saved = addressBooks[token];
        return { body: { success: true, message: ADDRESS_MESSAGES.saved, addresses: saved } };
      }
      case 'POST /api/order/place': {
        // Like the API: a repeated Idempotency-Key answers the order already placed with it.
        const placedBefore = call.idempotencyKey ? placedWithKey.get(call.idempotencyKey) : undefined;
        const replayed = placedBefore ? orders.find((order) => order._id === placedBefore) : undefined;
        if (replayed) {
          const { _id: orderId, amount } = replayed;
          return { body: { success: true, message: ORDER_MESSAGES.placed, orderId, amount } };
        }
        // Priced as the API prices it: from the catalogue, never from the body's names, prices or amount.
        let priced;
        try {
          const order = body as PlaceOrderBody;
          const wanted = new Set(orderedIds(order));
          const products = new Map(api.products.filter((p) => wanted.has(p._id)).map((p) => [p._id, p]));
          priced = priceFromCatalogue(order, products, api.deliveryFee);
        } catch (error) {
          return refusal(error);
        }
        // As the API: the same cash-on-delivery order again within a short while is a double submission.
        const since = Date.now() - DUPLICATE_WINDOW_SECONDS * 1000;
        const items = priced.items;
        if (orders.some((o) => o.paymentMethod === 'cod' && o.date > since && sameItems(o.items, items)))
          return { status: 409, body: { success: false, message: ORDER_MESSAGES.duplicate } };
        orderSeq += 1;
        const orderId = `order-${orderSeq}`;
        if (call.idempotencyKey) placedWithKey.set(call.idempotencyKey, orderId);
        const now = Date.now();
        orderBooks[token] = [
          {
            _id: orderId,
            status: 'processing',
            payment: false,
            paymentMethod: 'cod',
            date: now,
            items: priced.items,
            address: priced.address,
            amount: priced.amount,
            number: 100000 + orderSeq,
            deliveryFee: priced.deliveryFee,
            events: [{ status: 'processing', note: 'Order placed', date: now }],
          },
          ...orders,
        ];
        api.carts[token] = {};
        return { body: { success: true, message: ORDER_MESSAGES.placed, orderId, amount: priced.amount } };
      }
      case 'POST /api/order/razorpay': {
        const order = {
          id: 'order_sbx_1',
          amount: Math.round((body.amount as number) * 100),
          currency: 'USD',
          receipt: 'r1',
        };
        return {
          body: { success: true, order, key: 'rzp_sandbox_local', sandbox: true, orderId: 'order-rzp' },
        };
      }
      case 'POST /api/payments/sandbox/razorpay/pay':
        return {
          body: {
            success: true,
            razorpay_order_id: body.order_id,
            razorpay_payment_id: 'pay_sbx_1',
            razorpay_signature: 'signed',
          },
        };
      case 'POST /api/order/verifyRazorpay':
        api.carts[token] = {};
        return { body: { success: true, message: 'Payment successful! Your order has been placed.' } };
      case 'POST /api/order/verifyStripe':
        if (body.success !== 'true') {
          const message = 'The payment was not completed. Your order has been cancelled.';
          return { status: 400, body: { success: false, message } };
        }
        api.carts[token] = {};
        return { body: { success: true } };
      case 'POST /api/order/userorders':
        // The order list has no timeline (GET /api/order/:orderId has).
        return { body: { success: true, orders: orders.map(({ events: _events, ...order }) => order) } };
      default: {
        const one = /^GET \/api\/order\/([^/]+)$/.exec(route);
        const found = one ? orders.find((o) => o._id === decodeURIComponent(one[1] ?? '')) : undefined;
        if (found) return { body: { success: true, order: found } };
        return {
          status: 404,
          body: { success: false, message: one ? 'Order not found' : FAKE_MESSAGES.notFound },
        };
      }
    }
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

/** One request header's value, when sent once. */
function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
