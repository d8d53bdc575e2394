import { shopApi } from '@metrology/shared';

export interface ProductSuggestion {
  _id: string;
  slug: string;
  name: string;
  company: string;
  category: string;
  image: string;
}

export interface CategorySuggestion {
  value: string;
  count: number;
}

export interface SuggestionList {
  products: ProductSuggestion[];
  categories: CategorySuggestion[];
}

/** Suggestions start at this many characters. */
export const SUGGEST_MIN_CHARS = 2;

/** GET /api/product/suggest: up to 8 products and the categories whose names match. */
export const suggestApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    suggestProducts: build.query<SuggestionList, string>({
      query: (q) => `/api/product/suggest?q=${encodeURIComponent(q)}`,
      transformResponse: (response: Partial<SuggestionList>) => ({
        products: response.products ?? [],
        categories: response.categories ?? [],
      }),
      providesTags: ['Products'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useLazySuggestProductsQuery } = suggestApi;
