import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { rootOf } from '../support/served';
import { searchProducts } from '../support/shop-api';

/**
 * The first visit: the page paints from its HTML and CSS, scripts come after, and nothing a shopper
 * does before the page has hydrated is lost; the server knows the cart from its cookie.
 */

/** The served HTML's cart badge: its number, or 0 when the badge is not rendered. */
function badgeInHtml(html: string): number {
  const match = /data-testid="cart-badge"[^>]*>([^<]*)</.exec(html);
  return match ? Number(match[1]) : 0;
}

test.describe('before the scripts', () => {
  test('the head holds no script file and no script preload, only the inline early-input script: the CSS and the LCP image come first', async ({
    request,
    site,
  }) => {
    const [product] = await searchProducts(site, 'company=Mahr&limit=1');
    if (!product) throw new Error('no product');
    for (const route of ['/', '/products', `/product/${product.slug}`, '/cart', '/about', '/careers']) {
      const html = await (await request.get(route)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, route).toContain('rel="stylesheet"');
      // One inline script ahead of the stylesheets: the one that holds a shopper's input until hydration.
      const scripts = head.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
      expect(scripts, route).toHaveLength(1);
      expect(scripts[0], route).not.toContain('src=');
      expect(head.indexOf('__shopEarly'), route).toBeLessThan(head.indexOf('rel="stylesheet"'));
      expect(head, route).not.toContain('as="script"');
    }
    const productHtml = await (await request.get(`/product/${product.slug}`)).text();
    expect(productHtml.slice(0, productHtml.indexOf('</head>'))).toMatch(
      /<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/,
    );
  });

  test('a /collection box ticked before the page hydrated ends ticked, with the list filtered', async ({
    page,
  }) => {
    // The shell's entry is held back until the box is ticked: the click lands on the server's HTML.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not 'load': the held entry script keeps the load event from firing.
    await page.goto('/collection', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('checkbox', { name: /^Calipers \(\d+\)$/ });
    await box.click();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(box).toBeChecked();
    await expect(page).toHaveURL(/categories=Calipers/);
    // The list is the filtered one: its total is the box's count.
    const label = (await box.evaluate((input) => input.closest('label')?.textContent)) ?? '';
    const total = Number(/\(([\d,]+)\)/.exec(label)?.[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    await expect(
      page.getByText(new RegExp(`^Showing \\d+ of ${total.toLocaleString('en-US')} products$`)),
    ).toBeVisible();
    // A click after hydration still works as before.
    await box.click();
    await expect(box).not.toBeChecked();
    await expect(page).not.toHaveURL(/categories=/);
  });
});

async function addToCart(page: Page, slug: string, quantity: number): Promise<void> {
  await page.goto(`/product/${slug}`);
  for (let n = 1; n < quantity; n += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item Added to Cart')).toBeVisible();
}

test.describe('the server knows the cart', () => {
  test('the served badge equals the hydrated one, and /cart lists the lines in the HTML', async ({
    page,
    site,
  }) => {
    const products = (await searchProducts(site, 'company=Mahr&limit=10')).filter((p) => p.price > 0);
    const [first, second] = products;
    if (!first || !second) throw new Error('need two priced Mahr products');
    await addToCart(page, first.slug, 2);
    await addToCart(page, second.slug, 3);

    for (const route of ['/', '/cart', '/about']) {
      const served = await (await page.context().request.get(route)).text();
      expect(badgeInHtml(served), route).toBe(5);
      await page.goto(route);
      await expect(page.getByTestId('cart-badge')).toHaveText('5');
    }
    const cartHtml = await (await page.context().request.get('/cart')).text();
    const root = rootOf(cartHtml);
    expect(root).toContain(first.name.replace(/&/g, '&amp;'));
    expect(root).toContain(second.name.replace(/&/g, '&amp;'));
    expect(root).not.toContain('Loading your cart');
  });

  test('the cookie authorises nothing: a forged one only changes what this visitor sees', async ({
    browser,
    site,
  }) => {
    const [product] = (await searchProducts(site, 'company=Sylvac&limit=5')).filter((p) => p.price > 0);
    if (!product) throw new Error('no priced Sylvac product');
    const context = await browser.newContext({ baseURL: site.url });
    const host = new URL(site.url).hostname;
    await context.addCookies([
      { name: 'shop_cart', value: `${product._id}:4.nonsense:9`, domain: host, path: '/' },
    ]);
    const served = await (await context.request.get('/')).text();
    expect(badgeInHtml(served)).toBe(4);
    // The browser's own cart (empty here) is the authority once the page is live, and rewrites the cookie.
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'shop_cart'))
      .toBe(false);
    await context.close();
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/cart shows the cart lines from the cookie, or the empty cart', async ({ page, site }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();

    const [product] = (await searchProducts(site, 'company=Tespa&limit=5')).filter((p) => p.price > 0);
    if (!product) throw new Error('no priced Tespa product');
    await page
      .context()
      .addCookies([
        { name: 'shop_cart', value: `${product._id}:3`, domain: new URL(site.url).hostname, path: '/' },
      ]);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(product.name);
    await expect(page.getByTestId('cart-badge')).toHaveText('3');
  });
});

test.describe('hydration', () => {
  const routes = [
    '/',
    '/about',
    '/products',
    '/products?company=Mahr',
    '/product/:slug',
    '/collection',
    '/calibration',
    '/clients',
    '/careers',
    '/testimonial',
    '/news',
    '/contact',
    '/cart',
    '/place-order',
    '/orders',
    '/verify',
    '/no-such-page',
  ];
  // One test a route: each page load and hydration has the test's time to itself on a busy machine.
  for (const route of routes) {
    test(`no React hydration error on ${route}`, async ({ page, site }) => {
      let url = route;
      if (route === '/product/:slug') {
        const [product] = await searchProducts(site, 'company=Tespa&limit=1');
        if (!product) throw new Error('no Tespa product');
        url = `/product/${product.slug}`;
      }
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /#418|#419|#423|#425|hydrat|did not match/i.test(m.text()))
          errors.push(m.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url);
      await expect(page.locator('main')).toBeVisible();
      // What is tested here is hydration itself, so this waits for it (no action follows).
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      expect(errors).toEqual([]);
    });
  }
});
