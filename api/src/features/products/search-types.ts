// What a listing query asks for and answers, whichever engine serves it (the in-process index or SQL).
import type { Product } from '@metrology/shared';
import type {
  Facet,
  ProductSearchQuery,
  SearchFacets,
  SearchSort,
  Suggestion,
} from '@metrology/shared/contracts';

export type { Facet, SearchSort, Suggestion };
/** Counts per value for the current filters (disjunctive: a group's own filter is left out of its counts). */
export type Facets = SearchFacets;

export interface SearchQuery {
  q?: string;
  /** Company names (any of them); exact, case-insensitive. */
  companies: string[];
  /** Category names (any of them), each matched against category OR subCategory (SPEC section 5). */
  categories: string[];
  /** Sub-category names (any of them). */
  subCategories: string[];
  /** Business types (any of them): Manufacturer, Importer, ... */
  types: string[];
  sort: SearchSort;
  page: number;
  limit: number;
  facets: boolean;
}

export interface SearchResult {
  products: Product[];
  total: number;
  facets?: Facets;
}

export interface Suggestions {
  products: Suggestion[];
  categories: Facet[];
}

/** Most products one search page answers. */
export const SEARCH_MAX = 100;

/** "a, b,,c" -> ['a', 'b', 'c'] */
const csv = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 50);

/** GET /api/product/search's query string (validated by its contract) as the engines' query. */
export function searchQueryFrom(query: ProductSearchQuery): SearchQuery {
  return {
    q: query.q,
    companies: [...(query.company ? [query.company] : []), ...csv(query.companies)],
    categories: [...(query.category ? [query.category] : []), ...csv(query.categories)],
    subCategories: csv(query.subCategories),
    types: csv(query.types),
    sort: query.sort ?? 'relavent',
    page: Math.max(1, Number(query.page ?? 1)),
    limit: Math.min(SEARCH_MAX, Math.max(1, Number(query.limit ?? 24))),
    facets: query.facets !== 'false',
  };
}

export const SUGGEST_MAX = 8;
/** Typos: words at least this similar (pg_trgm similarity) stand in for a word that matches nothing. */
export const FUZZY_THRESHOLD = 0.4;
export const SUGGEST_CATEGORIES_MAX = 4;

export function toSuggestion(product: Product): Suggestion {
  return {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    company: product.company,
    category: product.category,
    image: product.image[0] ?? '',
  };
}

/** Search words: lower-cased, at most 8. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 8);
}

/** Facet order: most products first, then by name. */
export function byCountThenValue(a: Facet, b: Facet): number {
  return b.count - a.count || a.value.localeCompare(b.value);
}
