import { COMPANIES, shopApi, type ApiError } from '@metrology/shared';
import {
  GROUP_PAGE_SIZE,
  buildProductGroups,
  eagerGroups,
  type CategoryGroup,
  type ProductGroups,
} from '../products/group-products';
import {
  productSearchUrl,
  searchApi,
  type Facet,
  type ProductSearchArgs,
  type ProductSearchPage,
} from './search-products';

export interface ProductGroupsArgs {
  q: string;
  company: string;
  category: string;
}

/** The search arguments of one category group's pages. */
export function groupSearchArgs(
  q: string,
  group: Pick<CategoryGroup, 'company' | 'category'>,
): ProductSearchArgs {
  return { q, company: group.company, category: group.category, limit: GROUP_PAGE_SIZE };
}

/**
 * The products page's outline: which companies and categories match, with counts, from the search call's facets
 * (one call, then one per company for its categories). The first pages of the groups above the fold are fetched
 * before the outline is returned, so the page appears at once with its first products.
 */
export const productGroupsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getProductGroups: build.query<ProductGroups, ProductGroupsArgs>({
      queryFn: async ({ q, company, category }, api, _extra, baseQuery) => {
        const facetsOf = async (forCompany: string) => {
          const result = await baseQuery(
            productSearchUrl({ q, company: forCompany, limit: 1, facets: true }),
          );
          if (result.error) return { ok: false as const, error: result.error as ApiError };
          const page = result.data as ProductSearchPage;
          return { ok: true as const, facets: page.facets ?? { companies: [], categories: [] } };
        };
        // The known companies' categories are asked for alongside the outline (one round trip, not two).
        const known = company ? [] : COMPANIES.map((name) => ({ name, result: facetsOf(name) }));
        const overview = await facetsOf(company);
        if (!overview.ok) return { error: overview.error };

        let companies: Facet[];
        const categoriesByCompany = new Map<string, Facet[]>();
        if (company) {
          const match = overview.facets.companies.find(
            (facet) => facet.value.toLowerCase() === company.toLowerCase(),
          );
          companies = match ? [match] : [];
          if (match) categoriesByCompany.set(match.value, overview.facets.categories);
        } else {
          companies = overview.facets.companies.filter((facet) => facet.count > 0 && facet.value.trim());
          const perCompany = await Promise.all(
            companies.map(
              (facet) => known.find((k) => k.name === facet.value)?.result ?? facetsOf(facet.value),
            ),
          );
          for (const [index, result] of perCompany.entries()) {
            if (!result.ok) return { error: result.error };
            categoriesByCompany.set((companies[index] as Facet).value, result.facets.categories);
          }
        }

        const groups = buildProductGroups(companies, categoriesByCompany, category);
        // Warm the cache with the first pages above the fold; their sections subscribe as they render.
        await Promise.all(
          eagerGroups(groups).map((group) =>
            api.dispatch(
              searchApi.endpoints.searchProducts.initiate(groupSearchArgs(q, group), { subscribe: false }),
            ),
          ),
        );
        return { data: groups };
      },
      providesTags: ['Products'],
      // Back from a product page to the same filters is instant.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetProductGroupsQuery } = productGroupsApi;
