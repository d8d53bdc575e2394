// Serves listing queries, facets and suggestions from the in-process index (default) or from the database
// (SEARCH_BACKEND=database). The index is built from the products table at start and rebuilt when the catalogue
// version changes; it is checked in the background at most once a second, so a query never waits on the database.
import type { Product } from '@metrology/shared';
import type { Queryable } from '../../db/database.js';
import { catalogueVersion, listProducts, searchProducts, suggestProducts } from './product-repository.js';
import { CatalogueIndex } from './search-index.js';
import type { SearchQuery, SearchResult, Suggestions } from './search-types.js';

export type SearchBackend = 'memory' | 'database';

const RECHECK_MS = 1000;

export function searchBackendFromEnv(env: NodeJS.ProcessEnv = process.env): SearchBackend {
  return env.SEARCH_BACKEND === 'database' ? 'database' : 'memory';
}

export class SearchService {
  private current: { version: string; index: CatalogueIndex } | undefined;
  private building: Promise<CatalogueIndex> | undefined;
  private checkedAt = 0;

  constructor(
    private readonly db: Queryable,
    readonly backend: SearchBackend,
  ) {}

  /** The index for the current catalogue version (built on first use; refreshed in the background after). */
  async index(): Promise<CatalogueIndex> {
    if (!this.current) return this.refresh();
    if (Date.now() - this.checkedAt > RECHECK_MS && !this.building) {
      this.checkedAt = Date.now();
      void this.refresh().catch(() => undefined);
    }
    return this.current.index;
  }

  /** Rebuilds now when the catalogue version changed (call after writing products in this process). */
  refresh(): Promise<CatalogueIndex> {
    this.building ??= (async () => {
      try {
        const version = await catalogueVersion(this.db);
        this.checkedAt = Date.now();
        if (this.current?.version === version) return this.current.index;
        const { products } = await listProducts(this.db, {});
        const index = new CatalogueIndex(products);
        this.current = { version, index };
        return index;
      } finally {
        this.building = undefined;
      }
    })();
    return this.building;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    if (this.backend === 'database') return searchProducts(this.db, query);
    return (await this.index()).search(query);
  }

  async suggest(q: string, max: number): Promise<Suggestions> {
    if (this.backend === 'database') return suggestProducts(this.db, q, max);
    return (await this.index()).suggest(q, max);
  }

  /** Every product's slug and date, newest first (the sitemap). */
  async all(): Promise<readonly Product[]> {
    return (await this.index()).all();
  }
}
