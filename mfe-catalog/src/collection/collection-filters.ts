import { SORT_KEYS, type Product, type SortKey } from '@metrology/shared';

/**
 * SPEC Collection: category and type checkboxes, and the three sort keys ('relavent' spelt so). The boxes list what
 * the catalogue holds, with counts (DESIGN.md, "Readings of SPEC settled here"): categories from the products'
 * categories, types from their business types.
 */
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

function readList(params: URLSearchParams, key: string): string[] {
  // One comma-separated value (the page's own links) or the value repeated (the filter form sent without script).
  const values = params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  // Sorted, so one choice has one URL.
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

/** The collection's filters live in the URL (?categories=&types=&sort=): reload and back/forward keep them. */
export function readCollectionFilters(params: URLSearchParams): CollectionFilters {
  const sort = params.get('sort');
  return {
    categories: readList(params, 'categories'),
    types: readList(params, 'types'),
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

export function toggle(list: readonly string[], value: string): string[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return next.sort((a, b) => a.localeCompare(b));
}

/** A checkbox per value the catalogue holds (with its count); a ticked value stays listed even at 0. */
export function checkboxOptions(
  facets: readonly { value: string; count: number }[] | undefined,
  chosen: readonly string[],
): { value: string; count: number }[] {
  const options = (facets ?? []).filter((f) => f.value.trim());
  for (const value of chosen) if (!options.some((o) => o.value === value)) options.push({ value, count: 0 });
  return options.sort((a, b) => a.value.localeCompare(b.value));
}

/** SPEC Collection: the shared search text filters by name, case-insensitive contains. */
export function nameMatches(product: Pick<Product, 'name'>, searchText: string): boolean {
  const needle = searchText.trim().toLowerCase();
  return !needle || product.name.toLowerCase().includes(needle);
}
