// The fake API's catalogue calls: the product list, search (the API's own index), one product by slug and its
// related products, and the geolocation call the shell makes.
import type { Product, ProductListResponse, ProductSearchQuery } from '@metrology/shared';
import { searchQueryFrom } from '../../../api/src/features/products/search-types.js';
import { FAKE_MESSAGES } from './model.js';
import type { FakeState, RecordedCall, Reply } from './model.js';

const lower = (value: string) => value.toLowerCase();

/** GET /api/product/list: newest first; company and category exact, case-insensitive; ids; limit and offset. */
function productList(products: readonly Product[], query: URLSearchParams): Reply {
  const ids = query.get('ids');
  if (ids !== null && !/^[0-9a-f]{24}(,[0-9a-f]{24}){0,199}$/.test(ids)) {
    return { status: 400, body: { success: false, message: '"ids" has an invalid format' } };
  }
  const company = query.get('company');
  const category = query.get('category');
  const wanted = ids ? new Set(ids.split(',')) : undefined;
  const newestFirst = [...products].sort(
    (a, b) =>
      Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
  const found = newestFirst.filter(
    (p) =>
      (!company || lower(p.company) === lower(company)) &&
      (!category || lower(p.category) === lower(category)) &&
      (!wanted || wanted.has(p._id)),
  );
  const limit = query.get('limit');
  const offset = query.get('offset');
  const start = Number(offset ?? 0);
  const end = limit !== null ? start + Math.min(Number(limit), 100) : undefined;
  const paged = limit !== null || offset !== null;
  const body: ProductListResponse = {
    success: true,
    products: found.slice(start, end),
    ...(paged ? { total: found.length } : {}),
  };
  return { body };
}

/** The answer to a catalogue call; undefined for any other route. */
export function catalogueCall(state: FakeState, call: RecordedCall, route: string): Reply | undefined {
  const { api } = state;
  if (route === 'GET /geo') return { body: { ip: '203.0.113.9', country_code: api.country } };
  if (route === 'GET /api/product/list') return productList(api.products, call.query);
  if (route === 'GET /api/product/search') {
    const query = searchQueryFrom(Object.fromEntries(call.query) as ProductSearchQuery);
    return {
      body: { success: true, ...state.catalogue().search(query), page: query.page, limit: query.limit },
    };
  }
  const slug = /^GET \/api\/product\/(slug|related)\/(.+)$/.exec(route);
  if (!slug) return undefined;
  const wanted = decodeURIComponent(slug[2] ?? '');
  const product = api.products.find((p) => p.slug === wanted || p._id === wanted);
  if (!product) return { status: 404, body: { success: false, message: FAKE_MESSAGES.productNotFound } };
  if (slug[1] === 'slug') return { body: { success: true, product } };
  const related = api.products.filter(
    (p) =>
      p._id !== product._id &&
      p.category === product.category &&
      (product.company ? p.company === product.company : p.subCategory === product.subCategory),
  );
  return { body: { success: true, products: related.slice(0, 5) } };
}
