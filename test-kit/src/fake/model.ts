// What the fake API is to a test (FakeApi), what it records (RecordedCall) and answers (Reply), and the state its
// route groups share (FakeState). The routes are in catalogue.ts, accounts.ts and orders.ts; the server in
// ../fake-api.ts.
import type { CartData, OrderDetail, Product, SavedAddress } from '@metrology/shared';
import type { CatalogueIndex } from '../../../api/src/features/products/search-index.js';

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

/** What the route groups share: the test's view (api) and what only the fake keeps. */
export interface FakeState {
  api: FakeApi;
  /** Each session token's saved addresses and orders (api.addresses and api.orders are GOOD_TOKEN's). */
  books: { addresses: Record<string, SavedAddress[]>; orders: Record<string, OrderDetail[]> };
  /** Idempotency-Key -> the order placed with it. */
  placedWithKey: Map<string, string>;
  /** The last id given to an order, an address and an enquiry (never reset: ids stay unique per fake). */
  seq: { order: number; address: number; enquiry: number };
  /** The session a token opens: GOOD_TOKEN, or `token-<email>` of a known account. */
  sessionOf: (token: string | undefined) => string | undefined;
  /** The API's own search index over the current products. */
  catalogue: () => CatalogueIndex;
}
