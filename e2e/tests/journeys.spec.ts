import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from '../support/fixtures';

// Whole journeys across sections: the shell's header and login dialog, the catalog's product page and the
// commerce pages, each section loaded from its own published remote, sharing one store.

const banner = (page: Page) => page.getByRole('banner');
const catalog = (page: Page) => page.locator('[data-boundary="catalog"]');
const commerce = (page: Page) => page.locator('[data-boundary="commerce"]');
const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');

const ADDRESS: Record<string, string> = {
  'First Name': 'Meera',
  'Last Name': 'Iyer',
  'Email Address': 'meera.iyer@example.com',
  'Street Address': '7 Industrial Estate, Guindy',
  City: 'Chennai',
  State: 'Tamil Nadu',
  'PIN Code': '600032',
  Country: 'India',
  'Phone Number': '+91 98400 55555',
};

test('header dropdown to a company, a product, Add to Cart and the badge', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const products = banner(page).getByRole('button', { name: 'Products' });
  await products.click();
  await page.getByRole('link', { name: /^Sylvac / }).click();
  await expect(page).toHaveURL(/\/products\?company=Sylvac$/);
  const companies = catalog(page).locator('.catalog-company > h2');
  await expect(companies).toHaveText(['Sylvac']);

  // The first priced product of the list.
  const card = catalog(page)
    .locator('.catalog-card')
    .filter({ has: page.locator('.ms-price__now', { hasText: '$' }) })
    .first();
  const name = (await card.locator('.catalog-card__name').textContent())?.trim() ?? '';
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toasts(page).getByText('Item Added to Cart')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  // The commerce section sees the same cart at once.
  await banner(page).getByRole('link', { name: /^Cart/ }).click();
  await expect(commerce(page).getByTestId('cart-line')).toHaveCount(1);
  await expect(commerce(page).getByTestId('cart-line')).toContainText(name);
});

test('a guest cart, the login dialog at checkout, a new address, cash on delivery, the order after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Choose as a guest: a priced Mahr product.
  await page.goto('/products?company=Mahr');
  const card = catalog(page)
    .locator('.catalog-card')
    .filter({ has: page.locator('.ms-price__now', { hasText: '$' }) })
    .first();
  const name = (await card.locator('.catalog-card__name').textContent())?.trim() ?? '';
  await card.getByRole('link').click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  // Checkout as a guest asks to log in; the shell's dialog opens.
  await page.goto('/cart');
  await commerce(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(toasts(page).getByText('Please login to proceed with checkout')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create new account' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await dialog.getByLabel('Name').fill('Meera Iyer');
  await dialog.getByLabel('Email').fill(`journey-${Date.now()}@example.com`);
  await dialog.getByLabel('Password').fill('vernier-scale-7');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).getByText('Account created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Nothing the guest chose is lost: the server cart has it; signing in went on to checkout.
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page).toHaveURL(/\/place-order$/);
  const section = commerce(page);
  for (const [label, value] of Object.entries(ADDRESS)) await section.getByLabel(label).fill(value);
  await section.getByRole('button', { name: 'Save Address' }).click();
  await expect(toasts(page).getByText('Address saved successfully')).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expectNoA11yViolations(page);
  await section.getByRole('button', { name: 'Place Order' }).click();
  await expect(toasts(page).getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  await page.reload();
  const cards = section.getByTestId('order-card');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(name);
  await expect(cards).toContainText('Cash on Delivery');

  // The user menu leads to My Orders; Logout goes home and empties the cart.
  await banner(page)
    .getByRole('button', { name: /^Account/ })
    .click();
  await expect(banner(page).getByRole('link', { name: 'My Orders' })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
