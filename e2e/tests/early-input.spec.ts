import type { CDPSession, Page } from '@playwright/test';
import { STAFF, loginAs } from '../support/back-office-accounts';
import { expect, test } from '../support/fixtures';
import { registerShopper, searchProducts, type Product } from '../support/shop-api';

// Nothing a shopper does is lost before the page hydrates. Each page is opened on a CPU slowed six
// times (a mid-range phone) and each action is taken as soon as its control shows: the page is only committed,
// nothing waits for its scripts. A control with a native form (Add to Cart, a cart line's − / + / bin, the
// header search, the /collection filters) is sent natively until its code is live; the others are held and given
// back. With JavaScript off, the native forms work too.

async function slowCpu(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return cdp;
}

async function pricedProduct(site: Parameters<typeof searchProducts>[0], company: string): Promise<Product> {
  const [product] = (await searchProducts(site, `company=${company}&limit=10`)).filter((p) => p.price > 0);
  if (!product) throw new Error(`no priced ${company} product`);
  return product;
}

const cartBadge = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });

/** Holds back the shell's entry on this page and the next ones: no part can hydrate until `release`. */
async function holdTheScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The fields of every form this page posts to /cart, as they go. */
const cartPosts = (page: Page) => {
  const posts: Record<string, string>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/cart')
      posts.push(Object.fromEntries(new URLSearchParams(request.postData() ?? '')));
  });
  return posts;
};

test.describe("before the page's script has run, a native form goes natively", () => {
  test('Add to Cart: the browser posts the form, the page comes back with the item, then the toast', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Mahr');
    const release = await holdTheScript(page);
    const posts = cartPosts(page);
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    // Not held (a held press says it is busy): the page the site server sends back already counts the item.
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(posts).toEqual([
      { op: 'add', id: product._id, quantity: '1', return: `/product/${product.slug}` },
    ]);
    await expect(add).not.toHaveAttribute('aria-busy', 'true');
    release();
    // Once live, the page confirms the add as a live one does, and adds nothing more.
    await expect(page.getByText('Item Added to Cart')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test('Add to Cart, then the Cart link at once: the link waits for the post, and /cart shows the line', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Sylvac');
    const release = await holdTheScript(page);
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cartBadge(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(product.name);
    release();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('1');
  });

  test('+ on a /cart line, then Proceed to Checkout: the + is posted, and the press waits on the page that comes back', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Tespa');
    await page.addInitScript((id) => {
      localStorage.setItem('guestCart', JSON.stringify({ [id]: 1 }));
    }, product._id);
    await page.context().addCookies([{ name: 'shop_cart', value: `${product._id}:1`, url: site.url }]);
    const release = await holdTheScript(page);
    const posts = cartPosts(page);
    await page.goto('/cart', { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    // The cart the site server sent back, and the press kept for it, busy until the page is live.
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(posts).toEqual([{ op: 'inc', id: product._id, quantity: '1', return: '/cart' }]);
    release();
    await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('2');
  });
});

test.describe('on a slow phone, before the page hydrates', () => {
  test('Add to Cart: the toast, the badge "1 item", one line of quantity 1 on /cart', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Mahr');
    await slowCpu(page);
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Item Added to Cart')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.goto('/cart', { waitUntil: 'commit' });
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(product.name);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('1');
  });

  test('Add to Cart, then the Cart link at once: the line is on /cart', async ({ page, site }) => {
    const product = await pricedProduct(site, 'Mahr');
    await slowCpu(page);
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cartBadge(page).click();
    await expect(page).toHaveURL(/\/cart$/, { timeout: 30_000 });
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(1, { timeout: 30_000 });
    await expect(lines.first()).toContainText(product.name);
  });

  test('+ on a /cart line, then Proceed to Checkout: quantity 2, then the login gate for a guest', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Sylvac');
    await page.addInitScript((id) => {
      localStorage.setItem('guestCart', JSON.stringify({ [id]: 1 }));
    }, product._id);
    await page.context().addCookies([{ name: 'shop_cart', value: `${product._id}:1`, url: site.url }]);
    await slowCpu(page);
    await page.goto('/cart', { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('2', {
      timeout: 30_000,
    });
    await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByText('Please login to proceed with checkout')).toBeVisible();
  });

  test('+ on a /cart line, then Proceed to Checkout: quantity 2, then the checkout when logged in', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Tespa');
    const shopper = await registerShopper(site, 'early-input');
    await fetch(`${site.apiUrl}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: shopper.token },
      body: JSON.stringify({ itemId: product._id, quantity: 1 }),
    });
    await page.addInitScript((token) => localStorage.setItem('token', token), shopper.token);
    await page.context().addCookies([{ name: 'shop_cart', value: `${product._id}:1`, url: site.url }]);
    await slowCpu(page);
    await page.goto('/cart', { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/place-order$/, { timeout: 30_000 });
    // The server cart got the + before the checkout read it.
    await expect
      .poll(async () => {
        const response = await fetch(`${site.apiUrl}/api/cart/get`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token: shopper.token },
          body: '{}',
        });
        const body = (await response.json()) as { cartData?: Record<string, unknown> };
        return JSON.stringify(body.cartData?.[product._id]);
      })
      .toMatch(/2/);
  });

  test('a word typed into the header search and Enter: the results page lists the instrument', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Mahr');
    const word = product.name.split(/\s+/).find((w) => w.length >= 4) ?? product.name;
    await slowCpu(page);
    await page.goto('/about', { waitUntil: 'commit' });
    const search = page.getByRole('combobox', { name: 'Search instruments' });
    await search.fill(word);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products\\?q=${encodeURIComponent(word)}`), {
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible({ timeout: 30_000 });
  });

  test('/products: a word typed and a company chosen before the script ran stay, and filter once it has', async ({
    page,
    site,
  }) => {
    // The /products page hydrating at 6x CPU, then its filtered results: about 30 s of steady progress.
    test.slow();
    const product = await pricedProduct(site, 'Mahr');
    const word = product.name.split(/\s+/).find((w) => w.length >= 4) ?? product.name;
    await slowCpu(page);
    // The shell's entry is held back: both are certainly done before the page hydrates.
    const release = await holdTheScript(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(word);
    await page.getByRole('combobox', { name: 'Company' }).selectOption('Mahr');
    release();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('company') === 'Mahr' && url.searchParams.get('q') === word,
      { timeout: 30_000 },
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mahr Products');
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
    await expect(search).toHaveValue(word);
  });

  test('the account control opens, and its Login / Register opens the login dialog', async ({ page }) => {
    await slowCpu(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Login / Register' }).click({ timeout: 30_000 });
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
  });

  test('a control pressed before its part hydrates says it is busy until it acts', async ({ page }) => {
    await slowCpu(page);
    // The shell's entry is held back, so the page cannot hydrate until the press has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about', { waitUntil: 'commit' });
    const account = page.getByRole('button', { name: 'Account' });
    await account.click();
    await expect(account).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(account).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
    await expect(account).toHaveAttribute('aria-expanded', 'true');
  });

  test('an enquiry typed and sent before hydration arrives whole: every field, every key', async ({
    browser,
    page,
    site,
  }) => {
    const product = `Bore gauge ${Date.now().toString(36)}`;
    await slowCpu(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: /Product/ }).fill(product);
    await page.getByRole('textbox', { name: /Name/ }).fill('Asha Menon');
    await page.getByRole('textbox', { name: /Email/ }).fill('asha@example.com');
    await page.getByRole('textbox', { name: /Mobile/ }).fill('+91 98400 12345');
    const details = page.getByRole('textbox', { name: /Enquiry details/ });
    await details.fill('Two bore gauges, calibrated');
    // More keys at the end of the text, whenever they land (before, while or after the page hydrates).
    await details.press('End');
    await details.pressSequentially(' with certificates');
    await expect(details).toHaveValue('Two bore gauges, calibrated with certificates');
    await page.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page.getByText('Enquiry Submitted')).toBeVisible({ timeout: 30_000 });
    // The form empties once sent, as after any enquiry.
    await expect(details).toHaveValue('');

    const staffContext = await browser.newContext({ baseURL: site.url });
    const inbox = await staffContext.newPage();
    await loginAs(inbox, site.apiUrl, STAFF);
    await inbox.goto('/back-office/inbox');
    const item = inbox.getByTestId('inbox-items').getByRole('article').filter({ hasText: product });
    await expect(item).toContainText('Asha Menon');
    await expect(item).toContainText('asha@example.com');
    await expect(item).toContainText('Two bore gauges, calibrated with certificates');
    await staffContext.close();
  });
});

test.describe('at normal speed, acting as soon as the control shows', () => {
  test('Add to Cart, then the Cart link at once: the line is on /cart', async ({ page, site }) => {
    const product = await pricedProduct(site, 'Sylvac');
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await cartBadge(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(product.name);
  });
});

test.describe('with JavaScript off, the native forms', () => {
  test.use({ javaScriptEnabled: false });

  test('Add to Cart, then + and the bin on /cart', async ({ page, site }) => {
    const product = await pricedProduct(site, 'Mahr');
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    await expect(cartBadge(page)).toHaveAccessibleName('Cart, 2 items');

    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText(product.name);
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('3');
    await page.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('2');
    await page.getByRole('button', { name: `Remove ${product.name} from the cart` }).click();
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
  });

  test('the header search', async ({ page, site }) => {
    const product = await pricedProduct(site, 'Sylvac');
    const word = product.name.split(/\s+/).find((w) => w.length >= 4) ?? product.name;
    await page.goto('/about');
    const search = page.getByRole('combobox', { name: 'Search instruments' });
    await search.fill(word);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products\\?q=${encodeURIComponent(word)}`));
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  });

  test('the /collection filters', async ({ page }) => {
    await page.goto('/collection');
    const box = page.getByRole('checkbox', { name: /^Calipers \(\d+\)$/ });
    const label = (await box.evaluate((input) => input.closest('label')?.textContent)) ?? '';
    const total = Number(/\(([\d,]+)\)/.exec(label)?.[1]?.replace(/,/g, ''));
    await box.check();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('low-high');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/categories=Calipers/);
    await expect(page).toHaveURL(/sort=low-high/);
    await expect(page.getByRole('checkbox', { name: /^Calipers \(\d+\)$/ })).toBeChecked();
    await expect(
      page.getByText(new RegExp(`^Showing \\d+ of ${total.toLocaleString('en-US')} products$`)),
    ).toBeVisible();
  });

  test('a form from another site cannot change the cart', async ({ request, site }) => {
    const product = await pricedProduct(site, 'Mahr');
    const response = await request.post('/cart', {
      form: { op: 'add', id: product._id, quantity: '1', return: '/cart' },
      headers: { 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  });
});

test.describe('a change made without script reaches the cart the page goes on with', () => {
  test('an add sent natively is in the cart once the page runs its script, exactly once', async ({
    page,
    site,
  }) => {
    const product = await pricedProduct(site, 'Tespa');
    await page.goto('/about');
    // The form as a page without script sends it (the early-input script's fallback does the same).
    const response = await page.request.post('/cart', {
      form: { op: 'add', id: product._id, quantity: '3', return: '/cart' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.ok()).toBe(true);
    await page.goto('/cart');
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('3');
    // The browser's own cart took the change (and the pending change was cleared) ...
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('guestCart')))
      .toBe(JSON.stringify({ [product._id]: 3 }));
    expect((await page.context().cookies()).some((c) => c.name === 'shop_cart_ops')).toBe(false);
    // ... so another page does not add it again.
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name}` })).toHaveValue('3');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('guestCart')))
      .toBe(JSON.stringify({ [product._id]: 3 }));
  });
});
