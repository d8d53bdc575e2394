import { existsSync } from 'node:fs';
import path from 'node:path';
import { COMPANIES, TESPA_CATEGORIES } from '@metrology/shared/rules';
import { openDatabase, type Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { testDatabaseUrl } from '../../__tests__/helpers/test-database.js';
import { searchProducts } from '../../features/products/product-repository.js';
import { PUBLIC_DIR } from '../../paths.js';
import { parseProductCount, parseSeedArgs } from '../args.js';
import { BASE_CATALOGUE } from '../catalogue.js';
import { baseProducts, catalogue } from '../generate.js';
import { reseedProducts } from '../seed.js';

// Embedded PostgreSQL starts in seconds, more on a busy machine.
jest.setTimeout(60_000);

describe('the base catalogue', () => {
  const products = baseProducts();

  it('has at least 60 products across the five companies, with unique slugs and ids', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.company))).toEqual(new Set(COMPANIES));
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p._id)).size).toBe(products.length);
  });

  it('covers every Tespa category and the price cases the site shows', () => {
    for (const category of TESPA_CATEGORIES) {
      expect(products.some((p) => p.company === 'Tespa' && p.category === category)).toBe(true);
    }
    expect(products.some((p) => p.price === 0)).toBe(true);
    expect(products.some((p) => p.price >= 100000)).toBe(true);
    expect(products.some((p) => p.mrp > p.price && p.price > 0)).toBe(true);
    expect(products.some((p) => p.deliveryTime === '')).toBe(true);
    expect(products.some((p) => p.specifications.some((s) => Array.isArray(s.value)))).toBe(true);
  });

  it('fills every field that applies and has images on disk', () => {
    for (const p of products) {
      for (const field of ['name', 'model', 'description', 'category', 'subCategory', 'company'] as const) {
        expect(p[field]).not.toBe('');
      }
      expect(p.businessType.length).toBeGreaterThan(0);
      expect(p.specifications.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThan(0);
      expect(p.image.length).toBeGreaterThanOrEqual(2);
      for (const image of p.image) expect(existsSync(path.join(PUBLIC_DIR, image))).toBe(true);
    }
  });

  it('spreads createdAt over time', () => {
    const times = new Set(products.map((p) => p.createdAt));
    expect(times.size).toBe(products.length);
  });

  it('generates plausible unique variants beyond the base', () => {
    const all = catalogue(BASE_CATALOGUE.length + 500);
    expect(all).toHaveLength(BASE_CATALOGUE.length + 500);
    expect(new Set(all.map((p) => p.slug)).size).toBe(all.length);
    const variant = all[BASE_CATALOGUE.length] as (typeof all)[number];
    const source = all[0] as (typeof all)[number];
    expect(variant.name.startsWith(source.name)).toBe(true);
    expect(variant.model.startsWith(source.model)).toBe(true);
    expect(all.slice(BASE_CATALOGUE.length).every((p) => p.slug.match(/^[a-z0-9-]+$/))).toBe(true);
  });
});

describe('seeding 10,000 products', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: await testDatabaseUrl() });
    await migrate(db);
  });
  afterAll(() => db.close());

  it('inserts in batches and search stays correct', async () => {
    const started = Date.now();
    expect(await reseedProducts(db, 10_000)).toBe(10_000);
    const seconds = (Date.now() - started) / 1000;
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(count.rows[0]?.n).toBe(10_000);
    const none = { companies: [], categories: [], subCategories: [], types: [] };
    const all = await searchProducts(db, { ...none, sort: 'relavent', page: 1, limit: 24, facets: true });
    expect(all.total).toBe(10_000);
    expect(all.products).toHaveLength(24);
    const sylvac = await searchProducts(db, {
      ...none,
      companies: ['Sylvac'],
      q: 'caliper',
      sort: 'low-high',
      page: 3,
      limit: 24,
      facets: false,
    });
    expect(sylvac.total).toBeGreaterThan(100);
    console.info(`seeded 10,000 products in ${seconds.toFixed(1)} s`);
    // Reseeding to the base catalogue removes the variants again.
    expect(await reseedProducts(db)).toBe(BASE_CATALOGUE.length);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(after.rows[0]?.n).toBe(BASE_CATALOGUE.length);
  }, 120_000);
});

describe('parseProductCount', () => {
  it('reads --products N and --products=N', () => {
    expect(parseProductCount([])).toBeUndefined();
    expect(parseProductCount(['--products', '10000'])).toBe(10000);
    expect(parseProductCount(['--products=250'])).toBe(250);
    expect(() => parseProductCount(['--products', 'many'])).toThrow('--products needs a whole number');
  });

  it('parses with node:util parseArgs: --help, and refuses unknown options and stray arguments', () => {
    expect(parseSeedArgs(['--help'])).toEqual({ help: true, products: undefined });
    expect(parseSeedArgs(['--products', '12'])).toEqual({ help: false, products: 12 });
    expect(() => parseSeedArgs(['--product', '12'])).toThrow("Unknown option '--product'");
    expect(() => parseSeedArgs(['12'])).toThrow();
    expect(() => parseSeedArgs(['--products='])).toThrow('--products needs a whole number');
  });
});
