import type { Page } from '@playwright/test';

/**
 * Opens a route the way a shopper clicking a link inside the shop does: the page starts elsewhere (a page with
 * no data), then the browser navigates on its own. A server-rendered page arrives with its data, so a test that
 * stands in for an API answer with page.route must let the browser make the call itself.
 */
export async function openInBrowser(page: Page, route: string): Promise<void> {
  await page.goto('/e2e/start-here');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === route);
}
