import { shopApi, type Product, type ProductListResponse } from '@metrology/shared';

/**
 * The products behind the cart's ids: `GET /api/product/list?ids=a,b` (cheap with any catalogue size).
 * The argument is the sorted, comma-joined id list, so a quantity change never refetches.
 */
export const cartProductsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getCartProducts: build.query<Product[], string>({
      query: (ids) => `/api/product/list?ids=${encodeURIComponent(ids)}`,
      // Kept to the ids asked for, should a server answer with more.
      transformResponse: (response: ProductListResponse, _meta, ids) => {
        const wanted = new Set(ids.split(','));
        return (response.products ?? []).filter((product) => wanted.has(product._id));
      },
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetCartProductsQuery } = cartProductsApi;

/** The query argument for a set of cart ids: sorted so the same cart is the same cache entry. */
export function cartProductsKey(ids: readonly string[]): string {
  return [...ids].sort().join(',');
}
