import type { Page } from '@playwright/test';
import { cspHostsFromEnv } from '@metrology/site/security';
import { test, expect } from '../support/fixtures';

/**
 * The page CSP names the shop's hosts: connect-src, img-src and frame-src allow the site, the API, the
 * geolocation service and the configured outside services (CSP_*_HOSTS, here their defaults, the site having the
 * run's environment), and nothing wider; the browser refuses anything else while the shop works.
 */

const directivesOf = (policy: string) =>
  Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1)]));

/** Violations the page reports, as "directive blocked-URL". */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => [...(window as unknown as { __violations: string[] }).__violations]);
}

test('the page CSP allows only the configured hosts, and the shop works under it', async ({ page, site }) => {
  const response = await page.goto('/');
  const directives = directivesOf(response?.headers()['content-security-policy'] ?? '');
  const hosts = cspHostsFromEnv(process.env);
  const geo = (await (await fetch(`${site.url}/config.json`)).json()) as { geoUrl: string };
  const own = ["'self'", new URL(site.apiUrl).origin];
  expect(directives['connect-src']).toEqual([...own, new URL(geo.geoUrl).origin, ...hosts.connect]);
  expect(directives['frame-src']).toEqual(["'self'", ...hosts.frame]);
  expect(directives['img-src']).toEqual([
    "'self'",
    'data:',
    'blob:',
    new URL(site.apiUrl).origin,
    ...hosts.img,
  ]);
  for (const name of ['connect-src', 'img-src', 'frame-src']) {
    for (const source of directives[name] ?? []) expect(source, name).not.toMatch(/^(https?:|\*)$|\*/);
  }

  const violations = await watchViolations(page);
  const outcome = await page.evaluate(
    async ({ api, map }) => {
      const reach = (url: string) =>
        fetch(url).then(
          (r) => r.status,
          () => 'refused',
        );
      // A frame and an image from a host nobody configured, and the configured map host's frame.
      for (const src of ['https://unlisted.example/frame', map]) {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      }
      const image = document.createElement('img');
      image.src = 'https://unlisted.example/pixel.png';
      document.body.append(image);
      return {
        api: await reach(`${api}/api/product/list?limit=1`),
        unlisted: await reach('https://unlisted.example/data'),
      };
    },
    { api: site.apiUrl, map: `${hosts.frame[0]}/export/embed.html` },
  );
  // The API answers; the unlisted host is refused by the browser before any request leaves.
  expect(outcome).toEqual({ api: 200, unlisted: 'refused' });
  await expect.poll(violations).toEqual(
    expect.arrayContaining([
      'connect-src https://unlisted.example/data',
      // A frame's report names its origin only.
      'frame-src https://unlisted.example',
      'img-src https://unlisted.example/pixel.png',
    ]),
  );
  // The configured map host is allowed (offline it then fails to load, as maps degrade today).
  expect((await violations()).filter((v) => !v.includes('unlisted.example'))).toEqual([]);

  // The shop under it: a product page with its images from the API, and the catalogue.
  await page.goto('/products');
  const catalog = page.locator('[data-boundary="catalog"]');
  await expect(catalog.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(catalog.locator('[data-testid="section-fallback"]')).toHaveCount(0);
});
