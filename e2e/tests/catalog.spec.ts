import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { searchProducts, type Product } from '../support/shop-api';

/** A product from the real API: the cheapest priced one of a company (sort low-high puts price 0 last). */
async function pricedProduct(site: Site, company: string): Promise<Product> {
  const [product] = await searchProducts(
    site,
    `company=${encodeURIComponent(company)}&sort=low-high&limit=1`,
  );
  if (!product || product.price <= 0) throw new Error(`No priced ${company} product in the seed`);
  return product;
}

const companyHeadings = (page: Page) => page.locator('.catalog-company > h2');
const cardPrices = (page: Page) => page.locator('.catalog-collection__results .catalog-card .ms-price__now');

/** '$1,250' -> 1250, '$1.42 Lac' -> 142000 */
function priceValue(text: string): number {
  const lac = /\$([\d.]+) Lac/.exec(text);
  if (lac) return Math.round(Number(lac[1]) * 100000);
  return Number(text.replace(/[$,]/g, ''));
}

test.describe('products', () => {
  test('a company link filters, the URL keeps the filters through reload and back/forward', async ({
    page,
  }) => {
    // The header's Products dropdown (shell) links here; the lead wires that step.
    await page.goto('/products?company=Sylvac');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sylvac Products');
    await expect(companyHeadings(page)).toHaveText(['Sylvac']);
    await expect(page.getByLabel('Company')).toHaveValue('Sylvac');
    await expect(page.locator('.catalog-card').first()).toBeVisible();
    await expectNoA11yViolations(page);

    await page.reload();
    await expect(companyHeadings(page)).toHaveText(['Sylvac']);
    await expect(page.getByLabel('Company')).toHaveValue('Sylvac');

    await page.getByLabel('Company').selectOption('Tespa');
    await expect(page).toHaveURL(/\/products\?company=Tespa$/);
    await page.getByLabel('Category').selectOption('Height Gauge');
    await expect(page).toHaveURL(/company=Tespa&category=Height\+Gauge/);
    await expect(page.locator('.catalog-category > h3')).toHaveText(['Height Gauge']);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\?company=Tespa$/);
    await expect(page.getByLabel('Category')).toHaveValue('');
    await expect(page.locator('.catalog-category > h3')).toHaveText([
      'Coordinate Measuring Machine',
      'Height Gauge',
      'Video Measuring Machine',
    ]);
    await page.goBack();
    await expect(page.getByLabel('Company')).toHaveValue('Sylvac');
    await expect(companyHeadings(page)).toHaveText(['Sylvac']);
    await page.goForward();
    await expect(page.getByLabel('Company')).toHaveValue('Tespa');
    await expect(companyHeadings(page)).toHaveText(['Tespa']);
  });

  test('search goes into the URL and survives a reload', async ({ page }) => {
    await page.goto('/products');
    await expect(companyHeadings(page).first()).toHaveText('Tespa');
    await page.getByLabel('Search products').fill('micrometer');
    await expect(page).toHaveURL(/\/products\?q=micrometer$/);
    // Results settle (the previous ones stay, dimmed, while the search runs): far fewer than the catalogue.
    const count = page.locator('.catalog-results-count');
    await expect
      .poll(async () => Number(/^(\d+) products?$/.exec((await count.textContent()) ?? '')?.[1] ?? 1000))
      .toBeLessThan(20);
    const names = await page.locator('.catalog-card__name').allTextContents();
    expect(names.some((n) => n.toLowerCase().includes('micrometer'))).toBe(true);
    await page.reload();
    await expect(page.getByLabel('Search products')).toHaveValue('micrometer');
    await page.getByLabel('Search products').fill('no such instrument anywhere');
    await expect(page.getByText('No products found matching your criteria.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByLabel('Search products')).toHaveValue('');
    await expect(companyHeadings(page).first()).toHaveText('Tespa');
  });

  test('a company with no products shows its empty message', async ({ page }) => {
    await page.goto('/products?company=Nobody');
    await expect(page.getByText('No products found for this company.')).toBeVisible();
  });
});

test.describe('product page', () => {
  test('opening a product: head data, breadcrumb, gallery, tabs, related, and the head is cleaned up after', async ({
    page,
  }) => {
    await page.goto('/products?company=Tespa&category=Coordinate%20Measuring%20Machine');
    const card = page.locator('.catalog-card').first();
    const name = (await card.locator('.catalog-card__name').textContent()) ?? '';
    await card.click();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} | Tespa`);
    const slug = new URL(page.url()).pathname.split('/').pop();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/product/${slug}$`),
    );
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'Product', name, brand: { name: 'Tespa' } });

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Products', name]);

    const main = page.locator('.catalog-gallery__image');
    const first = await main.getAttribute('src');
    await page.getByRole('button', { name: 'Show image 2 of 3' }).click();
    await expect(main).not.toHaveAttribute('src', first ?? '');
    await expect(page.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('tab', { name: 'Description' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Specifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').locator('tr').first()).toContainText('Model');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();

    const related = page.getByRole('region', { name: 'Related Products' });
    const relatedCount = await related.locator('.catalog-card').count();
    expect(relatedCount).toBeGreaterThan(0);
    expect(relatedCount).toBeLessThanOrEqual(5);
    await expectNoA11yViolations(page);

    await crumbs.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/);
    await expect(page).not.toHaveTitle(new RegExp(name));
  });

  test('Add to Cart puts the chosen quantity into the shared cart (header badge), kept on reload', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Sylvac');
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.locator('[data-testid="cart-badge"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Item Added to Cart')).toBeVisible();
    await expect(page.locator('[data-testid="cart-badge"]')).toHaveText('3');
    await page.reload();
    await expect(page.locator('[data-testid="cart-badge"]')).toHaveText('3');
  });

  test('an unknown slug shows a clear not-found state', async ({ page }) => {
    await page.goto('/product/no-such-product');
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Browse all products' })).toHaveAttribute(
      'href',
      '/products',
    );
    await expectNoA11yViolations(page);
  });
});

test.describe('enquiry (Indian visitor)', () => {
  test('no prices or cart, Send Enquiry with validation, then a real submit', async ({ page, site }) => {
    await site.setCountry('IN');
    const product = await pricedProduct(site, 'Tespa');
    await page.goto(`/product/${product.slug}`);
    const send = page.getByRole('button', { name: 'Send Enquiry' });
    await expect(send).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(page.locator('.catalog-product__info .ms-price')).toHaveCount(0);
    await expect(page.locator('.shell-cart')).toHaveCount(0);

    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Send Enquiry' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
    await expectNoA11yViolations(page);

    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Mobile number is required')).toBeVisible();
    await expect(dialog.getByText('Country is required')).toBeVisible();
    await expect(page.getByText('Please correct the errors in the form')).toBeVisible();
    await expectNoA11yViolations(page);

    await dialog.getByLabel('Email').fill('buyer@');
    await expect(dialog.getByText('Email is required')).toHaveCount(0);
    await dialog.getByLabel('Mobile Number').fill('12');
    await dialog.getByLabel('Quantity').fill('0');
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid quantity')).toBeVisible();

    await dialog.getByLabel('Email').fill('buyer@example.com');
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByLabel('Mobile Number').fill('+91 98765 43210');
    await dialog.getByLabel('Country').fill('India');
    await dialog.getByLabel(/Requirement Details/).fill('Two units, NABL certificates please.');
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/enquiry/submit'));
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    const response = await submitted;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      productId: product._id,
      productName: product.name,
      email: 'buyer@example.com',
      quantity: 2,
      mobileNo: '+91 98765 43210',
      country: 'India',
    });
    await expect(page.getByText('Enquiry submitted successfully! We will contact you soon.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(send).toBeFocused();
  });

  test('logged in: the enquiry carries userId; Escape closes and focus returns', async ({ page, site }) => {
    await site.setCountry('IN');
    const email = `enquirer-${Date.now()}@example.com`;
    const registered = (await (
      await fetch(`${site.apiUrl}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Enquirer', email, password: 'a-long-password-1' }),
      })
    ).json()) as { token: string };
    await page.addInitScript((token) => localStorage.setItem('token', token), registered.token);
    const product = await pricedProduct(site, 'Mahr');
    await page.goto(`/product/${product.slug}`);
    const send = page.getByRole('button', { name: 'Send Enquiry' });
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Send Enquiry' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(send).toBeFocused();

    await send.click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Mobile Number').fill('9876543210');
    await dialog.getByLabel('Country').fill('India');
    const submitted = page.waitForRequest((r) => r.url().endsWith('/api/enquiry/submit'));
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    const request = await submitted;
    expect(request.postDataJSON()).toMatchObject({ userId: registered.token, quantity: 1 });
    expect(request.headers().token).toBe(registered.token);
    await expect(page.getByText('Enquiry submitted successfully! We will contact you soon.')).toBeVisible();
  });
});

test.describe('collection', () => {
  test('filters, sort, load more and the shared search', async ({ page }) => {
    // Many steps, each waiting on the server: more time than one page's test on a busy machine.
    test.slow();
    await page.goto('/collection');
    await expect(page.locator('.catalog-collection__results .catalog-card')).toHaveCount(24);
    await expect(page.getByText(/^Showing 24 of \d+ products$/)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.locator('.catalog-collection__results .catalog-card')).toHaveCount(48);

    await page.getByLabel('Sort by').selectOption('low-high');
    await expect(page).toHaveURL(/sort=low-high/);
    await expect(page.getByText(/^Showing 24 of/)).toBeVisible();
    const ascending = (await cardPrices(page).allTextContents()).map(priceValue);
    expect(ascending.length).toBeGreaterThan(10);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await page.getByLabel('Sort by').selectOption('high-low');
    await expect(page).toHaveURL(/sort=high-low/);
    await expect
      .poll(async () => priceValue((await cardPrices(page).first().textContent()) ?? '0'))
      .toBeGreaterThan(ascending[ascending.length - 1] ?? 0);
    const descending = (await cardPrices(page).allTextContents()).map(priceValue);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // The boxes list the catalogue's categories (DESIGN.md); ticking one shows only it, then back.
    // The URL drives the checkbox and the router applies it in a transition: click, then wait for the state.
    const calipers = page.getByRole('checkbox', { name: /^Calipers \(\d+\)$/ });
    await calipers.click();
    await expect(calipers).toBeChecked();
    await expect(page).toHaveURL(/categories=Calipers/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /^Calipers/ })).toBeChecked();
    await page.getByRole('checkbox', { name: /^Calipers/ }).click();
    await expect(page).not.toHaveURL(/categories=/);
    await expect(page.getByRole('checkbox', { name: /^Calipers/ })).not.toBeChecked();
    await expect(page.locator('.catalog-collection__results .catalog-card')).toHaveCount(24);

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('caliper');
    await expect(page.locator('.catalog-collection__results .catalog-card').first()).toBeVisible();
    await expect
      .poll(async () =>
        (await page.locator('.catalog-collection__results .catalog-card__name').allTextContents()).every(
          (n) => n.toLowerCase().includes('caliper'),
        ),
      )
      .toBe(true);
    await expectNoA11yViolations(page);
  });

  test('on a phone the filter panel is collapsed behind Filters', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/collection');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('checkbox', { name: /^Calipers/ })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('checkbox', { name: /^Calipers/ })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggle).toBeHidden();
  });
});
