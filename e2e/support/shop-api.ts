// The real API's product search, as tests read it: typed by the API's own contract, so a renamed field fails the
// browser tests' typecheck too.
import type { Product, ProductSearchResponse } from '@metrology/shared/contracts';
import type { Site } from './fixtures';

export type { Product };

/** GET /api/product/search with the given query (without facets): the products of the first page. */
export async function searchProducts(site: Site, query: string): Promise<Product[]> {
  const response = await fetch(`${site.apiUrl}/api/product/search?${query}&facets=false`);
  if (!response.ok) throw new Error(`Product search ${query} answered ${response.status}`);
  return ((await response.json()) as ProductSearchResponse).products;
}
