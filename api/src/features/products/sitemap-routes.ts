// robots.txt and sitemap.xml for crawlers: every public page of the SPEC and every product by slug, on the site's
// configured origin (SITE_ORIGIN), never the request's Host. The site server serves them at /robots.txt and
// /sitemap.xml by asking these calls.
import type { FastifyInstance } from 'fastify';
import type { SearchService } from './search-service.js';

/** The SPEC's public pages (cart, checkout, orders and /verify are a shopper's own and not for crawlers). */
export const SITEMAP_PAGES = [
  '/',
  '/about',
  '/products',
  '/collection',
  '/calibration',
  '/clients',
  '/careers',
  '/testimonial',
  '/news',
  '/contact',
] as const;
export const PRIVATE_PATHS = ['/cart', '/place-order', '/orders', '/verify'] as const;
/** The sitemap protocol's limit per file; above it sitemap.xml is an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlSet(urls: readonly SitemapUrl[]): string {
  const items = urls.map(
    (u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${items.join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(locations: readonly string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The sitemap as files: one urlset when everything fits in `perFile` URLs, otherwise `sitemap.xml` is an index of
 * `sitemap-1.xml`, `sitemap-2.xml`, ...
 */
export function sitemapFiles(
  origin: string,
  products: readonly { slug: string; createdAt: string }[],
  perFile = SITEMAP_MAX_URLS,
): Map<string, string> {
  const urls: SitemapUrl[] = [
    ...SITEMAP_PAGES.map((page) => ({ loc: `${origin}${page}` })),
    ...products.map((p) => ({
      loc: `${origin}/product/${encodeURIComponent(p.slug)}`,
      lastmod: p.createdAt.slice(0, 10),
    })),
  ];
  const files = new Map<string, string>();
  if (urls.length <= perFile) {
    files.set('sitemap.xml', urlSet(urls));
    return files;
  }
  const names: string[] = [];
  for (let start = 0, n = 1; start < urls.length; start += perFile, n += 1) {
    const name = `sitemap-${n}.xml`;
    names.push(`${origin}/${name}`);
    files.set(name, urlSet(urls.slice(start, start + perFile)));
  }
  files.set('sitemap.xml', sitemapIndex(names));
  return files;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapRoutes(
  app: FastifyInstance,
  { search }: { search: SearchService },
): Promise<void> {
  const origin = app.shop.config.siteOrigin;
  let cached: { products: readonly unknown[]; files: Map<string, string> } | undefined;
  const files = async () => {
    const products = await search.all();
    // The index hands out the same array until the catalogue changes.
    if (cached?.products !== products) cached = { products, files: sitemapFiles(origin, products) };
    return cached.files;
  };

  app.get('/api/seo/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return robotsTxt(origin);
  });

  app.get<{ Params: { file: string } }>(
    '/api/seo/:file',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { file: { type: 'string', pattern: '^sitemap(-[0-9]{1,4})?\\.xml$' } },
          required: ['file'],
        },
      },
    },
    async (request, reply) => {
      const xml = (await files()).get(request.params.file);
      if (!xml) return reply.status(404).send({ success: false, message: 'Not found' });
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return xml;
    },
  );
}
