import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';

/** The third parties of the footer: unreachable here, as on an offline machine. */
const THIRD_PARTY = /^https:\/\/(api\.qrserver\.com|translate\.google\.com|translate\.googleapis\.com)\//;

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Account/ });

test('a hung API: the shell gives up within 10 s with an error toast, and the page stays usable', async ({
  page,
  site,
}) => {
  /** The API's requests that were held: each accepted and never answered, as by a hung server. */
  const held: string[] = [];
  await page.route(THIRD_PARTY, (route) => route.abort('internetdisconnected'));
  // Every call to the API hangs (the site's CSP allows only the configured API, so the hang is made there).
  await page.route(
    (url) => url.href.startsWith(`${site.apiUrl}/api/`),
    (route) => {
      held.push(route.request().url());
    },
  );
  // The page's clock is the test's: the 10 s are counted on it, whatever the machine's load.
  await page.clock.install();
  await page.goto('/about');
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Login / Register' }).click();
  await page.getByLabel('Email').fill('hung@example.com');
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Once the login call is out, time stops a second on, then moves on by hand: nothing at 8 s, the toast by 10 s.
  await expect.poll(() => held.some((url) => url.endsWith('/api/user/login'))).toBe(true);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const toast = page.getByText('The shop did not answer in time. Please try again.');
  await page.clock.runFor(7_000);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(toast).toHaveCount(0);
  // SPEC section 8: an exception on the login call shows a toast with the error message, within 10 s.
  await page.clock.runFor(2_000);
  await expect(toast).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(held.some((url) => url.endsWith('/api/user/login'))).toBe(true);
});
