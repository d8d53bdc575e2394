import {
  RELATED_PRODUCTS_MAX,
  shopApi,
  type Product,
  type ProductResponse,
  type RelatedProductsResponse,
} from '@metrology/shared';

/** One product by slug (or id), and its related products: the product page never loads the whole catalogue. */
export const productApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getProductBySlug: build.query<Product, string>({
      query: (slug) => `/api/product/slug/${encodeURIComponent(slug)}`,
      transformResponse: (response: ProductResponse) => response.product,
      providesTags: ['Products'],
    }),
    getRelatedProducts: build.query<Product[], string>({
      query: (slug) => `/api/product/related/${encodeURIComponent(slug)}`,
      transformResponse: (response: Partial<RelatedProductsResponse>) =>
        (response.products ?? []).slice(0, RELATED_PRODUCTS_MAX),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetProductBySlugQuery, useGetRelatedProductsQuery } = productApi;
