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
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    const second = await page.goto('/about');
    expect(second?.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
    expect(second?.headers()['x-request-id']).toMatch(/^[A-Za-z0-9._:-]+$/);
  });

  test('an inline script injected into a page is blocked and the shop still works', async ({ page }) => {
    const refusals = cspRefusals(page);
    // What a stored or reflected XSS would do: markup with an inline script and an inline handler in the page.
    await page.route(
      (url) => url.pathname === '/products',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '<body>',
          '<body><script>window.__injected = "script ran"</script><img src="/none.png" alt="" onerror="window.__handler = \'handler ran\'">',
        );
        await route.fulfill({ response, body: html });
      },
    );
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
    await page.unroute((url) => url.pathname === '/products');
    for (const path of ['/', '/products', '/about', '/contact', '/testimonial', '/careers', '/cart']) {
      await page.goto(path);
      await expect(page.locator('[data-testid="section-fallback"]')).toHaveCount(0);
      await expect(page.locator('main h1, [data-boundary] h1').first()).toBeVisible();
    }
    await page.goto('/products');
    await page.locator('[data-boundary="catalog"] a[href^="/product/"]').first().click();
    await expect(page.locator('[data-boundary="catalog"] img').first()).toBeVisible();
    expect(refusals).toEqual([]);
  });

  test('no other site can frame the shop', async ({ page, site }) => {
    const refusals = cspRefusals(page);
    await page.goto(`${site.apiUrl}/api/health`);
    await page.setContent(`<iframe title="shop" src="${site.url}/products"></iframe>`);
    await expect.poll(() => refusals.some((line) => line.includes('frame-ancestors'))).toBe(true);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await framed?.locator('#root').count()).toBe(0);
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
