import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';
import type { OrderDetail } from '@metrology/shared';
import { DELIVERY_ADDRESS as ADDRESS, callApi, registerShopper, type Product } from '../support/shop-api';

// Checkout a shopper can trust: the order's own page after placing it, no dead ends on Back or
// after signing in, feedback that hides nothing on a phone, and focus on the new page's heading.

async function pricedProduct(site: Site, company = 'Mahr'): Promise<Product> {
  const { products } = await callApi<{ products: Product[] }>(
    site,
    `/api/product/search?company=${encodeURIComponent(company)}&limit=50&facets=false`,
  );
  const product = products.find((p) => p.price > 0 && p.price < 10000);
  if (!product) throw new Error(`no priced ${company} product`);
  return product;
}

/** What the browser holds before the first page load (set once per test, kept across reloads). */
async function seedBrowser(page: Page, state: { token?: string; guestCart?: Record<string, number> }) {
  await page.addInitScript((seed) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    if (seed.token) localStorage.setItem('token', seed.token);
    if (seed.guestCart) localStorage.setItem('guestCart', JSON.stringify(seed.guestCart));
  }, state);
}

/**
 * A returning buyer: a new account with the one saved address and `quantity` of a priced product of `company` in
 * its server cart, logged in in the browser; /place-order then has the address selected.
 */
async function returningBuyer(page: Page, site: Site, company: string, quantity: number) {
  const product = await pricedProduct(site, company);
  const shopper = await registerShopper(site, 'receipts');
  await callApi(site, '/api/address/save', { address: ADDRESS }, shopper.token);
  await callApi(site, '/api/cart/add', { itemId: product._id, quantity }, shopper.token);
  await seedBrowser(page, { token: shopper.token });
  return { product, shopper };
}

const money = (n: number) => `$${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n)}`;
const commerce = (page: Page) => page.locator('[data-boundary="commerce"]');
const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');
const scan = (page: Page) => expectNoA11yViolations(page, { exclude: ['.notistack-SnackbarContainer'] });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when `cover` (a floating thing) lies over any of `targets` as the page shows it now. */
async function expectNotCovering(cover: Locator, targets: Locator[], what: string) {
  const box = await cover.boundingBox();
  if (!box) return;
  for (const target of targets) {
    const under = await target.boundingBox();
    if (under) expect(overlap(box, under), `${what} covers ${String(target)}`).toBe(false);
  }
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
    });

    test('cash on delivery from the product page ends on the order page; Back shows no error', async ({
      page,
      site,
    }) => {
      // A whole journey with four accessibility scans.
      test.setTimeout(150_000);
      const product = await pricedProduct(site);
      const shopper = await registerShopper(site, 'receipts');
      await seedBrowser(page, { token: shopper.token });

      await page.goto(`/product/${product.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      await addToCart.click();
      const toast = toasts(page).locator('.notistack-Snackbar').filter({ hasText: 'Item Added to Cart' });
      await expect(toast).toBeVisible();
      await expect(page.getByTestId('cart-badge')).toHaveText('3');
      // Neither the toast nor the chat button lies over the cart badge or Add to Cart.
      await expectNotCovering(toast, [page.getByTestId('cart-badge'), addToCart], 'the toast');
      await expectNotCovering(page.locator('.shell-chat__launcher:visible'), [addToCart], 'the chat button');

      await toast.getByRole('link', { name: 'View cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(commerce(page).getByTestId('cart-line')).toHaveCount(1);
      await commerce(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/place-order$/);

      // The account's e-mail is filled in; the rest is typed.
      const section = commerce(page);
      await expect(section.getByLabel('Email Address')).toHaveValue(shopper.email);
      const labels: Record<string, string> = {
        'First Name': ADDRESS.firstName,
        'Last Name': ADDRESS.lastName,
        'Street Address': ADDRESS.street,
        City: ADDRESS.city,
        State: ADDRESS.state,
        'PIN Code': ADDRESS.zipcode,
        Country: ADDRESS.country,
        'Phone Number': ADDRESS.phone,
      };
      for (const [label, value] of Object.entries(labels)) await section.getByLabel(label).fill(value);
      await section.getByRole('button', { name: 'Save Address' }).click();
      await expect(toasts(page).getByText('Address saved successfully')).toBeVisible();
      const placeOrder = section.getByRole('button', { name: 'Place Order' });
      await placeOrder.scrollIntoViewIfNeeded();
      await expectNotCovering(page.locator('.shell-chat__launcher:visible'), [placeOrder], 'the chat button');
      const placed = page.waitForResponse((r) => r.url().endsWith('/api/order/place'));
      await placeOrder.click();
      const { orderId } = (await (await placed).json()) as { orderId: string };
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
      await expect(toasts(page).getByText('Order placed successfully!')).toBeVisible();

      // The receipt shows what the API computed: items + delivery fee = total.
      const { order } = await callApi<{ order: OrderDetail }>(
        site,
        `/api/order/${orderId}`,
        undefined,
        shopper.token,
      );
      const items = order.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
      // One order's answer always has its fee (NaN fails every check below if it did not).
      const fee = order.deliveryFee ?? Number.NaN;
      expect(order.amount).toBeCloseTo(items + fee, 2);
      expect(order.items).toEqual([expect.objectContaining({ price: product.price, quantity: 3 })]);
      await expect(section.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.number}`);
      await expect(section.getByTestId('receipt-items')).toHaveText(money(items));
      await expect(section.getByTestId('receipt-delivery')).toHaveText(money(fee));
      await expect(section.getByTestId('receipt-total')).toHaveText(money(order.amount));
      await expect(section.getByTestId('receipt-payment')).toHaveText(
        'Cash on Delivery: To be paid on delivery',
      );
      await expect(section.getByTestId('receipt-address')).toContainText(ADDRESS.street);
      await expect(section.getByTestId('receipt-address')).toContainText(shopper.email);
      await expect(section.getByTestId('order-timeline')).toContainText('Processing');
      await expect(section.getByTestId('order-card')).toContainText(product.name);
      await expect(page.getByTestId('cart-badge')).toHaveCount(0);
      await scan(page);

      // Back: the (now empty) cart, without an error.
      await page.goBack();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(commerce(page).getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: /empty|error|fail/i })).toHaveCount(0);
      await expect(
        toasts(page).getByText('Your cart is empty. Please add items before checkout.'),
      ).toHaveCount(0);

      // /orders lists the order with its number, total, status and a link to its page.
      await page.goto('/orders');
      const group = commerce(page).getByTestId('order-group');
      await expect(group).toHaveCount(1);
      await expect(group.getByRole('heading', { level: 2 })).toHaveText(`Order #${order.number}`);
      await expect(group.getByTestId('order-group-total')).toHaveText(money(order.amount));
      await expect(group.locator('.commerce-order-group__head').getByText('Processing')).toHaveClass(
        /commerce-status--processing/,
      );
      await expect(group.getByTestId('order-card')).toHaveCount(1);
      await scan(page);
      await group.getByRole('link', { name: `View order #${order.number}` }).click();
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
      await expect(commerce(page).getByRole('heading', { level: 1 })).toBeFocused();
    });

    test('a returning buyer: the one saved address is selected, Place Order once, the order page', async ({
      page,
      site,
    }) => {
      const { product } = await returningBuyer(page, site, 'Sylvac', 2);

      await page.goto('/place-order');
      const section = commerce(page);
      const saved = section.getByRole('group', { name: 'Saved addresses' });
      await expect(saved.getByRole('radio', { checked: true })).toHaveCount(1);
      await expect(saved.getByTestId('address-card')).toHaveClass(/commerce-address-card--selected/);
      const placed = page.waitForResponse((r) => r.url().endsWith('/api/order/place'));
      await section.getByRole('button', { name: 'Place Order' }).click();
      const { orderId } = (await (await placed).json()) as { orderId: string };
      await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
      await expect(section.getByTestId('receipt-total')).toHaveText(money(2 * product.price + 10));
      await expect(section.getByTestId('receipt-address')).toContainText(ADDRESS.street);
    });

    test('a guest who signs in from Proceed to Checkout lands on /place-order', async ({ page, site }) => {
      const product = await pricedProduct(site, 'Tespa');
      const shopper = await registerShopper(site, 'receipts');
      await seedBrowser(page, { guestCart: { [product._id]: 1 } });
      await page.goto('/cart');
      await commerce(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
      await dialog.getByLabel('Email').fill(shopper.email);
      await dialog.getByLabel('Password').fill(shopper.password);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/place-order$/);
      await expect(commerce(page).getByTestId('summary-item')).toContainText(product.name);
      await expect(commerce(page).getByLabel('Email Address')).toHaveValue(shopper.email);
    });
  });
}

test('an order whose answer is lost on the way is placed once: the retry carries the same Idempotency-Key', async ({
  page,
  site,
}) => {
  const { shopper } = await returningBuyer(page, site, 'Sylvac', 1);
  const sent: { key?: string; requestId?: string }[] = [];
  await page.route('**/api/order/place', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const headers = route.request().headers();
    sent.push({ key: headers['idempotency-key'], requestId: headers['x-request-id'] });
    if (sent.length > 1) return route.continue();
    // The first one reaches the real API, which places the order; then the connection drops before the
    // browser hears back, as when a proxy or the network fails after the write.
    const answered = await route.fetch();
    expect(answered.status()).toBe(200);
    return route.abort('connectionreset');
  });

  await page.goto('/place-order');
  const section = commerce(page);
  await expect(
    section.getByRole('group', { name: 'Saved addresses' }).getByRole('radio', { checked: true }),
  ).toHaveCount(1);
  await section.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/]+$/);
  // The shell sent the placement again by itself, with the same key and a request id of its own.
  expect(sent).toHaveLength(2);
  expect(sent[0]?.key).toMatch(/^key-[0-9a-f]{32}$/);
  expect(sent[1]?.key).toBe(sent[0]?.key);
  expect(sent[0]?.requestId).toMatch(/^web-[0-9a-f]{32}$/);
  expect(sent[1]?.requestId).not.toBe(sent[0]?.requestId);
  const { orders } = await callApi<{ orders: { _id: string }[] }>(
    site,
    '/api/order/userorders',
    {},
    shopper.token,
  );
  expect(orders).toHaveLength(1);
  expect(page.url()).toContain(`/orders/${orders[0]?._id ?? 'none'}`);
});

test('after /products -> a product page, focus is on the product heading', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products?company=Sylvac');
  const card = page.locator('[data-boundary="catalog"] .catalog-card').first();
  const name = (await card.locator('.catalog-card__name').textContent())?.trim() ?? '';
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/product\//);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(name);
  await expect(heading).toBeFocused();
  // A query change is not a new page: focus is not moved.
  await page.goto('/products');
  await page.getByRole('searchbox').first().fill('gauge');
  await expect(page.getByRole('searchbox').first()).toBeFocused();
});

test.describe('axe: no violations on any route, the order page included', () => {
  let shopper: { token: string };
  let product: Product;
  let orderId = '';
  test.beforeAll(async ({ stack: site }) => {
    product = await pricedProduct(site);
    shopper = await registerShopper(site, 'receipts');
    ({ orderId } = await callApi<{ orderId: string }>(
      site,
      '/api/order/place',
      { address: ADDRESS, items: [{ _id: product._id, quantity: 1 }] },
      shopper.token,
    ));
    // Something in the cart for /cart and /place-order.
    await callApi(site, '/api/cart/add', { itemId: product._id, quantity: 1 }, shopper.token);
  });

  const ROUTES = [
    '/',
    '/about',
    '/calibration',
    '/clients',
    '/news',
    '/testimonial',
    '/contact',
    '/products',
    '/collection',
    '/product/:slug',
    '/cart',
    '/place-order',
    '/orders',
    '/orders/:orderId',
    '/careers',
    '/releases',
    '/no/such/page',
  ];
  for (const route of ROUTES) {
    test(route, async ({ page }) => {
      test.setTimeout(90_000);
      await seedBrowser(page, { token: shopper.token });
      await page.goto(route.replace(':slug', product.slug).replace(':orderId', orderId));
      // A section loads its code and then its data: on a busy machine that can take a while.
      await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
      // Scanned once loaded: no skeleton or spinner left.
      await expect(page.locator('main [aria-busy="true"][role="status"], main .ms-spinner')).toHaveCount(0);
      await expectNoA11yViolations(page, { exclude: ['.notistack-SnackbarContainer'], bestPractices: true });
    });
  }
});
