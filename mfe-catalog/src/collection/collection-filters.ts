import { SORT_KEYS, type Product, type SortKey } from '@metrology/shared';

/** SPEC Collection: the category and type checkboxes, and the three sort keys ('relavent' spelt so). */
export const COLLECTION_CATEGORIES = ['Vegetables', 'Fruits', 'Leafy Greens', 'Herbs'] as const;
export const COLLECTION_TYPES = ['Fresh', 'Seasonal', 'Organic', 'Import'] as const;
export const SORT_LABELS: Record<SortKey, string> = {
  relavent: 'Relevant',
  'low-high': 'Price: Low to High',
  'high-low': 'Price: High to Low',
};

export interface CollectionFilters {
  categories: string[];
  types: string[];
  sort: SortKey;
}

const isSortKey = (value: string | null): value is SortKey =>
  value !== null && (SORT_KEYS as readonly string[]).includes(value);

function readList(params: URLSearchParams, key: string, allowed: readonly string[]): string[] {
  const wanted = new Set((params.get(key) ?? '').split(',').map((v) => v.trim()));
  // Kept in the checkbox order, so one choice has one URL.
  return allowed.filter((value) => wanted.has(value));
}

/** The collection's filters live in the URL (?categories=&types=&sort=): reload and back/forward keep them. */
export function readCollectionFilters(params: URLSearchParams): CollectionFilters {
  const sort = params.get('sort');
  return {
    categories: readList(params, 'categories', COLLECTION_CATEGORIES),
    types: readList(params, 'types', COLLECTION_TYPES),
    sort: isSortKey(sort) ? sort : 'relavent',
  };
}

export function writeCollectionFilters({ categories, types, sort }: CollectionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (categories.length) params.set('categories', categories.join(','));
  if (types.length) params.set('types', types.join(','));
  if (sort !== 'relavent') params.set('sort', sort);
  return params;
}

export function toggle(list: readonly string[], value: string, allowed: readonly string[]): string[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return allowed.filter((v) => next.includes(v));
}

/** SPEC section 5: the category list and the type list are each matched against category and subCategory. */
export function matchesCollectionFilters(
  product: Pick<Product, 'category' | 'subCategory'>,
  { categories, types }: Pick<CollectionFilters, 'categories' | 'types'>,
): boolean {
  const fields = [product.category, product.subCategory];
  const matches = (list: readonly string[]) => list.length === 0 || fields.some((f) => list.includes(f));
  return matches(categories) && matches(types);
}

/** SPEC Collection: the shared search text filters by name, case-insensitive contains. */
export function nameMatches(product: Pick<Product, 'name'>, searchText: string): boolean {
  const needle = searchText.trim().toLowerCase();
  return !needle || product.name.toLowerCase().includes(needle);
}

/** SPEC Collection card: currency and price only for non-Indian users and a price above 0. */
export function showsCardPrice(product: Pick<Product, 'price'>, isIndianUser: boolean): boolean {
  return !isIndianUser && product.price > 0;
}
