// Facets, ranking, typos and suggestions, on both engines: the in-process index (what GET /api/product/search
// serves) and the SQL on the database (SEARCH_BACKEND=database), on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type { FastifyInstance } from 'fastify';
import type { Product } from '@metrology/shared';
import { body, get, startApp } from '../../../__tests__/helpers/test-app.js';
import { BASE_CATALOGUE } from '../../../seed/catalogue.js';
import { catalogue } from '../../../seed/generate.js';
import { searchProducts, suggestProducts } from '../product-repository.js';
import { CatalogueIndex } from '../search-index.js';
import type { Facet, Facets, SearchQuery, SearchResult, Suggestions } from '../search-types.js';
import { sitemapFiles } from '../sitemap-routes.js';

type Engine = {
  search(query: Partial<SearchQuery>): Promise<SearchResult>;
  suggest(q: string): Promise<Suggestions>;
};

const QUERY: SearchQuery = {
  companies: [],
  categories: [],
  subCategories: [],
  types: [],
  sort: 'relavent',
  page: 1,
  limit: 100,
  facets: true,
};

/** The listing call over HTTP (the in-process index). */
function httpEngine(app: () => FastifyInstance): Engine {
  return {
    async search(query) {
      const params = new URLSearchParams();
      if (query.q) params.set('q', query.q);
      for (const key of ['companies', 'categories', 'subCategories', 'types'] as const) {
        if (query[key]?.length) params.set(key, (query[key] as string[]).join(','));
      }
      params.set('limit', String(query.limit ?? 100));
      if (query.sort) params.set('sort', query.sort);
      const res = await get(app(), `/api/product/search?${params.toString()}`);
      expect(res.statusCode).toBe(200);
      return body<SearchResult>(res);
    },
    async suggest(q) {
      const res = await get(app(), `/api/product/suggest?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return body<Suggestions>(res);
    },
  };
}

/** The SQL engine on the app's database. */
function sqlEngine(app: () => FastifyInstance): Engine {
  return {
    search: (query) => searchProducts(app().shop.db, { ...QUERY, ...query }),
    suggest: (q) => suggestProducts(app().shop.db, q, 8),
  };
}

/** Counts by hand: the products passing every filter group but `skip`, per value of `field`. */
function handCount(
  all: readonly Product[],
  filters: Pick<SearchQuery, 'companies' | 'categories' | 'types'>,
  skip: 'companies' | 'categories' | 'types',
  values: (p: Product) => string[],
): Facet[] {
  const pass = (p: Product) =>
    (skip === 'companies' || !filters.companies.length || filters.companies.includes(p.company)) &&
    (skip === 'categories' ||
      !filters.categories.length ||
      filters.categories.includes(p.category) ||
      filters.categories.includes(p.subCategory)) &&
    (skip === 'types' || !filters.types.length || p.businessType.some((t) => filters.types.includes(t)));
  const counts = new Map<string, number>();
  for (const p of all.filter(pass))
    for (const v of new Set(values(p))) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

function engineCases(name: string, start: () => Promise<FastifyInstance>) {
  describe(name, () => {
    let app: FastifyInstance;
    let all: Product[];
    beforeAll(async () => {
      app = await start();
      all = body<{ products: Product[] }>(await get(app, '/api/product/list')).products;
    });
    afterAll(() => app?.close());

    const engines: [string, Engine][] = [
      ['in-process index', httpEngine(() => app)],
      ['SQL', sqlEngine(() => app)],
    ];

    describe.each(engines)('%s', (_engine, engine) => {
      type Filters = Pick<SearchQuery, 'companies' | 'categories' | 'types'>;
      it.each<Filters>([
        { companies: [], categories: [], types: [] },
        { companies: ['Mahr'], categories: [], types: [] },
        { companies: ['Mahr', 'Sylvac'], categories: ['Calipers'], types: [] },
        { companies: [], categories: ['Height Gauge', 'Micrometers'], types: ['Importer'] },
      ])('facet counts equal a count by hand over the seeded data (%j)', async (filters) => {
        const result = await engine.search({ ...filters, facets: true });
        const facets = result.facets as Facets;
        expect(facets.companies).toEqual(handCount(all, filters, 'companies', (p) => [p.company]));
        expect(facets.categories).toEqual(handCount(all, filters, 'categories', (p) => [p.category]));
        expect(facets.types).toEqual(handCount(all, filters, 'types', (p) => p.businessType));
        // The page's total is the products passing every group.
        const passing = all.filter(
          (p) =>
            (!filters.companies.length || filters.companies.includes(p.company)) &&
            (!filters.categories.length ||
              filters.categories.includes(p.category) ||
              filters.categories.includes(p.subCategory)) &&
            (!filters.types.length || p.businessType.some((t) => filters.types.includes(t))),
        );
        expect(result.total).toBe(passing.length);
        expect(result.products.map((p) => p._id).sort()).toEqual(passing.map((p) => p._id).sort());
      });

      it('keeps the sibling counts of a ticked category (disjunctive)', async () => {
        const before = (await engine.search({})).facets as Facets;
        const ticked = (await engine.search({ categories: ['Calipers'] })).facets as Facets;
        expect(ticked.categories).toEqual(before.categories);
        expect(ticked.companies.reduce((n, f) => n + f.count, 0)).toBe(
          all.filter((p) => p.category === 'Calipers').length,
        );
      });

      it('"caliper" lists calipers first, the gauge block set that mentions calipers after them', async () => {
        const { products } = await engine.search({ q: 'caliper', facets: false });
        const calipers = all.filter((p) => /caliper/i.test(p.name));
        expect(calipers.length).toBeGreaterThan(3);
        expect(products.slice(0, calipers.length).every((p) => /caliper/i.test(p.name))).toBe(true);
        const blocks = products.findIndex((p) => /gauge block/i.test(p.name));
        if (blocks >= 0) expect(blocks).toBeGreaterThanOrEqual(calipers.length);
      });

      it.each([
        ['calliper', /caliper/i],
        ['micrometre', /micrometer/i],
        ['hieght gauge', /height gauge/i],
      ])('forgives the typo "%s"', async (q, expected) => {
        const { products, total } = await engine.search({ q, facets: false });
        expect(total).toBeGreaterThan(0);
        expect(products[0]?.name).toMatch(expected);
      });

      it('orders by price when the shopper picks a sort, whatever the relevance', async () => {
        const { products } = await engine.search({ q: 'caliper', sort: 'low-high', facets: false });
        const prices = products.filter((p) => p.price > 0).map((p) => p.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      });

      it('suggests up to 8 products and the matching categories', async () => {
        const cal = await engine.suggest('cal');
        expect(cal.products.length).toBeGreaterThan(0);
        expect(cal.products.length).toBeLessThanOrEqual(8);
        expect(cal.products[0]).toEqual(
          expect.objectContaining({
            name: expect.stringMatching(/cal/i),
            company: expect.any(String),
            image: expect.stringMatching(/^\/images\//),
          }),
        );
        expect(cal.categories.map((c) => c.value)).toContain('Calipers');
        const typo = await engine.suggest('Mitutoyo calliper');
        expect(typo.products).toEqual([]);
        const misspelt = await engine.suggest('calliper');
        expect(misspelt.products[0]?.name).toMatch(/caliper/i);
      });
    });

    it('refuses a suggestion call under two characters', async () => {
      const res = await get(app, '/api/product/suggest?q=c');
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ success: false, message: '"q" must be at least 2 characters' });
    });

    it('serves robots.txt and a sitemap of every public page and product on the site origin', async () => {
      const robots = await get(app, '/api/seo/robots.txt');
      expect(robots.body).toContain(`Sitemap: ${app.shop.config.siteOrigin}/sitemap.xml`);
      expect(robots.body).toContain('Disallow: /cart');
      const res = await get(app, '/api/seo/sitemap.xml', undefined, { host: 'evil.example' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain(`${app.shop.config.siteOrigin}/collection`);
      for (const p of all) expect(locs).toContain(`${app.shop.config.siteOrigin}/product/${p.slug}`);
      expect(locs.every((l) => l?.startsWith(app.shop.config.siteOrigin))).toBe(true);
      expect((await get(app, '/api/seo/sitemap-9.xml')).statusCode).toBe(404);
    });
  });
}

engineCases('on PGlite', () => startApp({ siteOrigin: 'https://shop.example' }));

const url = process.env.TEST_DATABASE_URL;
if (url)
  engineCases('on PostgreSQL (TEST_DATABASE_URL)', () =>
    startApp({ databaseUrl: url, siteOrigin: 'https://shop.example' }),
  );

describe('the sitemap above 50,000 URLs', () => {
  it('becomes an index of numbered sitemap files', () => {
    const products = catalogue(120).map((p) => ({ slug: p.slug, createdAt: p.createdAt }));
    const files = sitemapFiles('https://shop.example', products, 50);
    expect([...files.keys()].sort()).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap.xml',
    ]);
    expect(files.get('sitemap.xml')).toContain('<sitemapindex');
    expect(files.get('sitemap.xml')).toContain('<loc>https://shop.example/sitemap-3.xml</loc>');
    const urls = [...files.values()].join('').match(/<url>/g) ?? [];
    expect(urls).toHaveLength(120 + 10);
  });
});

describe('the seeded catalogue', () => {
  it('spells each category one way (no singular/plural or prefixed twins)', () => {
    const names = [...new Set(catalogue(2000).map((p) => p.category))];
    const key = (n: string) =>
      n
        .toLowerCase()
        .replace(/s\b/g, '')
        .split(/\s+/)
        .filter((w) => !['dial', 'digital'].includes(w))
        .join(' ');
    expect(new Set(names.map(key)).size).toBe(names.length);
    for (const a of names)
      for (const b of names) if (a !== b) expect(b.toLowerCase().endsWith(` ${a.toLowerCase()}`)).toBe(false);
    expect(names.length).toBe(new Set(BASE_CATALOGUE.map((p) => p.category)).size);
  });

  it('the in-process index ranks a 10,000-product catalogue the same way', () => {
    const index = new CatalogueIndex(catalogue(10_000));
    const { products, facets } = index.search({ ...QUERY, q: 'caliper', limit: 50 });
    expect(products.every((p) => /caliper/i.test(p.name))).toBe(true);
    expect(facets?.categories[0]?.value).toBe('Calipers');
    expect(index.search({ ...QUERY, q: 'calliper', facets: false }).total).toBeGreaterThan(100);
  });
});
