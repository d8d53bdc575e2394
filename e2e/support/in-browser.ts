import { expect, type Page } from '@playwright/test';

/**
 * Opens a route the way a shopper clicking a link inside the shop does: the page starts elsewhere (the 404 of a
 * path with no data), then the shop's router moves to the route in the page. A server-rendered page arrives with its
 * data, so a test that stands in for an API answer with page.route must let the browser make the call itself.
 *
 * A move inside the page exists only once the shop's router listens (a shopper's click before then is a whole page
 * load): the move is told again until the page has left the 404, at most for 20 s. The URL alone says nothing, as
 * the history entry is there before the router takes it.
 */
export async function openInBrowser(page: Page, route: string): Promise<void> {
  await page.goto('/e2e/start-here');
  const notFound = page.getByRole('heading', { name: '404 Oops! Page not found' });
  await expect(notFound).toBeVisible();
  await expect(async () => {
    await page.evaluate((to) => {
      if (`${window.location.pathname}${window.location.search}` !== to)
        window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await expect(notFound).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === route);
}
