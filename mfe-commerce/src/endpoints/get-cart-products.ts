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

/**
 * The shape of a product id. The API refuses a whole `ids` list when one entry is malformed, so an id
 * that cannot be a product (say, an old entry in a guest's stored cart) is never sent: it shows as unavailable.
 */
const PRODUCT_ID = /^[0-9a-f]{24}$/;
/** The API answers at most this many ids per call. */
export const MAX_IDS_PER_CALL = 200;

export function isProductId(id: string): boolean {
  return PRODUCT_ID.test(id);
}

/** The query argument for a set of cart ids: well-formed ones only, sorted so the same cart is one cache entry. */
export function cartProductsKey(ids: readonly string[]): string {
  return ids.filter(isProductId).sort().slice(0, MAX_IDS_PER_CALL).join(',');
}
