// The API client under faults, against the test kit's fake API (real HTTP): retries of idempotent calls, none of
// writes, a deadline on a server that never answers, and a revoked session logging out while keeping the cart.
import { withSectionApi, type Reply } from '@metrology/test-kit';
import { configureApiCalls, shopApi } from '../base-api';
import { sendsRequestId } from '../request-id';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../rules/constants';
import { createShopStore } from '../../store/create-store';
import { itemAdded } from '../../store/cart-slice';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

const api = withSectionApi();

const probeApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, void>({ query: () => '/read' }),
    probeWrite: build.mutation<unknown, void>({ query: () => ({ url: '/write', method: 'POST', body: {} }) }),
    probeKeyedWrite: build.mutation<unknown, string>({
      query: (key) => ({ url: '/keyed', method: 'POST', body: {}, headers: { 'Idempotency-Key': key } }),
    }),
  }),
});

/** Every probe call answers this way. */
function answerProbes(reply: () => Reply): void {
  for (const path of ['/read', '/write', '/keyed']) api.override(path, reply);
}

/** The calls the fake saw, as `METHOD /path`. */
const calls = () => api.calls.map((call) => `${call.method} ${call.path}`);

beforeEach(() => configureApiCalls({ retryDelaysMs: [20, 40], deadlineMs: 3000 }));
afterEach(() => configureApiCalls({ retryDelaysMs: [], deadlineMs: 10_000 }));

function unavailableTimes(times: number): void {
  let left = times;
  answerProbes(() => {
    if (left === 0) return { body: { success: true, value: 42 } };
    left -= 1;
    return { status: 503, body: { success: false, message: 'Busy' } };
  });
}

test('an idempotent read that meets 503 is retried with a backoff and succeeds', async () => {
  unavailableTimes(2);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeRead.initiate());
  expect(result.data).toEqual({ success: true, value: 42 });
  expect(calls()).toEqual(['GET /read', 'GET /read', 'GET /read']);
});

test('a write is never retried', async () => {
  unavailableTimes(1);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate());
  expect(result).toMatchObject({ error: { status: 503, message: 'Busy' } });
  expect(calls()).toEqual(['POST /write']);
});

test('a write with an Idempotency-Key that meets 503 is sent again with the same key', async () => {
  unavailableTimes(1);
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeKeyedWrite.initiate('key-attempt-1'));
  expect(result.data).toEqual({ success: true, value: 42 });
  expect(calls()).toEqual(['POST /keyed', 'POST /keyed']);
  expect(api.calls.map((call) => call.idempotencyKey)).toEqual(['key-attempt-1', 'key-attempt-1']);
});

test('a call with the session or a write carries its own X-Request-Id (retries too); an anonymous cross-origin read does not', async () => {
  unavailableTimes(1);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
  const signedIn = createShopStore();
  await signedIn.dispatch(probeApi.endpoints.probeRead.initiate()); // 503, then its retry
  await signedIn.dispatch(probeApi.endpoints.probeWrite.initiate());
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  await createShopStore().dispatch(probeApi.endpoints.probeRead.initiate());
  const ids = api.calls.map((call) => call.requestId);
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
  answerProbes(() => ({ hang: true })); // accepts, never answers
  const store = createShopStore();
  const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate());
  expect(result).toMatchObject({
    error: { status: 'TIMEOUT_ERROR', message: 'The shop did not answer in time. Please try again.' },
  });
});

test('a 401 to a call with a token logs out and keeps the cart in this browser', async () => {
  answerProbes(() => ({
    status: 401,
    body: { success: false, message: 'Your session has expired. Please log in again.' },
  }));
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
