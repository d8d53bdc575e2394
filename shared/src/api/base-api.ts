import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
} from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../config/runtime-config.js';
import type { ApiError } from './errors.js';
import type { Envelope } from '../types/api.js';
import { GUEST_CART_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../rules/constants.js';
import { loggedOut } from '../store/auth-slice.js';
import { hasIdempotencyKey, newRequestId, sendsRequestId } from './request-id.js';

/** No call waits longer than this in all (attempts and retries together): a hung API gives an error in time. */
export const API_DEADLINE_MS = 10_000;
/** Waits before the retries of an idempotent call (GET) that failed on the way or with 502/503/504. */
export const RETRY_DELAYS_MS = [400, 1200];
let retryDelays: readonly number[] = RETRY_DELAYS_MS;
let deadlineMs = API_DEADLINE_MS;

/** Tests only: component tests turn the retries off (jest setup); the client's own tests shorten the deadline. */
export function configureApiCalls(options: { retryDelaysMs?: readonly number[]; deadlineMs?: number }): void {
  if (options.retryDelaysMs) retryDelays = options.retryDelaysMs;
  if (options.deadlineMs) deadlineMs = options.deadlineMs;
}
const RETRYABLE = new Set<unknown>(['FETCH_ERROR', 502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CartState {
  cart?: { items?: Record<string, number> };
}

/** A 401 to a call that carried a token: the session is over. Log out, keeping the cart in this browser. */
function sessionOver(api: { getState: () => unknown; dispatch: (action: unknown) => unknown }): void {
  const state = api.getState() as TokenState & CartState;
  if (!state.auth?.token) return;
  try {
    if (typeof localStorage !== 'undefined') {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      const items = state.cart?.items ?? {};
      if (Object.keys(items).length > 0) localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(items));
    }
  } catch {
    // storage unavailable: the in-memory state is still logged out below
  }
  api.dispatch(loggedOut());
}
interface TokenState {
  auth: { token: string | null };
}

/**
 * Calls SPEC section 7 marks "no token" (chat, testimonials, news): endpoints named here never send the session.
 * A section registers its endpoint's name beside the endpoint's definition.
 */
export const anonymousEndpoints = new Set<string>();

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  prepareHeaders: (headers, { getState, endpoint, arg }) => {
    const token = (getState() as TokenState).auth?.token;
    const withToken = Boolean(token) && !anonymousEndpoints.has(endpoint);
    if (token && withToken) headers.set('token', token);
    if (sendsRequestId(arg, withToken)) headers.set('x-request-id', newRequestId());
    return headers;
  },
});

/**
 * The shop's calls: base URL from run-time config, the `token` header, and one error shape.
 * A `{ success: false, message }` answer is an error even when the HTTP status is 200.
 */
const shopBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const { apiBaseUrl, serverApiBaseUrl } = getRuntimeConfig();
  const request = typeof args === 'string' ? { url: args } : args;
  // A write that carries an Idempotency-Key is answered once however often it is sent, so it is retried too.
  const idempotent =
    !request.method || request.method.toUpperCase() === 'GET' || hasIdempotencyKey(request.headers);
  const started = Date.now();
  let result: Awaited<ReturnType<typeof rawBaseQuery>>;
  for (let attempt = 0; ; attempt += 1) {
    const remaining = deadlineMs - (Date.now() - started);
    result = await rawBaseQuery(
      { ...request, url: `${serverApiBaseUrl ?? apiBaseUrl}${request.url}`, timeout: Math.max(1, remaining) },
      api,
      extra,
    );
    const delay = retryDelays[attempt];
    const retry =
      idempotent &&
      result.error !== undefined &&
      RETRYABLE.has(result.error.status) &&
      delay !== undefined &&
      Date.now() - started + delay < deadlineMs - 1000;
    if (!retry || api.signal.aborted) break;
    await sleep(delay);
  }
  if (result.error) {
    const { error } = result;
    const sentToken =
      Boolean((api.getState() as TokenState).auth?.token) && !anonymousEndpoints.has(api.endpoint);
    if (error.status === 401 && sentToken) sessionOver(api);
    if (error.status === 'TIMEOUT_ERROR') {
      return {
        error: { status: 'TIMEOUT_ERROR', message: 'The shop did not answer in time. Please try again.' },
      };
    }
    const body = 'data' in error ? (error.data as Partial<Envelope> | undefined) : undefined;
    if (body && typeof body.message === 'string' && body.message) {
      return {
        error: {
          status: typeof error.status === 'number' ? error.status : 'CUSTOM_ERROR',
          message: body.message,
          fromServer: true,
        },
      };
    }
    if (error.status === 'FETCH_ERROR') {
      return { error: { status: 'FETCH_ERROR', message: 'Network error: the shop could not be reached.' } };
    }
    const message =
      'error' in error && typeof error.error === 'string'
        ? error.error
        : `Request failed (${String(error.status)})`;
    return { error: { status: error.status as ApiError['status'], message } };
  }
  const data = result.data as Partial<Envelope> | undefined;
  if (data && data.success === false) {
    return {
      error: data.message
        ? { status: 'CUSTOM_ERROR', message: data.message, fromServer: true }
        : { status: 'CUSTOM_ERROR', message: 'The request was refused.' },
    };
  }
  return { data: result.data };
};

/**
 * On the server a query hook starts its query while rendering (effects never run there): the site server's
 * render sees which data a page asked for, waits for it and renders again (docs/rendering.md "How a page is
 * rendered"). In the browser hooks start queries in effects, as usual.
 */
const createShopApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/** The one RTK Query api of the shop's backend. Sections add endpoints with injectEndpoints. */
export const shopApi = createShopApi({
  reducerPath: 'api',
  baseQuery: shopBaseQuery,
  tagTypes: ['Products', 'Cart', 'Orders', 'Addresses', 'Careers', 'Testimonials', 'News'],
  endpoints: () => ({}),
});
