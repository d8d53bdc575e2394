import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { formatPrice } from '@metrology/shared/rules';
import { liveVersion, releaseOk } from '../support/release-cli';
import { rootOf } from '../support/served';
import { test, expect, type Site } from '../support/fixtures';
import { searchProducts, type Product } from '../support/shop-api';

/**
 * Server rendering (docs/rendering.md "How a page is rendered"): every route arrives as HTML with its data,
 * the browser hydrates it, and the server loads the live version of each remote from the registry on every
 * request.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = Date.now().toString(36);

/** The served HTML of a page, as curl sees it: no JavaScript, no browser. */
async function served(request: APIRequestContext, url: string): Promise<{ status: number; html: string }> {
  const response = await request.get(url);
  return { status: response.status(), html: await response.text() };
}

/** Text as React writes it in HTML (& < > " escaped). */
const inHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test.describe('pages arrive rendered', () => {
  test('a product page has its name, price, specifications and JSON-LD in the HTML', async ({
    request,
    site,
  }) => {
    const [product] = (await searchProducts(site, 'company=Mahr&sort=low-high&limit=1')).filter(
      (p) => p.price > 0,
    );
    expect(product, 'a priced Mahr product in the seed').toBeDefined();
    if (!product) return;
    const { status, html } = await served(request, `/product/${product.slug}`);
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toContain(`<h1`);
    expect(root).toContain(inHtml(product.name));
    expect(root).toContain(inHtml(formatPrice(product.price)));
    const spec = product.specifications?.[0];
    if (spec) expect(root).toContain(inHtml(Array.isArray(spec.value) ? spec.value.join(', ') : spec.value));
    const jsonLd = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(jsonLd, 'JSON-LD in the head').not.toBeNull();
    const data = JSON.parse(jsonLd?.[1] ?? '{}') as { '@type'?: string; name?: string };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(product.name);
    expect(html).toMatch(new RegExp(`<title[^>]*>${escapeRegExp(inHtml(product.name))}`));
    expect(html).toContain(`rel="canonical"`);
  });

  test('/products?company=Mahr lists Mahr products; / has the hero and the newest Tespa products', async ({
    request,
    site,
  }) => {
    const mahr = await searchProducts(site, 'company=Mahr&limit=3');
    const products = rootOf((await served(request, '/products?company=Mahr')).html);
    expect(products).toContain('Mahr Products');
    for (const product of mahr) expect(products).toContain(inHtml(product.name));
    expect(products).not.toContain('Loading the catalog section');

    const newest = (await (await fetch(`${site.apiUrl}/api/product/list?company=Tespa`)).json()) as {
      products: Product[];
    };
    const home = rootOf((await served(request, '/')).html);
    expect(home).toContain('Precision Metrology');
    for (const product of newest.products.slice(0, 4)) expect(home).toContain(inHtml(product.name));
  });

  test('hydration fetches nothing the server already fetched and finds the same HTML', async ({
    page,
    site,
  }) => {
    const [product] = await searchProducts(site, 'company=Sylvac&limit=1');
    if (!product) throw new Error('no Sylvac product');
    const apiCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(site.apiUrl)) apiCalls.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /#418|#419|#423|hydrat/i.test(m.text())) errors.push(m.text());
    });
    for (const route of ['/', '/products', `/product/${product.slug}`, '/cart', '/about', '/careers']) {
      await page.goto(route);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    expect(errors).toEqual([]);
    expect(apiCalls.filter((call) => call.startsWith('/api/product'))).toEqual([]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  const ROUTES: [string, string][] = [
    ['/', 'Precision Metrology'],
    ['/about', 'About Us'],
    ['/calibration', 'Calibration'],
    ['/clients', 'Our Clients'],
    ['/news', 'News'],
    ['/testimonial', 'Testimonials'],
    ['/contact', 'Contact'],
    ['/products', 'Our Products'],
    ['/products?company=Tespa', 'Tespa Products'],
    ['/collection', 'Collection'],
    ['/cart', 'Cart'],
    ['/careers', 'Careers'],
  ];
  for (const [route, heading] of ROUTES) {
    test(`${route} shows its content`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main')).toContainText(heading);
      await expect(page.locator('main [role="status"]', { hasText: /^Loading the / })).toHaveCount(0);
    });
  }

  test('a product page shows the product', async ({ page, site }) => {
    const [product] = await searchProducts(site, 'company=Tespa&limit=1');
    if (!product) throw new Error('no Tespa product');
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A copy of a remote's production build (browser and Node), altered. */
async function variant(
  site: Site,
  remote: string,
  name: string,
  alter: (dir: string) => Promise<void>,
): Promise<string> {
  const dir = path.join(site.workDir, `ssr-variant-${RUN}-${remote}-${name}`);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, remote, 'dist'), dir, { recursive: true });
  await alter(dir);
  return dir;
}

/** Replaces a string literal in the bundle files of a folder (not its subfolders). */
async function replaceLiteral(dir: string, literal: string, replacement: string): Promise<number> {
  let changed = 0;
  for (const file of await fs.readdir(dir)) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(dir, file);
    const code = await fs.readFile(full, 'utf8');
    for (const quoted of [JSON.stringify(literal), `'${literal}'`]) {
      if (!code.includes(quoted)) continue;
      await fs.writeFile(full, code.split(quoted).join(replacement));
      changed += 1;
      break;
    }
  }
  return changed;
}

test.describe('releases act on the next server render', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('publish a new version of one remote, then roll it back: each is rendered, with no restart', async ({
    page,
    request,
    site,
  }) => {
    const base = await liveVersion(site, 'mfe-content');
    const edition = 'About Us, server edition';
    const dir = await variant(site, 'mfe-content', 'about', async (d) => {
      const browser = await replaceLiteral(d, 'About Us', JSON.stringify(edition));
      const server = await replaceLiteral(path.join(d, 'server'), 'About Us', JSON.stringify(edition));
      expect(browser, 'browser build changed').toBeGreaterThan(0);
      expect(server, 'Node build changed').toBeGreaterThan(0);
    });
    const version = `9.1.0-ssr.${RUN}`;
    await releaseOk(site, 'publish', 'mfe-content', '--dist', dir, '--version', version);
    try {
      const published = rootOf((await served(request, '/about')).html);
      expect(published).toContain(edition);
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition);

      await releaseOk(site, 'rollback', 'mfe-content', '--to', base);
      const rolledBack = rootOf((await served(request, '/about')).html);
      expect(rolledBack).not.toContain(edition);
      expect(rolledBack).toContain('About Us');
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    } finally {
      if ((await liveVersion(site, 'mfe-content')) !== base)
        await releaseOk(site, 'rollback', 'mfe-content', '--to', base);
    }
  });

  /** One route per remote, and a text only that remote's page shows. */
  const SECTIONS = [
    {
      remote: 'mfe-catalog',
      route: '/products',
      label: 'catalog',
      text: 'Our Products',
      served: 'Our Products',
    },
    // A visitor with no cart cookie: the server renders the empty cart, as the browser does.
    {
      remote: 'mfe-commerce',
      route: '/cart',
      label: 'commerce',
      text: 'Your Cart is Empty',
      served: 'Your Cart is Empty',
    },
    { remote: 'mfe-content', route: '/about', label: 'content', text: 'About Us', served: 'About Us' },
    { remote: 'mfe-careers', route: '/careers', label: 'careers', text: 'Careers', served: 'Careers' },
  ] as const;

  for (const section of SECTIONS) {
    test(`${section.remote}: a missing Node build costs only its section, which the browser renders`, async ({
      page,
      request,
      site,
    }) => {
      const base = await liveVersion(site, section.remote);
      const dir = await variant(site, section.remote, 'no-server', async (d) => {
        await fs.rm(path.join(d, 'server'), { recursive: true, force: true });
      });
      const version = `9.2.0-ssr.${RUN}.${section.label}`;
      // Published without its Node build on purpose: the release CLI refuses that unless told so.
      await releaseOk(site, 'publish', section.remote, '--dist', dir, '--version', version, '--client-only');
      try {
        const { status, html } = await served(request, section.route);
        expect(status).toBe(200);
        const root = rootOf(html);
        // The shell is rendered; the section is sent as its loading state, for the browser.
        expect(root).toContain('Skip to content');
        expect(root).toContain(`Loading the ${section.label} section`);
        await page.goto(section.route);
        await expect(page.locator(`[data-boundary="${section.label}"]`)).toContainText(section.text);
      } finally {
        await releaseOk(site, 'rollback', section.remote, '--to', base);
      }
    });

    test(`${section.remote}: a Node build that throws falls back to the last good version on the server`, async ({
      page,
      request,
      site,
    }) => {
      const base = await liveVersion(site, section.remote);
      const dir = await variant(site, section.remote, 'throws', async () => {});
      const version = `9.3.0-ssr.${RUN}.${section.label}`;
      await releaseOk(site, 'publish', section.remote, '--dist', dir, '--version', version);
      // The release CLI loads a Node build before it goes live and refuses one that throws; a build damaged once
      // published (a bad disk, a partial copy) is what the server itself must survive.
      const entry = path.join(site.releasesDir, section.remote, version, 'server', 'remoteEntry.js');
      await fs.writeFile(
        entry,
        `throw new Error('this Node build is broken');\n${await fs.readFile(entry, 'utf8')}`,
      );
      try {
        const { status, html } = await served(request, section.route);
        expect(status).toBe(200);
        expect(rootOf(html)).toContain(inHtml(section.served));
        // The browser starts from the version the server rendered: the same page, hydrated.
        const files: string[] = [];
        page.on('request', (r) => {
          const match = new URL(r.url()).pathname.match(/^\/remotes\/([^/]+)\/([^/]+)\//);
          if (match?.[1] === section.remote && match[2]) files.push(decodeURIComponent(match[2]));
        });
        await page.goto(section.route);
        await expect(page.locator(`[data-boundary="${section.label}"]`)).toContainText(section.text);
        expect(files).toContain(base);
        expect(files).not.toContain(version);
      } finally {
        await releaseOk(site, 'rollback', section.remote, '--to', base);
      }
    });
  }
});

test.describe('visitors', () => {
  test('two visitors rendered at the same time never see each other’s state', async ({ site }) => {
    const { createSiteServer } = await import('@metrology/site/server');
    const control = site.geoControlUrl;
    const indian = '203.0.113.77';
    const elsewhere = '198.51.100.23';
    await fetch(`${control}?ip=${indian}&country=IN`);
    await fetch(`${control}?ip=${elsewhere}&country=US`);
    const [product] = (await searchProducts(site, 'company=Tespa&sort=low-high&limit=1')).filter(
      (p) => p.price > 0,
    );
    if (!product) throw new Error('no priced Tespa product');
    // A site server of its own behind a "balancer" on loopback, so each request can name its visitor's address.
    const app = await createSiteServer({
      shellDir: path.join(ROOT, 'shell/dist'),
      releasesDir: site.releasesDir,
      apiPort: Number(new URL(site.apiUrl).port),
      publicApiUrl: site.apiUrl,
      geoUrl: `${new URL(control).origin}/json`,
      deliveryFee: 10,
      trustProxy: ['127.0.0.1'],
      // The stack's key (global-setup), as its own site server signs sessions and page tokens with.
      ...(process.env.RELEASE_SIGNING_KEY ? { releaseSigningKey: process.env.RELEASE_SIGNING_KEY } : {}),
      // Every request rendered for itself, at the same time as the others.
      pageCacheMs: 0,
      geoCacheMs: 60_000,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const visit = async (ip: string) => {
        const response = await fetch(`http://127.0.0.1:${port}/product/${product.slug}`, {
          headers: { 'X-Forwarded-For': ip },
        });
        return { ip, status: response.status, html: await response.text() };
      };
      // Each address asked once first (16 renders at once on a busy machine could outlast the lookup's short
      // timeout, which counts as "not Indian" by design); then all at once.
      await visit(indian);
      await visit(elsewhere);
      const pages = await Promise.all(
        Array.from({ length: 16 }, (_, i) => visit(i % 2 === 0 ? indian : elsewhere)),
      );
      const price = inHtml(formatPrice(product.price));
      for (const { ip, status, html } of pages) {
        expect(status).toBe(200);
        const data = JSON.parse(/id="shop-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
          state?: { geo?: { isIndianUser?: boolean }; auth?: { token?: unknown } };
        };
        expect(data.state?.auth?.token ?? null).toBeNull();
        if (ip === indian) {
          expect(data.state?.geo?.isIndianUser).toBe(true);
          expect(rootOf(html)).toContain('Send Enquiry');
          expect(rootOf(html)).not.toContain(price);
        } else {
          expect(data.state?.geo?.isIndianUser).toBe(false);
          expect(rootOf(html)).toContain(price);
          expect(rootOf(html)).not.toContain('Send Enquiry');
        }
      }
    } finally {
      await app.close();
    }
  });
});
