import type { Page } from '@playwright/test';
import { loginAs, STAFF } from '../support/back-office-accounts';
import { test, expect, expectNoA11yViolations } from '../support/fixtures';
import { caughtMail, linkIn } from '../support/mail';
import { callApi, registerShopper, type Product } from '../support/shop-api';

// The shop's mail against the built site and API, with a real SMTP server (the run's mail catcher) receiving what the
// API's sender delivers from the outbox: verification, password reset, order confirmation and a staff move.

const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');
const money = (n: number) => `$${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n)}`;

async function openLoginDialog(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login / Register' }).click();
  return page.getByRole('dialog', { name: 'Welcome Back!' });
}

test.describe('e-mail', () => {
  test('sign up, open the verification link from the caught e-mail: verified, and the sign-up session and password end', async ({
    page,
    site,
  }) => {
    const email = `verify-${Date.now()}@example.com`;
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Create new account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    await signUp.getByLabel('Name').fill('Vera Verify');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('dial-indicator-9');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(toasts(page).getByText('Account created successfully!')).toBeVisible();

    // Before the link: the account menu offers to send it again.
    await page.getByRole('button', { name: 'Account, logged in' }).click();
    await expect(page.getByRole('button', { name: 'Resend verification' })).toBeVisible();
    await page.keyboard.press('Escape');

    const mail = await caughtMail(site, email, /^Please confirm your e-mail address$/);
    expect(mail.html).toContain('Confirm my e-mail address');
    await page.goto(linkIn(mail, '/verify-email?token='));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your e-mail address is verified' }),
    ).toBeVisible();
    // The token left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expectNoA11yViolations(page, { exclude: ['.notistack-SnackbarContainer'] });

    // Proving the address ends the sessions made before it, and the sign-up password (which whoever
    // registered chose) no longer logs in; the page and the login say to choose one with "Forgot password?".
    await expect(page.getByRole('status').filter({ hasText: 'Forgot password?' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const before = await fetch(`${site.apiUrl}/api/cart/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token ?? '' },
      body: '{}',
    });
    expect(before.status).toBe(401);
    const login = await fetch(`${site.apiUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'dial-indicator-9' }),
    });
    expect(login.status).toBe(403);
    expect(((await login.json()) as { message: string }).message).toContain('Forgot password?');
  });

  test('forget the password, reset it from the caught link, log in with the new one; the old one fails', async ({
    page,
    site,
  }) => {
    const shopper = await registerShopper(site, 'reset');
    await page.goto('/products');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    await forgot.getByLabel('Email').fill(shopper.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(forgot.getByRole('status')).toContainText('If an account uses this e-mail address');
    await page.keyboard.press('Escape');

    const mail = await caughtMail(site, shopper.email, /^Reset your password$/);
    await page.goto(linkIn(mail, '/reset-password?token='));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoA11yViolations(page, { exclude: ['.notistack-SnackbarContainer'] });
    // The shop's password rule, before the link is spent.
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByLabel('Repeat the new password').fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This password is too common')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('micrometer-reset-7');
    await page.getByLabel('Repeat the new password').fill('micrometer-reset-7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();

    // The session the shopper had before the reset is over.
    const before = await fetch(`${site.apiUrl}/api/cart/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: shopper.token },
      body: '{}',
    });
    expect(before.status).toBe(401);

    await page.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back!' });
    await login.getByLabel('Email').fill(shopper.email);
    await login.getByLabel('Password').fill(shopper.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
    await login.getByLabel('Password').fill('micrometer-reset-7');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).getByText('Welcome back!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account, logged in' })).toBeVisible();
  });

  test('a cash-on-delivery order is confirmed by e-mail; staff mark it shipped and the shopper hears it', async ({
    browser,
    page,
    site,
  }) => {
    const { products } = await callApi<{ products: Product[] }>(site, '/api/product/list?limit=100');
    const product = products.find((p) => p.price > 0 && p.price < 10000) as Product;
    const shopper = await registerShopper(site, 'mail-order');
    await callApi(site, '/api/cart/add', { itemId: product._id, quantity: 2 }, shopper.token);
    await page.addInitScript((token) => localStorage.setItem('token', token), shopper.token);
    await page.goto('/place-order');
    const section = page.locator('[data-boundary="commerce"]');
    const address: Record<string, string> = {
      'First Name': 'Mala',
      'Last Name': 'Iyer',
      'Email Address': 'mala@example.com',
      'Street Address': '3 Gauge Street',
      City: 'Chennai',
      State: 'Tamil Nadu',
      'PIN Code': '600001',
      Country: 'India',
      'Phone Number': '+91 98400 00000',
    };
    for (const [label, value] of Object.entries(address)) await section.getByLabel(label).fill(value);
    await section.getByRole('button', { name: 'Save Address' }).click();
    await expect(toasts(page).getByText('Address saved successfully')).toBeVisible();
    await section.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f]{24}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() as string;

    const { order } = await callApi<{ order: { number: number; amount: number } }>(
      site,
      `/api/order/${orderId}`,
      undefined,
      shopper.token,
    );
    const placed = await caughtMail(
      site,
      shopper.email,
      new RegExp(`^Your order #${order.number} is placed$`),
    );
    expect(order.amount).toBe(2 * product.price + 10);
    expect(placed.text).toContain(`Order number: #${order.number}`);
    expect(placed.text).toContain(`Total | ${money(order.amount)}`);
    expect(placed.text).toContain(product.name);
    expect(linkIn(placed, `/orders/${orderId}`)).toBe(`${site.url}/orders/${orderId}`);

    const staffContext = await browser.newContext({ baseURL: site.url });
    const desk = await staffContext.newPage();
    await loginAs(desk, site.apiUrl, STAFF);
    await desk.goto(`/back-office/orders/${orderId}`);
    await desk.getByRole('button', { name: 'Mark shipped' }).click();
    const move = desk.getByRole('dialog', { name: 'Mark shipped?' });
    await move.getByLabel('Note (optional)').fill('Tracking number DTDC 7731');
    await expect(move.getByRole('checkbox', { name: /Put the note in the e-mail/ })).toBeChecked();
    await move.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toasts(desk).getByText('Order marked shipped')).toBeVisible();

    const shipped = await caughtMail(
      site,
      shopper.email,
      new RegExp(`^Your order #${order.number} has shipped$`),
    );
    expect(shipped.text).toContain('> Tracking number DTDC 7731');

    // Staff read the same messages in the back office.
    await desk.goto('/back-office/mail');
    await expect(
      desk.getByRole('heading', { level: 2, name: `Your order #${order.number} has shipped` }),
    ).toBeVisible();
    await staffContext.close();
  });
});
