// A small real HTTP server that speaks the SPEC section 7 calls the commerce pages make, recording each call.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Order, OrderDetail, Product, SavedAddress } from '@metrology/shared';

export const GOOD_TOKEN = 'good-token';

/** A product id of the API's shape (24 hex digits), readable in tests: testId('a'). */
export function testId(name: string): string {
  return [...name]
    .map((c) => c.charCodeAt(0).toString(16))
    .join('')
    .padStart(24, '0')
    .slice(-24);
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | undefined;
  body: unknown;
  /** The Idempotency-Key and X-Request-Id headers, when sent. */
  idempotencyKey: string | undefined;
  requestId: string | undefined;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Closes the connection without an answer (a "thrown" error in the browser). */
  destroy?: boolean;
  /** Does what the usual answer does (an order is stored), then closes the connection: the answer is lost. */
  lose?: boolean;
  delayMs?: number;
}

type Override = (call: RecordedCall) => Reply | undefined | Promise<Reply | undefined>;

export interface FakeShopApi {
  url: string;
  calls: RecordedCall[];
  products: Product[];
  serverCart: Record<string, number>;
  addresses: SavedAddress[];
  /** The e-mail of the logged-in account (GET /api/address/get answers it as accountEmail). */
  accountEmail: string;
  orders: OrderDetail[];
  /** Highest number of requests seen in flight at once per path. */
  maxInFlight: Map<string, number>;
  /** Replaces the answer of `METHOD /path` (undefined: the usual answer; only delayMs: the usual, later). */
  override: (route: string, handler: Override) => void;
  callsTo: (route: string) => RecordedCall[];
  reset: () => void;
  close: () => Promise<void>;
}

export function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    slug: `product-${id}`,
    name: `Instrument ${id}`,
    model: `M-${id}`,
    description: '',
    image: [`/images/products/${id}.svg`],
    price: 100,
    mrp: 0,
    category: 'Height Gauge',
    subCategory: '',
    company: 'Tespa',
    measuringRange: '',
    accuracy: '',
    software: '',
    businessType: [],
    certification: '',
    deliveryTime: '',
    specifications: [],
    features: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeShopApi(): Promise<FakeShopApi> {
  const overrides = new Map<string, Override>();
  const inFlight = new Map<string, number>();
  let orderSeq = 0;
  const placedWithKey = new Map<string, string>();
  let addressSeq = 0;

  const api: FakeShopApi = {
    url: '',
    calls: [],
    products: [],
    serverCart: {},
    addresses: [],
    accountEmail: 'buyer@example.com',
    orders: [],
    maxInFlight: new Map(),
    override: (route, handler) => overrides.set(route, handler),
    callsTo: (route) => api.calls.filter((call) => `${call.method} ${call.path}` === route),
    reset: () => {
      overrides.clear();
      api.calls = [];
      api.products = [];
      api.serverCart = {};
      api.addresses = [];
      api.accountEmail = 'buyer@example.com';
      api.orders = [];
      api.maxInFlight = new Map();
      placedWithKey.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const defaults = (call: RecordedCall): Reply => {
    const route = `${call.method} ${call.path}`;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (route === 'GET /api/product/list') {
      const ids = (call.query.get('ids') ?? '').split(',').filter(Boolean);
      // Like the API: one malformed id refuses the whole request.
      if (ids.some((id) => !/^[0-9a-f]{24}$/.test(id))) {
        return { status: 400, body: { success: false, message: 'querystring/ids must match pattern' } };
      }
      return { body: { success: true, products: api.products.filter((p) => ids.includes(p._id)) } };
    }
    if (call.token !== GOOD_TOKEN)
      return { status: 401, body: { success: false, message: 'Please login to continue' } };
    switch (route) {
      case 'POST /api/cart/get':
        return { body: { success: true, cartData: api.serverCart } };
      case 'POST /api/cart/update': {
        const { itemId, quantity } = body as { itemId: string; quantity: number };
        if (quantity === 0) delete api.serverCart[itemId];
        else api.serverCart[itemId] = quantity;
        return { body: { success: true } };
      }
      case 'POST /api/cart/add': {
        const { itemId, quantity } = body as { itemId: string; quantity: number };
        api.serverCart[itemId] = (api.serverCart[itemId] ?? 0) + quantity;
        return { body: { success: true } };
      }
      case 'GET /api/address/get':
        return { body: { success: true, addresses: api.addresses, accountEmail: api.accountEmail } };
      case 'POST /api/address/save': {
        const address = body.address as SavedAddress;
        addressSeq += 1;
        api.addresses = [...api.addresses, { ...address, _id: `addr-new-${addressSeq}` }];
        return { body: { success: true, message: 'Address saved successfully', addresses: api.addresses } };
      }
      case 'POST /api/order/place': {
        // Like the API: a repeated Idempotency-Key answers the order already placed with it.
        const placedBefore = call.idempotencyKey ? placedWithKey.get(call.idempotencyKey) : undefined;
        if (placedBefore) {
          return { body: { success: true, message: 'Order placed successfully!', orderId: placedBefore } };
        }
        orderSeq += 1;
        if (call.idempotencyKey) placedWithKey.set(call.idempotencyKey, `order-${orderSeq}`);
        const items = body.items as Order['items'];
        api.orders = [
          {
            _id: `order-${orderSeq}`,
            status: 'processing',
            payment: false,
            paymentMethod: 'cod',
            date: Date.now(),
            items,
            address: body.address as Order['address'],
            amount: body.amount as number,
            number: 100000 + orderSeq,
            deliveryFee: 10,
            events: [{ status: 'processing', note: 'Order placed', date: Date.now() }],
          },
          ...api.orders,
        ];
        api.serverCart = {};
        return {
          body: { success: true, message: 'Order placed successfully!', orderId: `order-${orderSeq}` },
        };
      }
      case 'POST /api/order/razorpay':
        return {
          body: {
            success: true,
            order: {
              id: 'order_sbx_1',
              amount: Math.round((body.amount as number) * 100),
              currency: 'USD',
              receipt: 'r1',
            },
            key: 'rzp_sandbox_local',
            sandbox: true,
            orderId: 'order-rzp',
          },
        };
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
        api.serverCart = {};
        return { body: { success: true, message: 'Payment successful! Your order has been placed.' } };
      case 'POST /api/order/verifyStripe':
        if (body.success !== 'true') {
          return {
            status: 400,
            body: {
              success: false,
              message: 'The payment was not completed. Your order has been cancelled.',
            },
          };
        }
        api.serverCart = {};
        return { body: { success: true } };
      case 'POST /api/order/userorders':
        return { body: { success: true, orders: api.orders } };
      default: {
        const one = /^GET \/api\/order\/([^/]+)$/.exec(route);
        const found = one ? api.orders.find((o) => o._id === decodeURIComponent(one[1] ?? '')) : undefined;
        if (found) return { body: { success: true, order: found } };
        if (one) return { status: 404, body: { success: false, message: 'Order not found' } };
        return { status: 404, body: { success: false, message: 'Not found' } };
      }
    }
  };

  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'content-type, token, idempotency-key, x-request-id');
    if (request.method === 'OPTIONS') return response.end();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const call: RecordedCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      token: request.headers.token as string | undefined,
      body: await readBody(request),
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      requestId: request.headers['x-request-id'] as string | undefined,
    };
    api.calls.push(call);
    const route = `${call.method} ${call.path}`;
    const now = (inFlight.get(route) ?? 0) + 1;
    inFlight.set(route, now);
    api.maxInFlight.set(route, Math.max(api.maxInFlight.get(route) ?? 0, now));
    try {
      const custom = await overrides.get(route)?.(call);
      // An override with only a delay slows the usual answer down.
      const reply =
        custom && (custom.status !== undefined || custom.body !== undefined || custom.destroy)
          ? custom
          : { ...defaults(call), delayMs: custom?.delayMs, destroy: custom?.lose };
      if (reply.delayMs) await sleep(reply.delayMs);
      if (reply.destroy) {
        request.socket.destroy();
        return;
      }
      response.statusCode = reply.status ?? 200;
      response.setHeader('Content-Type', 'application/json');
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    } finally {
      inFlight.set(route, (inFlight.get(route) ?? 1) - 1);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  api.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return api;
}
