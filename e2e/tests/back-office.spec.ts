import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { MANAGER, STAFF, loginAs } from '../support/back-office-accounts';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';
import { DELIVERY_ADDRESS, callApi, registerShopper } from '../support/shop-api';

// The back office against the real build and API: staff move an order and read the inbox; a release manager
// rolls a remote back from /releases; shoppers and visitors never see any of it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN = Date.now().toString(36);

async function shopperWithOrder(site: Site): Promise<{ token: string; email: string; orderId: string }> {
  const { token, email } = await registerShopper(site, 'desk');
  const { products } = await callApi<{ products: { _id: string; price: number }[] }>(
    site,
    '/api/product/list?limit=100',
  );
  const product = products.find((p) => p.price > 0 && p.price < 10000);
  const { orderId } = await callApi<{ orderId: string }>(
    site,
    '/api/order/place',
    { address: DELIVERY_ADDRESS, items: [{ _id: product?._id, quantity: 1 }] },
    token,
  );
  return { token, email, orderId };
}

const toasts = (page: Page) => page.locator('.notistack-SnackbarContainer');

// Two browser sessions and accessibility scans per test: more than the default time on a shared machine.
test.describe.configure({ timeout: 120_000 });

test('staff mark an order shipped; the shopper sees "Shipped" in blue on /orders', async ({
  browser,
  site,
}) => {
  const shopper = await shopperWithOrder(site);

  const staffContext = await browser.newContext({ baseURL: site.url });
  const desk = await staffContext.newPage();
  await loginAs(desk, site.apiUrl, STAFF);
  await desk.goto(`/back-office/orders?q=${shopper.orderId}`);
  const rows = desk.getByTestId('desk-orders').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(shopper.email);
  await expect(rows.first()).toContainText('processing');
  await rows.first().getByRole('link').click();
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(shopper.orderId);
  await expect(desk.getByTestId('desk-payment-state')).toHaveText('Cash on delivery: not paid yet');
  await expectNoA11yViolations(desk, { exclude: ['.notistack-SnackbarContainer'] });

  await desk.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Mark shipped?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toasts(desk).getByText('Order marked shipped')).toBeVisible();
  const history = desk.getByTestId('desk-history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText('shipped');
  await expect(history.nth(1)).toContainText(`by ${STAFF.name} (${STAFF.email})`);
  await expect(desk.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await staffContext.close();

  const shopperContext = await browser.newContext({ baseURL: site.url });
  const page = await shopperContext.newPage();
  await page.addInitScript((token) => localStorage.setItem('token', token), shopper.token);
  await page.goto('/orders');
  const card = page
    .locator('[data-boundary="commerce"]')
    .getByTestId('order-card')
    .filter({ hasText: shopper.orderId });
  const badge = card.getByText('Shipped', { exact: true });
  await expect(badge).toHaveClass(/commerce-status--shipped/);
  // SPEC: shipped is blue.
  const colour = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  expect(b).toBeGreaterThan(r ?? 255);
  expect(b).toBeGreaterThan(g ?? 255);
  await shopperContext.close();
});

test('a message sent from /contact appears in the inbox, and can be marked handled', async ({
  browser,
  site,
  page,
}) => {
  const product = `Bore gauge ${RUN}`;
  await page.goto('/contact');
  await page.getByRole('textbox', { name: /Product/ }).fill(product);
  await page.getByRole('textbox', { name: /Name/ }).fill('Kavya Menon');
  await page.getByRole('textbox', { name: /Email/ }).fill('kavya@example.com');
  await page.getByRole('textbox', { name: /Mobile/ }).fill('+91 98400 77777');
  await page.getByRole('textbox', { name: /Enquiry details/ }).fill('Two bore gauges for 40-60 mm, please.');
  await page.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(toasts(page).getByText('Enquiry Submitted')).toBeVisible();
  await expect(
    toasts(page).getByText("Thank you for contacting us. We'll get back to you shortly."),
  ).toBeVisible();

  const staffContext = await browser.newContext({ baseURL: site.url });
  const inbox = await staffContext.newPage();
  await loginAs(inbox, site.apiUrl, STAFF);
  await inbox.goto('/back-office/inbox');
  await expect(inbox.getByRole('button', { name: 'Contact messages', pressed: true })).toBeVisible();
  const item = inbox.getByTestId('inbox-items').getByRole('article').filter({ hasText: product });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Kavya Menon');
  await expect(item).toContainText('Two bore gauges for 40-60 mm, please.');
  await expectNoA11yViolations(inbox, { exclude: ['.notistack-SnackbarContainer'] });
  await item.getByRole('button', { name: 'Mark handled' }).click();
  await expect(
    inbox.getByTestId('inbox-items').getByRole('article').filter({ hasText: product }),
  ).toHaveCount(0);
  await inbox.getByLabel('Show', { exact: true }).selectOption('true');
  const handled = inbox.getByRole('article').filter({ hasText: product });
  await expect(handled).toContainText(`Handled by ${STAFF.name}`);
  await staffContext.close();
});

test('shoppers and visitors get a login prompt or a refusal on every back-office page, never the data', async ({
  page,
  site,
}) => {
  const staffCalls: string[] = [];
  page.on('response', (response) => {
    if (
      /\/api\/(staff|releases\/desk|releases\/load-failures)/.test(response.url()) &&
      response.status() === 200
    ) {
      staffCalls.push(response.url());
    }
  });
  for (const url of ['/releases', '/back-office/orders', '/back-office/inbox', '/back-office/orders/abc']) {
    await page.goto(url);
    await expect(page.getByText('Please login to continue')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login / Register' }).last()).toBeVisible();
  }
  await expect(page.getByTestId('release-status')).toHaveCount(0);

  const shopper = await shopperWithOrder(site);
  await page.addInitScript((token) => localStorage.setItem('token', token), shopper.token);
  await page.goto('/releases');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This page is for release managers only.' }),
  ).toBeVisible();
  await expect(page.getByTestId('release-status')).toHaveCount(0);
  await page.goto('/back-office/orders');
  await expect(page.getByRole('alert').filter({ hasText: 'This page is for staff only.' })).toBeVisible();
  await expect(page.getByTestId('desk-orders')).toHaveCount(0);
  await page.goto(`/back-office/orders/${shopper.orderId}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This page is for staff only.' })).toBeVisible();
  await expect(page.getByText(shopper.orderId)).toHaveCount(0);
  // The shopper's menu has no back-office links.
  await page.getByRole('button', { name: 'Account, logged in' }).click();
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders desk' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Releases' })).toHaveCount(0);
  expect(staffCalls).toEqual([]);
});

// ---- the release desk ----

const REMOTE = 'mfe-content';
const HEADING = 'About Us';
const CHANGED = `About Us — desk ${RUN}`;
const VERSION = `9.1.0-desk.${RUN}`;

function release(site: Site, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools/scripts/release.mjs'), ...args],
      { cwd: ROOT, env: { ...process.env, RELEASES_DIR: site.releasesDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('a release manager rolls a remote back from /releases; the next page load uses the previous version', async ({
  page,
  site,
}) => {
  const before = JSON.parse((await release(site, 'status', '--json')).stdout) as Record<
    string,
    { current: string }
  >;
  const base = before[REMOTE]?.current ?? '';
  expect(base).not.toBe('');
  // A real build of the content remote with one changed heading, published with the release CLI.
  const dist = path.join(site.workDir, `desk-variant-${RUN}`);
  await fs.cp(path.join(ROOT, REMOTE, 'dist'), dist, { recursive: true });
  let changed = 0;
  for (const file of await fs.readdir(dist)) {
    if (!file.endsWith('.js')) continue;
    const code = await fs.readFile(path.join(dist, file), 'utf8');
    if (!code.includes(JSON.stringify(HEADING))) continue;
    await fs.writeFile(
      path.join(dist, file),
      code.split(JSON.stringify(HEADING)).join(JSON.stringify(CHANGED)),
    );
    changed += 1;
  }
  expect(changed).toBeGreaterThan(0);
  const published = await release(site, 'publish', REMOTE, '--dist', dist, '--version', VERSION);
  expect(published.code, published.stderr).toBe(0);

  try {
    const heading = page.locator('[data-boundary="content"] h1');
    await page.goto('/about');
    await expect(heading).toHaveText(CHANGED);

    await loginAs(page, site.apiUrl, MANAGER);
    await page.goto('/releases');
    const content = page.getByTestId('release-status').locator(`tbody[data-remote="${REMOTE}"]`);
    await expect(content.locator('tr.shell-releases__live')).toContainText(VERSION);
    await expectNoA11yViolations(page, { exclude: ['.notistack-SnackbarContainer'] });
    await content.getByRole('button', { name: `Roll back to ${base}` }).click();
    const dialog = page.getByRole('dialog', { name: `Roll back ${REMOTE}?` });
    await expect(dialog).toContainText(`${REMOTE} ${base} becomes live instead of ${VERSION}.`);
    await dialog.getByRole('button', { name: `Roll back to ${base}` }).click();
    await expect(toasts(page).getByText(`${REMOTE} ${base} is live now (was ${VERSION}).`)).toBeVisible();
    await expect(content.locator('tr.shell-releases__live')).toContainText(base);
    const log = page.getByTestId('release-actions').locator('tbody tr').first();
    await expect(log).toContainText(MANAGER.email);
    await expect(log).toContainText('Rolled back');
    await expect(log).toContainText(VERSION);

    // The same registry the CLI reads.
    const after = JSON.parse((await release(site, 'status', '--json')).stdout) as Record<
      string,
      { current: string }
    >;
    expect(after[REMOTE]?.current).toBe(base);

    const fetched = new Set<string>();
    page.on('request', (request) => {
      const match = new URL(request.url()).pathname.match(/^\/remotes\/mfe-content\/([^/]+)\//);
      if (match?.[1]) fetched.add(decodeURIComponent(match[1]));
    });
    await page.goto('/about');
    await expect(heading).toHaveText(HEADING);
    expect([...fetched]).toEqual([base]);
  } finally {
    await release(site, 'rollback', REMOTE, '--to', base);
  }
});
