import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { getRuntimeConfig } from '../config/runtime-config.js';
import type { ApiError } from './errors.js';
import type { ApiEnvelope } from '../types/entities.js';

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
  prepareHeaders: (headers, { getState, endpoint }) => {
    const token = (getState() as TokenState).auth?.token;
    if (token && !anonymousEndpoints.has(endpoint)) headers.set('token', token);
    return headers;
  },
});

/**
 * The shop's calls: base URL from run-time config, the `token` header, and one error shape.
 * A `{ success: false, message }` answer is an error even when the HTTP status is 200.
 */
const shopBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const { apiBaseUrl } = getRuntimeConfig();
  const request = typeof args === 'string' ? { url: args } : args;
  const result = await rawBaseQuery({ ...request, url: `${apiBaseUrl}${request.url}` }, api, extra);
  if (result.error) {
    const { error } = result;
    const body = 'data' in error ? (error.data as Partial<ApiEnvelope> | undefined) : undefined;
    if (body && typeof body.message === 'string' && body.message) {
      return {
        error: {
          status: typeof error.status === 'number' ? error.status : 'CUSTOM_ERROR',
          message: body.message,
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
  const data = result.data as Partial<ApiEnvelope> | undefined;
  if (data && data.success === false) {
    return { error: { status: 'CUSTOM_ERROR', message: data.message || 'The request was refused.' } };
  }
  return { data: result.data };
};

/** The one RTK Query api of the shop's backend. Sections add endpoints with injectEndpoints. */
export const shopApi = createApi({
  reducerPath: 'api',
  baseQuery: shopBaseQuery,
  tagTypes: ['Products', 'Cart', 'Orders', 'Addresses', 'Careers', 'Testimonials', 'News'],
  endpoints: () => ({}),
});
