import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

/** CSP refusals Chromium reports on the console while the page runs. */
function cspRefusals(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) lines.push(message.text());
  });
  return lines;
}

test.describe('site security headers', () => {
  test('every page carries a strict CSP with a fresh nonce on its scripts and frame-ancestors none', async ({
    page,
  }) => {
    const first = await page.goto('/products');
    const policy = first?.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("'unsafe-eval'");
    // The page's own script tags carry it; what they load later is trusted through 'strict-dynamic'.
    const html = (await first?.text()) ?? '';
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await page.goto('/about');
    expect(second?.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
    expect(second?.headers()['x-request-id']).toMatch(/^[A-Za-z0-9._:-]+$/);
  });

  test('an inline script injected into a page is blocked and the shop still works', async ({
    page,
    site,
  }) => {
    test.setTimeout(150_000);
    const refusals = cspRefusals(page);
    // What a stored or reflected XSS would do: markup with an inline script and an inline handler in the page.
    const productsPage = (url: URL) => url.pathname === '/products';
    await page.route(productsPage, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '<body>',
        '<body><script>window.__injected = "script ran"</script><img src="/none.png" alt="" onerror="window.__handler = \'handler ran\'">',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/products');
    const catalog = page.locator('[data-boundary="catalog"]');
    await expect(catalog.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(catalog.locator('[data-testid="section-fallback"]')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
    ).toBeUndefined();
    expect(
      await page.evaluate(() => (window as unknown as { __handler?: string }).__handler),
    ).toBeUndefined();
    expect(refusals.some((line) => line.includes('inline script'))).toBe(true);
    expect(refusals.some((line) => line.includes('inline event handler'))).toBe(true);

    // The shop under its CSP: pages of every remote, product images from the API, the cart, with no refusal.
    refusals.length = 0;
    await page.unroute(productsPage);
    const pages: [string, string][] = [
      ['/', 'content'],
      ['/products', 'catalog'],
      ['/about', 'content'],
      ['/contact', 'content'],
      ['/testimonial', 'content'],
      ['/careers', 'careers'],
      ['/cart', 'commerce'],
    ];
    for (const [path, section] of pages) {
      // Not 'load': third-party embeds (maps, videos) cannot load offline and would hold it back.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const region = page.locator(`[data-boundary="${section}"]`);
      await expect(region).toBeVisible();
      await expect(region.locator('h1').first()).toBeAttached();
      await expect(region.locator('[data-testid="section-fallback"]')).toHaveCount(0);
    }
    const { products } = (await (await fetch(`${site.apiUrl}/api/product/list?limit=1`)).json()) as {
      products: { slug: string }[];
    };
    await page.goto(`/product/${products[0]!.slug}`, { waitUntil: 'domcontentloaded' });
    // The product's images come from the API's origin (img-src allows it) and really load.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.images]
            .filter((img) => img.complete && img.naturalWidth > 0)
            .map((img) => img.currentSrc),
        ),
      )
      .toContainEqual(expect.stringMatching(new RegExp(`^${site.apiUrl}/images/`)));
    expect(refusals).toEqual([]);
  });

  test('no other site can frame the shop', async ({ page, site }) => {
    const framedResponse = page.waitForResponse((r) => r.url() === `${site.url}/products`);
    // Another origin (this blank page's) frames the shop; setContent waits for the frame to load or be refused.
    await page.setContent(`<iframe title="shop" src="${site.url}/products"></iframe>`, { waitUntil: 'load' });
    expect((await framedResponse).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed).toBeDefined();
    // The shop's page (its #root) never renders inside the frame.
    expect(await framed!.locator('#root').count()).toBe(0);
  });

  test("the API allows the site's own origin only", async ({ site }) => {
    const ask = (origin: string) =>
      fetch(`${site.apiUrl}/api/product/list?limit=1`, { headers: { origin } }).then((r) =>
        r.headers.get('access-control-allow-origin'),
      );
    expect(await ask(site.url)).toBe(site.url);
    expect(await ask('https://evil.example')).toBeNull();
  });
});
