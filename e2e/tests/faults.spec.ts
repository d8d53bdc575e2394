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
  await page.goto('/about');
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Login / Register' }).click();
  await page.getByLabel('Email').fill('hung@example.com');
  await page.getByLabel('Password').fill('a-long-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const asked = Date.now();
  // SPEC section 8: an exception on the login call shows a toast with the error message.
  await expect(page.getByText('The shop did not answer in time. Please try again.')).toBeVisible({
    timeout: 10_500,
  });
  expect(Date.now() - asked).toBeLessThanOrEqual(10_500);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(held.some((url) => url.endsWith('/api/user/login'))).toBe(true);
});
