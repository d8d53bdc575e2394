// GET /api/product/list (SPEC section 7) and the calls the shop needs at scale: search, by slug, related.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  ProductSearchQuery,
  ProductSearchResponse,
  RelatedProductsResponse,
  SlugParams,
  SuggestQuery,
  SuggestResponse,
} from '@metrology/shared/contracts';
import { RELATED_PRODUCTS_MAX } from '@metrology/shared/rules';
import { HttpError, MESSAGES } from '../../lib/errors.js';
import { responses } from '../../lib/schemas.js';
import { catalogueVersion, listProducts, productBySlug, relatedProducts } from './product-repository.js';
import { SearchService, searchBackendFromEnv } from './search-service.js';
import { SUGGEST_MAX, searchQueryFrom } from './search-types.js';
import { sitemapRoutes } from './sitemap-routes.js';

const gzip = promisify(gzipCallback);

/** Most products one filtered or paged list answers (the no-argument list is the cached, ETagged exception). */
const LIST_MAX = 100;

export async function productRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.shop;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const search = new SearchService(db, searchBackendFromEnv());
  // Built before the first request, so no shopper waits for it.
  if (search.backend === 'memory') await search.refresh();
  await app.register(sitemapRoutes, { search });
  /** The unfiltered list is what every page load asks for: kept serialised and gzipped per catalogue version. */
  let fullList: { version: string; etag: string; json: Buffer; gzip: Buffer } | undefined;

  async function sendFullList(request: FastifyRequest, reply: FastifyReply) {
    const version = await catalogueVersion(db);
    if (fullList?.version !== version) {
      const { products } = await listProducts(db, {});
      const json = Buffer.from(JSON.stringify({ success: true, products }));
      fullList = {
        version,
        etag: `"${createHash('sha1').update(version).digest('base64url')}"`,
        json,
        gzip: await gzip(json),
      };
    }
    const list = fullList;
    reply.header('cache-control', 'no-cache').header('etag', list.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === list.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(list.gzip);
    }
    return reply.send(list.json);
  }

  api.get(
    '/api/product/list',
    {
      schema: {
        tags: ['products'],
        summary: 'The product list (SPEC section 7); optional filters and paging',
        querystring: ProductListQuery,
        response: responses(ProductListResponse),
      },
    },
    async (request, reply) => {
      const { company, category, ids, limit, offset } = request.query;
      if (!company && !category && !ids && limit === undefined && offset === undefined)
        return sendFullList(request, reply);
      const paged = limit !== undefined || offset !== undefined;
      const result = await listProducts(db, {
        company,
        category,
        ids: ids ? [...new Set(ids.split(','))] : undefined,
        // A company or category without a limit gets one page too; ids are bounded by their pattern.
        limit: limit !== undefined ? Math.min(Number(limit), LIST_MAX) : ids ? undefined : LIST_MAX,
        offset: offset !== undefined ? Number(offset) : undefined,
      });
      return { success: true, products: result.products, ...(paged ? { total: result.total } : {}) };
    },
  );

  api.get(
    '/api/product/search',
    {
      schema: {
        tags: ['products'],
        summary:
          'Listing query: ranked text search (name and model first, typos forgiven), filters, sort, page and disjunctive facets',
        querystring: ProductSearchQuery,
        response: responses(ProductSearchResponse),
      },
    },
    async (request) => {
      const query = searchQueryFrom(request.query);
      const result = await search.search(query);
      return { success: true, ...result, page: query.page, limit: query.limit };
    },
  );

  api.get(
    '/api/product/suggest',
    {
      schema: {
        tags: ['products'],
        summary: `As-you-type suggestions: up to ${SUGGEST_MAX} products (name, brand, image) and matching categories`,
        querystring: SuggestQuery,
        response: responses(SuggestResponse),
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      if (q.length < 2) throw new HttpError(400, '"q" must be at least 2 characters');
      const max = Math.min(SUGGEST_MAX, Math.max(1, Number(request.query.limit ?? SUGGEST_MAX)));
      return { success: true, ...(await search.suggest(q, max)) };
    },
  );

  api.get(
    '/api/product/slug/:slug',
    {
      schema: {
        tags: ['products'],
        summary: 'One product by slug (or id)',
        params: SlugParams,
        response: responses(ProductResponse),
      },
    },
    async (request) => {
      const product = await productBySlug(db, request.params.slug);
      if (!product) throw new HttpError(404, MESSAGES.productNotFound);
      return { success: true, product };
    },
  );

  api.get(
    '/api/product/related/:slug',
    {
      schema: {
        tags: ['products'],
        summary: `Up to ${RELATED_PRODUCTS_MAX} related products (same category, and company or subCategory)`,
        params: SlugParams,
        response: responses(RelatedProductsResponse),
      },
    },
    async (request) => {
      const product = await productBySlug(db, request.params.slug);
      if (!product) throw new HttpError(404, MESSAGES.productNotFound);
      return { success: true, products: await relatedProducts(db, product, RELATED_PRODUCTS_MAX) };
    },
  );
}
