import { shopApi } from './base-api.js';
import type { CartUpdateBody } from '../types/api.js';
import type { ServerCartEntry } from '../types/entities.js';

/** One line's product and quantity: the contract's body of POST /api/cart/add and /update. */
export type CartChange = CartUpdateBody;

/** The cart calls of SPEC section 7; the token header is added by the base query. */
export const cartApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getServerCart: build.mutation<Record<string, ServerCartEntry>, void>({
      query: () => ({ url: '/api/cart/get', method: 'POST', body: {} }),
      transformResponse: (response: { cartData?: Record<string, ServerCartEntry> }) =>
        response.cartData ?? {},
    }),
    addCartItem: build.mutation<unknown, CartChange>({
      query: (body) => ({ url: '/api/cart/add', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    updateCartItem: build.mutation<unknown, CartChange>({
      query: (body) => ({ url: '/api/cart/update', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
  }),
});
