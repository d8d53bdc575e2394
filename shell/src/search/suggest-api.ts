import { shopApi, type Facet, type Suggestion, type SuggestResponse } from '@metrology/shared';

/** The contract's answer of GET /api/product/suggest, as the header's combobox reads it. */
export type ProductSuggestion = Suggestion;
export type CategorySuggestion = Facet;
export type SuggestionList = Pick<SuggestResponse, 'products' | 'categories'>;

/** Suggestions start at this many characters. */
export const SUGGEST_MIN_CHARS = 2;

/** GET /api/product/suggest: up to 8 products and the categories whose names match. */
export const suggestApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    suggestProducts: build.query<SuggestionList, string>({
      query: (q) => `/api/product/suggest?q=${encodeURIComponent(q)}`,
      transformResponse: (response: Partial<SuggestResponse>) => ({
        products: response.products ?? [],
        categories: response.categories ?? [],
      }),
      providesTags: ['Products'],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useLazySuggestProductsQuery } = suggestApi;
