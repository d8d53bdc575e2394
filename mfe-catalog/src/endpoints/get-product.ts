import { RELATED_PRODUCTS_MAX, shopApi, type Product } from '@metrology/shared';

/** One product by slug (or id), and its related products: the product page never loads the whole catalogue. */
export const productApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getProductBySlug: build.query<Product, string>({
      query: (slug) => `/api/product/slug/${encodeURIComponent(slug)}`,
      transformResponse: (response: { product: Product }) => response.product,
      providesTags: ['Products'],
    }),
    getRelatedProducts: build.query<Product[], string>({
      query: (slug) => `/api/product/related/${encodeURIComponent(slug)}`,
      transformResponse: (response: { products?: Product[] }) =>
        (response.products ?? []).slice(0, RELATED_PRODUCTS_MAX),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetProductBySlugQuery, useGetRelatedProductsQuery } = productApi;
