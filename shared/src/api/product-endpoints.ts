import { shopApi } from './base-api.js';
import type { ProductListQuery, ProductListResponse } from '../types/api.js';
import type { Product } from '../types/entities.js';

/** The list's query as callers give it (limit as a number; the contract's query fields, by name). */
export type ProductListArgs = Pick<ProductListQuery, 'company' | 'category' | 'sort'> & { limit?: number };

/** GET /api/product/list: the product list pages read (SPEC section 7). */
export const productApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getProductList: build.query<Product[], ProductListArgs | void>({
      query: (args) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(args ?? {})) {
          if (value !== undefined && value !== '') params.set(key, String(value));
        }
        const search = params.toString();
        return `/api/product/list${search ? `?${search}` : ''}`;
      },
      transformResponse: (response: ProductListResponse) => response.products,
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetProductListQuery } = productApi;
