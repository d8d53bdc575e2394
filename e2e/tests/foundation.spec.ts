import { REMOTE_NAMES, type RemoteName } from '@metrology/shared/release';
import { test, expect, expectNoA11yViolations } from '../support/fixtures';

/** Every route of SPEC section 2 and the remote that owns it. */
const ROUTES: { path: string; remote: RemoteName }[] = [
  { path: '/', remote: 'mfe-content' },
  { path: '/about', remote: 'mfe-content' },
  { path: '/calibration', remote: 'mfe-content' },
  { path: '/clients', remote: 'mfe-content' },
  { path: '/news', remote: 'mfe-content' },
  { path: '/testimonial', remote: 'mfe-content' },
  { path: '/contact', remote: 'mfe-content' },
  { path: '/products', remote: 'mfe-catalog' },
  { path: '/collection', remote: 'mfe-catalog' },
  { path: '/product/no-such-product', remote: 'mfe-catalog' },
  { path: '/cart', remote: 'mfe-commerce' },
  { path: '/place-order', remote: 'mfe-commerce' },
  { path: '/orders', remote: 'mfe-commerce' },
  // Without an order id /verify sends the visitor to / (SPEC); with one (and no session) it asks to log in.
  { path: '/verify?success=true&orderId=000000000000000000000000', remote: 'mfe-commerce' },
  { path: '/careers', remote: 'mfe-careers' },
];

test.describe('composition', () => {
  for (const { path, remote } of ROUTES) {
    test(`${path} is rendered by ${remote}`, async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(path);
      const section = remote.replace('mfe-', '');
      const region = page.locator(`[data-boundary="${section}"]`);
      await expect(region).toBeVisible();
      await expect(region.locator('[data-testid="section-fallback"]')).toHaveCount(0);
      await expect(region.locator('h1').first()).toBeAttached();
      expect(requested.some((p) => p.startsWith(`/remotes/${remote}/`))).toBe(true);
      // The other remotes' files are not needed for this page.
      const others = REMOTE_NAMES.filter((r) => r !== remote);
      for (const other of others) {
        expect(requested.filter((p) => p.startsWith(`/remotes/${other}/`) && p.endsWith('.js'))).toEqual([]);
      }
    });
  }

  test('/verify without an order id goes to /', async ({ page }) => {
    await page.goto('/verify?success=true');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown route shows the not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectNoA11yViolations(page);
  });
});

test.describe('failure isolation', () => {
  test('a remote answering 503 shows its fallback with Retry while the rest works', async ({ page }) => {
    let failing = true;
    await page.route('**/remotes/mfe-careers/**', (route) =>
      failing ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
    );
    await page.goto('/careers');
    const fallback = page.locator('[data-boundary="careers"] [data-testid="section-fallback"]');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Another section still works, in the same page.
    await page.getByRole('banner').getByRole('link', { name: 'Clients' }).first().click();
    await expect(page.locator('[data-boundary="content"] h1').first()).toBeVisible();

    // Back to careers: once the files answer again, Retry brings the section in.
    await page.goBack();
    await expect(fallback).toBeVisible();
    failing = false;
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-boundary="careers"] h1').first()).toBeVisible();
    await expect(page.locator('[data-testid="section-fallback"]')).toHaveCount(0);
  });
});

test.describe('products', () => {
  test('the seeded catalogue is grouped by company in SPEC order, with formatted prices', async ({
    page,
  }) => {
    await page.goto('/products');
    const companies = page.locator('.catalog-company > h2');
    await expect(companies.first()).toBeVisible();
    const names = await companies.allTextContents();
    expect(names.slice(0, 3)).toEqual(['Tespa', 'Inprocess Gauging', 'Sylvac']);
    expect(names).toEqual(expect.arrayContaining(['Mahr', 'SCANTECH 3D']));
    const prices = await page.locator('.catalog-card .ms-price__now').allTextContents();
    expect(prices.length).toBeGreaterThan(20);
    for (const price of prices)
      expect(price).toMatch(/^(\$[\d,]+(\.\d+)?|\$\d+\.\d{2} Lac|Enquire for price)$/);
    expect(prices.some((p) => p.endsWith('Lac'))).toBe(true);
    expect(prices).toContain('Enquire for price');
    expect(await page.locator('.catalog-card img').count()).toBe(prices.length);
    await expectNoA11yViolations(page);
  });

  test('choosing a company updates the URL, Tespa shows its categories', async ({ page }) => {
    await page.goto('/products');
    await page.getByLabel('Company').selectOption('Tespa');
    await expect(page).toHaveURL(/company=Tespa/);
    await expect(page.getByLabel('Category')).toBeVisible();
    await page.getByLabel('Category').selectOption('Height Gauge');
    await expect(page.locator('.catalog-category > h3')).toHaveText(['Height Gauge']);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByLabel('Category')).toHaveCount(0);
  });
});
