// A small real HTTP server with the API's catalogue calls (search with facets, by slug, related, enquiry),
// over a fixture list, recording what it was asked. Component tests point the run-time config at it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { setRuntimeConfig, type Product } from '@metrology/shared';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | undefined;
  body: unknown;
}

export type EnquiryBehaviour =
  { kind: 'accept' } | { kind: 'refuse'; status: number; message?: string } | { kind: 'drop' };

export interface FakeCatalogApi {
  url: string;
  calls: RecordedCall[];
  products: Product[];
  enquiry: EnquiryBehaviour;
  /** Holds enquiry answers until release() (to see the submitting state). */
  holdEnquiries: boolean;
  release: () => void;
  /** Holds slug answers until release() (to see the spinner). */
  holdSlugs: boolean;
  reset: (products: Product[]) => void;
  close: () => Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return raw ? (JSON.parse(raw) as unknown) : undefined;
}

const lower = (value: string) => value.toLowerCase();
const csv = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

function facet(products: Product[], values: (p: Product) => string[]) {
  const counts = new Map<string, number>();
  for (const product of products)
    for (const value of new Set(values(product))) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * The API's listing rules (api/src/features/products/search-index.ts), over the fixtures: every word in the text,
 * filter groups (companies; categories against category or subCategory; subCategories; business types) and
 * disjunctive facets (a group's counts leave out its own filter).
 */
function search(all: Product[], query: URLSearchParams) {
  const words = lower(query.get('q') ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const text = all.filter((p) => {
    const haystack = lower([p.name, p.model, p.description, p.company, p.category, p.subCategory].join(' '));
    return words.every((w) => haystack.includes(w));
  });
  const list = (single: string, many: string) =>
    [...(query.get(single) ? [query.get(single) as string] : []), ...csv(query.get(many))].map(lower);
  const companies = list('company', 'companies');
  const categories = list('category', 'categories');
  const subCategories = list('', 'subCategories');
  const types = list('', 'types');
  const groups = {
    company: (p: Product) => !companies.length || companies.includes(lower(p.company)),
    category: (p: Product) =>
      !categories.length ||
      categories.includes(lower(p.category)) ||
      categories.includes(lower(p.subCategory)),
    subCategory: (p: Product) => !subCategories.length || subCategories.includes(lower(p.subCategory)),
    type: (p: Product) => !types.length || p.businessType.some((t) => types.includes(lower(t))),
  };
  const passing = (without?: keyof typeof groups) =>
    text.filter((p) => Object.entries(groups).every(([name, test]) => name === without || test(p)));
  const found = passing();
  const sort = query.get('sort') ?? 'relavent';
  const newest = (a: Product, b: Product) =>
    b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id);
  const priced = (a: Product, b: Product) => Number(a.price <= 0) - Number(b.price <= 0);
  const sorted = [...found].sort((a, b) => {
    if (sort === 'low-high') return priced(a, b) || a.price - b.price || newest(a, b);
    if (sort === 'high-low') return priced(a, b) || b.price - a.price || newest(a, b);
    return newest(a, b);
  });
  const page = Math.max(1, Number(query.get('page') ?? 1));
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 24)));
  return {
    success: true,
    products: sorted.slice((page - 1) * limit, page * limit),
    total: sorted.length,
    page,
    limit,
    ...(query.get('facets') !== 'false'
      ? {
          facets: {
            companies: facet(passing('company'), (p) => [p.company]),
            categories: facet(passing('category'), (p) => [p.category]),
            subCategories: facet(passing('subCategory'), (p) => [p.subCategory]),
            types: facet(passing('type'), (p) => p.businessType),
          },
        }
      : {}),
  };
}

export async function startFakeCatalogApi(initial: Product[] = []): Promise<FakeCatalogApi> {
  let waiting: (() => void)[] = [];
  const api: FakeCatalogApi = {
    url: '',
    calls: [],
    products: initial,
    enquiry: { kind: 'accept' },
    holdEnquiries: false,
    holdSlugs: false,
    release: () => {
      const pending = waiting;
      waiting = [];
      for (const resume of pending) resume();
    },
    reset: (products) => {
      api.products = products;
      api.calls = [];
      api.enquiry = { kind: 'accept' };
      api.holdEnquiries = false;
      api.holdSlugs = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const hold = () => new Promise<void>((resolve) => waiting.push(resolve));

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = request.method === 'POST' ? await readBody(request) : undefined;
    api.calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      token: request.headers.token as string | undefined,
      body,
    });
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Content-Type', 'application/json');
    const send = (status: number, payload: unknown) => {
      response.statusCode = status;
      response.end(JSON.stringify(payload));
    };
    const notFound = () => send(404, { success: false, message: 'Product not found' });
    const bySlug = (slug: string) => api.products.find((p) => p.slug === slug || p._id === slug);

    if (url.pathname === '/api/product/search') return send(200, search(api.products, url.searchParams));
    const slugMatch = /^\/api\/product\/slug\/(.+)$/.exec(url.pathname);
    if (slugMatch) {
      if (api.holdSlugs) await hold();
      const product = bySlug(decodeURIComponent(slugMatch[1] ?? ''));
      return product ? send(200, { success: true, product }) : notFound();
    }
    const relatedMatch = /^\/api\/product\/related\/(.+)$/.exec(url.pathname);
    if (relatedMatch) {
      const product = bySlug(decodeURIComponent(relatedMatch[1] ?? ''));
      if (!product) return notFound();
      const related = api.products.filter(
        (p) =>
          p._id !== product._id &&
          p.category === product.category &&
          (product.company ? p.company === product.company : p.subCategory === product.subCategory),
      );
      return send(200, { success: true, products: related.slice(0, 5) });
    }
    if (url.pathname === '/api/enquiry/submit') {
      if (api.holdEnquiries) await hold();
      const behaviour = api.enquiry;
      if (behaviour.kind === 'drop') return request.socket.destroy();
      if (behaviour.kind === 'refuse') {
        return send(behaviour.status, {
          success: false,
          ...(behaviour.message ? { message: behaviour.message } : {}),
        });
      }
      return send(200, { success: true, message: 'stored', enquiryId: 'e1' });
    }
    return send(404, { success: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  api.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  setRuntimeConfig({ apiBaseUrl: api.url, siteOrigin: 'https://shop.example' });
  return api;
}

let serial = 0;

/** A product with every field; override what a test cares about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  const slug = overrides.slug ?? `product-${serial}`;
  return {
    _id: `id-${slug}`,
    slug,
    name: `Product ${serial}`,
    model: `M-${serial}`,
    description: `Description of product ${serial}`,
    image: [`/images/products/${slug}-1.svg`],
    price: 100,
    mrp: 0,
    category: 'Calipers',
    subCategory: 'Digital Caliper',
    company: 'Sylvac',
    measuringRange: '',
    accuracy: '',
    software: '',
    businessType: [],
    certification: '',
    deliveryTime: '',
    specifications: [],
    features: [],
    createdAt: new Date(Date.UTC(2025, 0, 1) - serial * 60_000).toISOString(),
    ...overrides,
  };
}
