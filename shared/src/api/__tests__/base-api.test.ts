// The API client under faults, against a real local HTTP server: retries of idempotent calls, none of writes, a
// deadline on a server that never answers, and a revoked session logging out while keeping the cart.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { configureApiCalls, shopApi } from '../base-api';
import { sendsRequestId } from '../request-id';
import { setRuntimeConfig } from '../../config/runtime-config';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../rules/constants';
import { createShopStore } from '../../store/create-store';
import { itemAdded } from '../../store/cart-slice';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

type Handler = (path: string, method: string, response: ServerResponse) => void;
let handler: Handler = (_path, _method, response) => response.end('{}');
const calls: string[] = [];
/** The headers of each call, in order. */
const sent: Record<string, string | string[] | undefined>[] = [];
let server: Server;

const probeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, void>({ query: () => '/read' }),
    probeWrite: build.mutation<unknown, void>({ query: () => ({ url: '/write', method: 'POST', body: {} }) }),
    probeKeyedWrite: build.mutation<unknown, string>({
      query: (key) => ({ url: '/keyed', method: 'POST', body: {}, headers: { 'Idempotency-Key': key } }),
    }),
  }),
});

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push(`${request.method} ${request.url}`);
    sent.push(request.headers);
    response.setHeader('Content-Type', 'application/json');
    handler(request.url ?? '', request.method ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  setRuntimeConfig({ apiBaseUrl: `http://127.0.0.1:${port}` });
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  calls.length = 0;
  sent.length = 0;
  localStorage.clear();
  configureApiCalls({ retryDelaysMs: [20, 40], deadlineMs: 3000 });
});
afterEach(() => configureApiCalls({ retryDelaysMs: [], deadlineMs: 10_000 }));

function unavailableTimes(times: number): Handler {
  let left = times;
  return (_path, _method, response) => {
    if (left > 0) {
      left -= 1;
      response.statusCode = 503;
      return response.end(JSON.stringify({ success: false, message: 'Busy' }));
    }
    response.end(JSON.stringify({ success: true, value: 42 }));
  };
}

test('an idempotent read that meets 503 is retried with a backoff and succeeds', async () => {
  handler = unavailableTimes(2);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeRead.initiate());
  expect(result.data).toEqual({ success: true, value: 42 });
  expect(calls).toEqual(['GET /read', 'GET /read', 'GET /read']);
});

test('a write is never retried', async () => {
  handler = unavailableTimes(1);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate());
  expect(result).toMatchObject({ error: { status: 503, message: 'Busy' } });
  expect(calls).toEqual(['POST /write']);
});

test('a write with an Idempotency-Key that meets 503 is sent again with the same key', async () => {
  handler = unavailableTimes(1);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeKeyedWrite.initiate('key-attempt-1'));
  expect(result.data).toEqual({ success: true, value: 42 });
  expect(calls).toEqual(['POST /keyed', 'POST /keyed']);
  expect(sent.map((headers) => headers['idempotency-key'])).toEqual(['key-attempt-1', 'key-attempt-1']);
});

test('a call with the session or a write carries its own X-Request-Id (retries too); an anonymous cross-origin read does not', async () => {
  handler = unavailableTimes(1);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
  const signedIn = createShopStore();
  await signedIn.dispatch(probeApi.endpoints.probeRead.initiate()); // 503, then its retry
  await signedIn.dispatch(probeApi.endpoints.probeWrite.initiate());
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  await createShopStore().dispatch(probeApi.endpoints.probeRead.initiate());
  const ids = sent.map((headers) => headers['x-request-id']);
  expect(ids).toHaveLength(4);
  for (const id of ids.slice(0, 3)) expect(id).toMatch(/^web-[0-9a-f]{32}$/);
  expect(new Set(ids.slice(0, 3)).size).toBe(3);
  // The API is on another origin than the page (127.0.0.1:port vs localhost): no preflight for a plain read.
  expect(ids[3]).toBeUndefined();
});

test('sendsRequestId: same-origin calls and calls outside a CORS-simple request always carry one', () => {
  expect(sendsRequestId('/api/product/list', false)).toBe(true);
  expect(sendsRequestId(`${window.location.origin}/api/product/list`, false)).toBe(true);
  expect(sendsRequestId('http://api.example.test/api/product/list', false)).toBe(false);
  expect(sendsRequestId('http://api.example.test/api/product/list', true)).toBe(true);
  expect(sendsRequestId({ url: 'http://api.example.test/api/order/place', method: 'POST' }, false)).toBe(
    true,
  );
});

test('a server that never answers gives a timeout error within the deadline', async () => {
  handler = () => undefined; // accepts, never answers
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate());
  expect(result).toMatchObject({
    error: { status: 'TIMEOUT_ERROR', message: 'The shop did not answer in time. Please try again.' },
  });
});

test('a 401 to a call with a token logs out and keeps the cart in this browser', async () => {
  handler = (_path, _method, response) => {
    response.statusCode = 401;
    response.end(
      JSON.stringify({ success: false, message: 'Your session has expired. Please log in again.' }),
    );
  };
  localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked');
  const store = createShopStore();
  store.dispatch(itemAdded({ itemId: 'a', quantity: 2 }));
  const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate());
  expect(result).toMatchObject({ error: { status: 401 } });
  expect(store.getState().auth.token).toBeNull();
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(store.getState().cart.items).toEqual({ a: 2 });
  expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY) ?? '{}')).toEqual({ a: 2 });
});
