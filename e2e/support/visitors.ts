// Simulated visitors from networks of their own, for the rollout tests: the e2e run's site trusts X-Forwarded-For
// from loopback (global setup sets TRUST_PROXY), as a balancer in front of the shop would be trusted.
import type { Browser, BrowserContext } from '@playwright/test';

/**
 * The address visitor `i` connects from, as the site and the API see it through the balancer: each in a /24 of
 * its own in 198.18.0.0/15, the range set aside for benchmarks, so each visitor is one network to the rollout
 * controller.
 */
export const visitorAddress = (i: number) => `198.18.${i % 256}.7`;

/**
 * A browser whose requests to the site name `address` as their client, as the balancer would: the page (its token
 * names the network) and the files under /remotes/ (its session counts there). Its reports go to the API as they
 * are (the API takes the network from the token; a header the API's CORS does not allow would stop them).
 */
export async function asVisitorFrom(
  browser: Browser,
  siteUrl: string,
  address: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: siteUrl });
  const origin = new URL(siteUrl).origin;
  await context.route(
    (url) => url.origin === origin,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
  return context;
}

/** The id of the session cookie a context holds (the part before its MAC), or '' without one. */
export async function sessionIdOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'shop_session');
  return cookie?.value.split('.')[0] ?? '';
}
