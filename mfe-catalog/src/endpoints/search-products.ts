import {
  shopApi,
  type Facet,
  type ProductSearchResponse,
  type SearchFacets,
  type SortKey,
} from '@metrology/shared';

export type { Facet, SearchFacets };

/** What GET /api/product/search filters by; the page number is the infinite query's page param. */
export interface ProductSearchArgs {
  q?: string;
  company?: string;
  /** Matches category or subCategory (the API's rule). */
  category?: string;
  /** Each matches category or subCategory. */
  categories?: readonly string[];
  /** Business types (Manufacturer, Importer, ...). */
  types?: readonly string[];
  sort?: SortKey;
  limit: number;
  /** Ask for the facet counts with the first page. */
  withFacets?: boolean;
}

/** One page of GET /api/product/search: the contract's answer. */
export type ProductSearchPage = ProductSearchResponse;

/** The search call's URL; empty values are left out. */
export function productSearchUrl(args: ProductSearchArgs & { page?: number; facets?: boolean }): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  put('q', args.q?.trim());
  put('company', args.company);
  put('category', args.category);
  put('categories', args.categories?.join(','));
  put('types', args.types?.join(','));
  put('sort', args.sort);
  put('page', args.page ?? 1);
  put('limit', args.limit);
  params.set('facets', String(args.facets ?? false));
  return `/api/product/search?${params.toString()}`;
}

/** Paginated search: each page is one call, "load more" asks for the next one. */
export const searchApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    searchProducts: build.infiniteQuery<ProductSearchPage, ProductSearchArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) =>
          last.page * last.limit < last.total && last.products.length > 0 ? lastPage + 1 : undefined,
      },
      query: ({ queryArg: { withFacets, ...queryArg }, pageParam }) =>
        productSearchUrl({ ...queryArg, page: pageParam, facets: Boolean(withFacets) && pageParam === 1 }),
      providesTags: ['Products'],
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSearchProductsInfiniteQuery } = searchApi;
