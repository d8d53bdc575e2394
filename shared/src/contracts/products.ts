// The catalogue calls: GET /api/product/list, /search, /suggest, /slug/:slug, /related/:slug.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, QueryInteger, StringEnum, Text } from './common.js';

export const ProductSpecification = Type.Object({
  key: Type.String(),
  value: Type.Union([Type.String(), Type.Array(Type.String())]),
});
export type ProductSpecification = Static<typeof ProductSpecification>;

export const Product = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  model: Type.String(),
  description: Type.String(),
  /** URLs; the first is the one shown on cards. Paths starting with '/' live on the API host. */
  image: Type.Array(Type.String()),
  /** 0 (or less) means "enquire for price". */
  price: Type.Number(),
  mrp: Type.Number(),
  category: Type.String(),
  subCategory: Type.String(),
  company: Type.String(),
  measuringRange: Type.String(),
  accuracy: Type.String(),
  software: Type.String(),
  businessType: Type.Array(Type.String()),
  certification: Type.String(),
  deliveryTime: Type.String(),
  specifications: Type.Array(ProductSpecification),
  features: Type.Array(Type.String()),
  /** ISO 8601 */
  createdAt: Type.String({ format: 'date-time' }),
});
export type Product = Static<typeof Product>;

export const ProductListQuery = Type.Object({
  company: Type.Optional(Text(100)),
  category: Type.Optional(Text(100)),
  ids: Type.Optional(
    Type.String({
      pattern: '^[0-9a-f]{24}(,[0-9a-f]{24}){0,199}$',
      description: 'Comma-separated product ids (at most 200): only these products',
    }),
  ),
  limit: Type.Optional(QueryInteger(5)),
  offset: Type.Optional(QueryInteger(6)),
  sort: Type.Optional(StringEnum(['newest'])),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

export const ProductListResponse = Answer({
  products: Type.Array(Product),
  /** Only with limit or offset. */
  total: Type.Optional(Type.Integer()),
});
export type ProductListResponse = Static<typeof ProductListResponse>;

export const SearchSort = StringEnum(['relavent', 'low-high', 'high-low', 'newest']);
export type SearchSort = Static<typeof SearchSort>;

export const ProductSearchQuery = Type.Object({
  q: Type.Optional(Text(200)),
  company: Type.Optional(Text(100)),
  companies: Type.Optional(Text(2000)),
  category: Type.Optional(Text(100)),
  categories: Type.Optional(Text(2000)),
  subCategories: Type.Optional(Text(2000)),
  types: Type.Optional(Text(2000)),
  sort: Type.Optional(SearchSort),
  page: Type.Optional(QueryInteger(5)),
  limit: Type.Optional(QueryInteger(3)),
  facets: Type.Optional(StringEnum(['true', 'false'])),
});
export type ProductSearchQuery = Static<typeof ProductSearchQuery>;

export const Facet = Type.Object({ value: Type.String(), count: Type.Integer() });
export type Facet = Static<typeof Facet>;

/**
 * Counts per value for the current filters. Disjunctive: the counts of one group ignore that group's own
 * filter, so ticking a category leaves its sibling categories' counts as they were.
 */
export const SearchFacets = Type.Object({
  companies: Type.Array(Facet),
  categories: Type.Array(Facet),
  subCategories: Type.Array(Facet),
  types: Type.Array(Facet),
});
export type SearchFacets = Static<typeof SearchFacets>;

export const ProductSearchResponse = Answer({
  products: Type.Array(Product),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  facets: Type.Optional(SearchFacets),
});
export type ProductSearchResponse = Static<typeof ProductSearchResponse>;

export const SuggestQuery = Type.Object({ q: Text(100, 2), limit: Type.Optional(QueryInteger(1)) });
export type SuggestQuery = Static<typeof SuggestQuery>;

export const Suggestion = Type.Object({
  _id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  company: Type.String(),
  category: Type.String(),
  image: Type.String(),
});
export type Suggestion = Static<typeof Suggestion>;

export const SuggestResponse = Answer({ products: Type.Array(Suggestion), categories: Type.Array(Facet) });
export type SuggestResponse = Static<typeof SuggestResponse>;

export const SlugParams = Type.Object({ slug: Text(300, 1) });
export type SlugParams = Static<typeof SlugParams>;

export const ProductResponse = Answer({ product: Product });
export type ProductResponse = Static<typeof ProductResponse>;

export const RelatedProductsResponse = Answer({ products: Type.Array(Product) });
export type RelatedProductsResponse = Static<typeof RelatedProductsResponse>;
