import { existsSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@metrology/shared';
import { PUBLIC_DIR } from '../../../paths.js';
import { body, get, post, startApp } from '../../../__tests__/helpers/test-app.js';
import { TEST_ENGINE } from '../../../__tests__/helpers/test-database.js';

let app: FastifyInstance;
let products: Product[];

beforeAll(async () => {
  app = await startApp();
  products = body<{ products: Product[] }>(await get(app, '/api/product/list')).products;
});
afterAll(() => app.close());

const PRODUCT_FIELDS: (keyof Product)[] = [
  '_id',
  'slug',
  'name',
  'model',
  'description',
  'image',
  'price',
  'mrp',
  'category',
  'subCategory',
  'company',
  'measuringRange',
  'accuracy',
  'software',
  'businessType',
  'certification',
  'deliveryTime',
  'specifications',
  'features',
  'createdAt',
];

describe('GET /api/product/list', () => {
  it('answers the whole seeded catalogue in the SPEC shape', async () => {
    const res = await get(app, '/api/product/list');
    expect(res.statusCode).toBe(200);
    const json = body<{ success: boolean; products: Product[] }>(res);
    expect(json.success).toBe(true);
    expect(json.products.length).toBeGreaterThanOrEqual(60);
    for (const product of json.products) {
      expect(Object.keys(product).sort()).toEqual([...PRODUCT_FIELDS].sort());
      expect(product._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Array.isArray(product.image)).toBe(true);
      expect(typeof product.price).toBe('number');
      expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    }
  });

  it('is newest first and has unique slugs', () => {
    const times = products.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('every product image is a local file the API serves', async () => {
    const paths = new Set(products.flatMap((p) => p.image));
    for (const image of paths) {
      expect(image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(PUBLIC_DIR, image))).toBe(true);
    }
    const first = [...paths][0] as string;
    const res = await get(app, first);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('<title');
  });

  it('is gzipped when asked and revalidates with its ETag', async () => {
    const res = await get(app, '/api/product/list', undefined, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { products: Product[] };
    expect(json.products).toHaveLength(products.length);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(app, '/api/product/list', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('filters by company and category, newest first, with limit and offset', async () => {
    const res = await get(app, '/api/product/list?company=Tespa&category=Height%20Gauge&sort=newest&limit=4');
    const json = body<{ products: Product[]; total: number }>(res);
    expect(json.products).toHaveLength(4);
    expect(json.products.every((p) => p.company === 'Tespa' && p.category === 'Height Gauge')).toBe(true);
    const all = products.filter((p) => p.company === 'Tespa' && p.category === 'Height Gauge');
    expect(json.total).toBe(all.length);
    expect(json.products.map((p) => p.slug)).toEqual(all.slice(0, 4).map((p) => p.slug));
    const next = body<{ products: Product[] }>(
      await get(app, '/api/product/list?company=tespa&category=Height%20Gauge&limit=4&offset=4'),
    );
    expect(next.products.map((p) => p.slug)).toEqual(all.slice(4, 8).map((p) => p.slug));
  });

  it('answers only the asked ids (the cart page), ignoring unknown ones', async () => {
    const wanted = [products[3]!, products[10]!];
    const ids = [...wanted.map((p) => p._id), 'ffffffffffffffffffffffff'].join(',');
    const res = body<{ products: Product[] }>(await get(app, `/api/product/list?ids=${ids}`));
    expect(res.products.map((p) => p._id).sort()).toEqual(wanted.map((p) => p._id).sort());
  });

  it('refuses ids that are not product ids', async () => {
    const res = await get(app, '/api/product/list?ids=abc,def');
    expect(res.statusCode).toBe(400);
    expect(body<{ success: boolean }>(res).success).toBe(false);
  });

  it('refuses a limit that is not a whole number', async () => {
    const res = await get(app, '/api/product/list?limit=ten');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message: '"limit" must be a whole number' });
  });
});

describe('GET /api/product/search', () => {
  it('matches name, model and description case-insensitively with totals and paging', async () => {
    const res = await get(app, '/api/product/search?q=CALIPER&limit=2');
    const json = body<{ products: Product[]; total: number; page: number; limit: number }>(res);
    expect(res.statusCode).toBe(200);
    expect(json.page).toBe(1);
    expect(json.limit).toBe(2);
    expect(json.products).toHaveLength(2);
    const expected = products.filter((p) =>
      [p.name, p.model, p.description, p.company, p.category, p.subCategory]
        .join(' ')
        .toLowerCase()
        .includes('caliper'),
    );
    expect(json.total).toBe(expected.length);
    // Relevance: names that contain the word come first.
    expect(json.products.every((p) => p.name.toLowerCase().includes('caliper'))).toBe(true);
    const page2 = body<{ products: Product[] }>(
      await get(app, '/api/product/search?q=caliper&limit=2&page=2'),
    );
    expect(page2.products.map((p) => p._id)).not.toContain(json.products[0]?._id);
  });

  it('finds by model number and needs every word', async () => {
    const byModel = body<{ products: Product[]; total: number }>(
      await get(app, '/api/product/search?q=hg-600'),
    );
    expect(byModel.products[0]?.model).toBe('HG-600');
    const none = body<{ total: number }>(await get(app, '/api/product/search?q=caliper%20scanner%20zzz'));
    expect(none.total).toBe(0);
  });

  it('treats % and _ as plain characters', async () => {
    const json = body<{ total: number }>(await get(app, '/api/product/search?q=%25'));
    expect(json.total).toBe(0);
  });

  it('filters by company, category, by categories against category or subCategory, and by business types', async () => {
    const sylvac = body<{ products: Product[]; total: number }>(
      await get(app, '/api/product/search?company=Sylvac&limit=100'),
    );
    expect(sylvac.total).toBe(products.filter((p) => p.company === 'Sylvac').length);
    const bySub = body<{ products: Product[]; total: number }>(
      await get(app, '/api/product/search?categories=Digital%20Caliper,Bridge%20CMM&limit=100'),
    );
    expect(bySub.total).toBe(
      products.filter((p) => ['Digital Caliper', 'Bridge CMM'].includes(p.subCategory)).length,
    );
    const both = body<{ total: number }>(
      await get(app, '/api/product/search?categories=Calipers&types=Importer&limit=100'),
    );
    expect(both.total).toBe(
      products.filter((p) => p.category === 'Calipers' && p.businessType.includes('Importer')).length,
    );
    expect(both.total).toBeGreaterThan(0);
    const category = body<{ total: number }>(
      await get(app, '/api/product/search?category=Video%20Measuring%20Machine'),
    );
    expect(category.total).toBe(products.filter((p) => p.category === 'Video Measuring Machine').length);
  });

  it('sorts by price with enquiry-only products last', async () => {
    const low = body<{ products: Product[] }>(
      await get(app, '/api/product/search?sort=low-high&limit=100'),
    ).products;
    const priced = low.filter((p) => p.price > 0).map((p) => p.price);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(low.findIndex((p) => p.price <= 0)).toBeGreaterThan(priced.length - 1);
    const high = body<{ products: Product[] }>(
      await get(app, '/api/product/search?sort=high-low&limit=5'),
    ).products;
    expect(high[0]?.price).toBe(Math.max(...products.map((p) => p.price)));
  });

  it('answers facets of companies and categories', async () => {
    const json = body<{ facets: { companies: { value: string; count: number }[]; categories: unknown[] } }>(
      await get(app, '/api/product/search?q=gauge'),
    );
    expect(json.facets.companies.length).toBeGreaterThan(1);
    expect(json.facets.companies.every((f) => f.count > 0)).toBe(true);
    const noFacets = body(await get(app, '/api/product/search?facets=false'));
    expect(noFacets.facets).toBeUndefined();
  });

  it('refuses an unknown sort key with a readable message', async () => {
    const res = await get(app, '/api/product/search?sort=cheapest');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('"sort" must be one of: relavent, low-high, high-low, newest');
  });
});

describe('GET /api/product/slug/:slug and /api/product/related/:slug', () => {
  it('finds a product by slug, and by id too', async () => {
    const product = products[5] as Product;
    const bySlug = body<{ product: Product }>(await get(app, `/api/product/slug/${product.slug}`));
    expect(bySlug.product).toEqual(product);
    const byId = body<{ product: Product }>(await get(app, `/api/product/slug/${product._id}`));
    expect(byId.product.slug).toBe(product.slug);
  });

  it('answers 404 Product not found for an unknown slug', async () => {
    const res = await get(app, '/api/product/slug/no-such-instrument');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ success: false, message: 'Product not found' });
    expect((await get(app, '/api/product/related/no-such-instrument')).statusCode).toBe(404);
  });

  it('relates up to 5 of the same category and company', async () => {
    const product = products.find((p) => p.company === 'Tespa' && p.category === 'Height Gauge') as Product;
    const related = body<{ products: Product[] }>(
      await get(app, `/api/product/related/${product.slug}`),
    ).products;
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(5);
    for (const p of related) {
      expect(p.category).toBe(product.category);
      expect(p.company).toBe(product.company);
      expect(p._id).not.toBe(product._id);
    }
  });
});

describe('across the API', () => {
  it('GET /api/health says ready', async () => {
    const res = await get(app, '/api/health');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      success: true,
      status: 'ok',
      database: TEST_ENGINE,
      products: products.length,
    });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const doc = body<{ openapi: string; paths: Record<string, unknown> }>(
      await get(app, '/api/openapi.json'),
    );
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/product/list',
      '/api/product/search',
      '/api/cart/add',
      '/api/order/place',
      '/api/user/chat',
      '/api/careers/applications/submit',
    ]) {
      expect(doc.paths[p]).toBeDefined();
    }
  });

  it('answers unknown routes with { success: false, message } 404', async () => {
    const res = await get(app, '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(body(res).success).toBe(false);
  });

  it('answers malformed JSON with a clear 400 and no stack trace', async () => {
    const res = await post(app, '/api/user/login', '{"email":', undefined, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message: 'The request body is not valid JSON' });
  });

  it('sends security headers and allows the site origin with the token header', async () => {
    const res = await get(app, '/api/health', undefined, { origin: 'http://localhost:8080' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/cart/add',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('token');
  });
});
