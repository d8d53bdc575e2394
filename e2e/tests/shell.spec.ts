import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from '../support/fixtures';

/** The third parties of the footer: unreachable here, as on an offline machine. */
const THIRD_PARTY = /^https:\/\/(api\.qrserver\.com|translate\.google\.com|translate\.googleapis\.com)\//;

test.beforeEach(async ({ page }) => {
  await page.route(THIRD_PARTY, (route) => route.abort('internetdisconnected'));
});

const banner = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => banner(page).getByRole('button', { name: /^Account/ });
const loginDialog = (page: Page) => page.getByRole('dialog');

function uniqueEmail(): string {
  return `shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function registerThroughApi(apiUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${apiUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'E2E Shopper', email, password }),
  });
  const body = (await response.json()) as { success: boolean; token: string };
  expect(body.success).toBe(true);
  return body.token;
}

async function someProductIds(apiUrl: string, count: number): Promise<string[]> {
  const response = await fetch(`${apiUrl}/api/product/list?limit=50`);
  const body = (await response.json()) as { products: { _id: string; price: number }[] };
  const ids = body.products.filter((p) => p.price > 0).map((p) => p._id);
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

test.describe('header', () => {
  test('Products dropdown: five companies with logos and descriptions, outside click and Escape close it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/clients');
    const products = banner(page).getByRole('button', { name: 'Products' });
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await products.getAttribute('aria-controls')}"]`);
    for (const company of ['Tespa', 'Inprocess Gauging', 'Sylvac', 'Mahr', 'SCANTECH 3D']) {
      const link = panel.getByRole('link', { name: new RegExp(`^${company} `) });
      await expect(link).toBeVisible();
      // The logo is drawn, not missing (lazy: it loads as the panel opens).
      await expect
        .poll(() => link.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(panel).toContainText('digital measuring instruments', { ignoreCase: true });
    await expectNoA11yViolations(page);

    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await products.focus();
    await page.keyboard.press('ArrowDown');
    await expect(panel.getByRole('link', { name: /^Tespa / })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(products).toBeFocused();

    await products.click();
    await panel.getByRole('link', { name: /^Sylvac / }).click();
    await expect(page).toHaveURL(/\/products\?company=Sylvac$/);
    await expect(panel).toBeHidden();
    await expect(page.locator('[data-boundary="catalog"]')).toBeVisible();
  });

  test('Company dropdown leads to About, Testimonials and News', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const company = banner(page).getByRole('button', { name: 'Company' });
    await company.click();
    await banner(page)
      .getByRole('link', { name: /^Testimonials/ })
      .click();
    await expect(page).toHaveURL(/\/testimonial$/);
    await company.click();
    await banner(page).getByRole('link', { name: /^News/ }).click();
    await expect(page).toHaveURL(/\/news$/);
  });

  test('the bar changes its look past 10 px of scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/products');
    await expect(page.locator('.catalog-card').first()).toBeVisible();
    const header = banner(page);
    const shadow = () => header.evaluate((el) => getComputedStyle(el).boxShadow);
    await expect(header).not.toHaveClass(/shell-header--scrolled/);
    const flat = await shadow();
    await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(header).not.toHaveClass(/shell-header--scrolled/);
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await expect(header).toHaveClass(/shell-header--scrolled/);
    await expect.poll(shadow).not.toBe(flat);
  });

  test('mobile menu opens, works and closes on a route change', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    const menu = banner(page).getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await nav.getByRole('button', { name: 'Products' }).click();
    await expect(nav.getByRole('link', { name: /^Mahr / })).toBeVisible();
    await expectNoA11yViolations(page);
    await nav.getByRole('link', { name: /^Mahr / }).click();
    await expect(page).toHaveURL(/company=Mahr/);
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(nav).toBeHidden();
  });

  test('the cart badge counts positive quantities; Indian visitors have no cart icon', async ({
    page,
    site,
  }) => {
    const [first, second] = await someProductIds(site.apiUrl, 2);
    await page.addInitScript(
      ([a, b]) => localStorage.setItem('guestCart', JSON.stringify({ [a as string]: 2, [b as string]: 3 })),
      [first, second],
    );
    await page.goto('/');
    const cart = banner(page).getByRole('link', { name: /^Cart/ });
    await expect(cart).toHaveAccessibleName('Cart, 5 items');
    await expect(cart.getByTestId('cart-badge')).toHaveText('5');

    await site.setCountry('IN');
    await page.reload();
    await expect(banner(page).getByRole('link', { name: 'Contact Us' }).first()).toBeVisible();
    await expect(banner(page).getByRole('link', { name: /^Cart/ })).toHaveCount(0);

    // A failed lookup is silent and leaves the cart in place.
    await site.failGeoLookup();
    await page.reload();
    await expect(banner(page).getByRole('link', { name: /^Cart/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('accounts', () => {
  test('register, log out, log in again', async ({ page }) => {
    // Several axe runs over whole pages: on a 2-core machine shared with a load test they need more than 45 s.
    test.slow();
    const email = uniqueEmail();
    await page.goto('/products');

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByText('Sign in to access your account')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Create new account' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(
      page.getByText('Join Metrology Instruments Group for quality measuring instruments'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('gauge-blocks-42');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(loginDialog(page)).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await expect(accountButton(page)).toHaveAccessibleName('Account, logged in');
    await expect(accountButton(page)).toBeFocused();

    // The session survives a reload.
    await page.reload();
    await expect(accountButton(page)).toHaveAccessibleName('Account, logged in');

    await accountButton(page).click();
    await expect(page.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(accountButton(page)).toHaveAccessibleName('Account');
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);

    // A wrong password shows the server's message.
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    const { message } = (await (await refused).json()) as { message: string };
    expect(message).toBeTruthy();
    await expect(page.getByText(message)).toBeVisible();
    await expect(loginDialog(page)).toBeVisible();

    await page.getByLabel('Password').fill('gauge-blocks-42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome back!')).toBeVisible({ timeout: 15_000 });
    await expect(loginDialog(page)).toHaveCount(0);
    await expect(accountButton(page)).toHaveAccessibleName('Account, logged in');
  });

  test("logging in merges the guest's cart into the account's cart", async ({ page, site }) => {
    const email = uniqueEmail();
    const token = await registerThroughApi(site.apiUrl, email, 'secret-pass');
    const [saved, guest] = await someProductIds(site.apiUrl, 2);
    await fetch(`${site.apiUrl}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ itemId: saved, quantity: 1 }),
    });
    await page.addInitScript((id) => {
      if (!localStorage.getItem('token'))
        localStorage.setItem('guestCart', JSON.stringify({ [id as string]: 2 }));
    }, guest);
    await page.goto('/');
    await expect(banner(page).getByTestId('cart-badge')).toHaveText('2');

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(banner(page).getByTestId('cart-badge')).toHaveText('3');

    const server = await fetch(`${site.apiUrl}/api/cart/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: '{}',
    });
    const { cartData } = (await server.json()) as { cartData: Record<string, unknown> };
    expect(Object.keys(cartData).sort()).toEqual([saved, guest].sort());

    // Restored on the next load from the server.
    await page.reload();
    await expect(banner(page).getByTestId('cart-badge')).toHaveText('3');
  });

  test('a section opens the dialog through the store; the dialog traps focus and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/cart');
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    const dialog = loginDialog(page);
    await expect(page.getByLabel('Email')).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(accountButton(page)).toBeFocused();

    // The backdrop closes it too.
    await accountButton(page).click();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    await page.mouse.click(5, 400);
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('support chat', () => {
  test('opens, answers with clickable links and addresses, and closes back to its button', async ({
    page,
  }) => {
    // Several axe runs over whole pages: on a 2-core machine shared with a load test they need more than 45 s.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Open support chat' });
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Metrology Instruments Group Support' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('log')).toContainText('Hello! How can I help you today?');
    const input = panel.getByPlaceholder('Type your message...');
    await expect(input).toBeFocused();
    const send = panel.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();

    // Sizes of SPEC section 9.
    const box = await panel.boundingBox();
    expect(box?.width).toBe(380);
    expect(box?.height ?? 0).toBeLessThanOrEqual(600);
    expect((await panel.getByRole('log').boundingBox())?.height).toBe(400);
    await expectNoA11yViolations(page);

    await input.fill('Where are your calibration laboratories?');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(input).toHaveValue('');
    await expect(panel.getByRole('log')).toContainText('Where are your calibration laboratories?');
    const reply = panel.locator('.shell-chat__message--bot').nth(1);
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByTestId('chat-typing')).toHaveCount(0);

    const links = reply.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      const href = (await link.getAttribute('href')) ?? '';
      if (href.startsWith('/')) {
        // A path of this site is an in-shop link: it navigates inside the shop, in the same tab.
        await expect(link).not.toHaveAttribute('target', '_blank');
      } else {
        await expect(link).toHaveAttribute('target', '_blank');
        expect(href).toMatch(/^(https?:\/\/|mailto:)/);
      }
    }
    await expect(reply.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expectNoA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(launcher).toBeFocused();
    await launcher.click();
    await expect(panel.getByRole('log')).toContainText('Where are your calibration laboratories?');
  });

  test('shows the typing indicator while waiting, and the failure toast and bubble when the call fails', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    await page.route('**/api/user/chat', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.abort('connectionreset');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByPlaceholder('Type your message...').fill('Anyone there?');
    await page.keyboard.press('Enter');
    await expect(panel.getByTestId('chat-typing')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
    release();
    await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(panel.getByRole('log')).toContainText(
      "I'm sorry, I'm having trouble connecting right now. Please try again later.",
    );
    await expect(panel.getByTestId('chat-typing')).toHaveCount(0);
  });

  test('is on every page, phone sized too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/products', '/careers', '/no/such/page']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open support chat' }).click();
      const panel = page.getByRole('dialog');
      await expect(panel).toBeVisible();
      const box = await panel.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: 'Close support chat' }).click();
    }
  });
});

test.describe('footer', () => {
  test('has its text, links and contact block, and degrades offline without a sign', async ({ page }) => {
    // Several axe runs over whole pages: on a 2-core machine shared with a load test they need more than 45 s.
    test.slow();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toContainText('Established in 1983');
    await expect(footer).toContainText('group company');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Metrology Instruments Group`);
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    await expect(quick.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/calibration');
    // Offline: the QR image gives way to the address, the translation widget stays away.
    await expect(footer.locator('.shell-qr__fallback')).toBeVisible();
    await expect(footer.getByText('Translate this page')).toHaveCount(0);
    // The page coming to life did not take the shopper back to the top.
    await expect(footer).toBeInViewport();
    await expectNoA11yViolations(page);
    await quick.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    // A path change does take the shopper to the top of the new page.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('third parties that never answer cannot delay the page', async ({ page }) => {
    await page.unroute(THIRD_PARTY);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (THIRD_PARTY.test(request.url())) asked.push(request.url());
    });
    // Never answered: were they needed before the load event, it could not fire.
    await page.route(THIRD_PARTY, () => undefined);
    const start = Date.now();
    await page.goto('/no/such/page', { waitUntil: 'load' });
    expect(Date.now() - start).toBeLessThan(10_000);
    await expect(page.getByRole('heading', { name: '404 Oops! Page not found' })).toBeVisible();
    // They were asked (after the load), and are still hanging.
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    await banner(page)
      .getByRole('button', { name: /^Account/ })
      .click();
    await expect(page.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  });
});
