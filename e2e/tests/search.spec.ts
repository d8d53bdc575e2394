import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';

interface Facet {
  value: string;
  count: number;
}

interface SearchAnswer {
  products: { slug: string; name: string; category: string }[];
  total: number;
  facets: { categories: Facet[]; types: Facet[] };
}

async function apiSearch(site: Site, query: string): Promise<SearchAnswer> {
  const response = await fetch(`${site.apiUrl}/api/product/search?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

const cards = '.catalog-collection__results .catalog-card';

test.describe('finding an instrument', () => {
  test('ticking a category on /collection shows only it, with the counts of the API', async ({
    page,
    site,
  }) => {
    const all = await apiSearch(site, 'limit=1&facets=true');
    const calipers = all.facets.categories.find((f) => f.value === 'Calipers');
    expect(calipers?.count).toBeGreaterThan(0);
    const micrometers = all.facets.categories.find((f) => f.value === 'Micrometers') as Facet;

    await page.goto('/collection');
    const box = page.getByRole('checkbox', { name: `Calipers (${calipers?.count})` });
    await expect(box).toBeVisible();
    await box.click();
    await expect(box).toBeChecked();
    await expect(page).toHaveURL(/categories=Calipers/);
    await expect(
      page.getByText(`Showing ${Math.min(24, calipers?.count ?? 0)} of ${calipers?.count} products`),
    ).toBeVisible();

    // Every card is a caliper (by the API's own list), and the sibling categories keep their counts.
    const expected = await apiSearch(site, 'categories=Calipers&limit=100&facets=true');
    const slugs = new Set(expected.products.map((p) => p.slug));
    const hrefs = await page
      .locator(cards)
      .evaluateAll((links) =>
        links.map((a) => a.getAttribute('href') ?? a.querySelector('a')?.getAttribute('href') ?? ''),
      );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(slugs.has(decodeURIComponent(href.replace(/^.*\/product\//, '')))).toBe(true);
    await expect(
      page.getByRole('checkbox', { name: `Micrometers (${micrometers.count})` }),
    ).not.toBeChecked();
    for (const type of expected.facets.types) {
      await expect(page.getByRole('checkbox', { name: `${type.value} (${type.count})` })).toBeVisible();
    }
    await expectNoA11yViolations(page);
  });

  test('the header suggests a product for a misspelt name and opens it by keyboard', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search instruments' });
    await box.fill('calliper');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option').first()).toContainText(/caliper/i);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page);
    const name = (await list.locator('.shell-search__label').first().textContent()) ?? '';
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // Enter on the text itself opens the products page with the words.
    await box.fill('micrometre');
    await expect(
      page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first(),
    ).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=micrometre$/);
    // The products page groups by company; the typo finds the micrometers among them.
    await expect(page.locator('.catalog-card', { hasText: /micrometer/i }).first()).toBeVisible();
  });

  test('"caliper" lists calipers before anything else', async ({ page, site }) => {
    const ranked = await apiSearch(site, 'q=caliper&limit=100&facets=false');
    const firstOther = ranked.products.findIndex((p) => !/caliper/i.test(p.name));
    const calipers = ranked.products.filter((p) => /caliper/i.test(p.name)).length;
    expect(calipers).toBeGreaterThan(3);
    if (firstOther >= 0) expect(firstOther).toBe(calipers);

    await page.goto('/products?q=caliper');
    const names = page.locator('.catalog-card__name');
    await expect(names.first()).toBeVisible();
    await expect(names.first()).toContainText(/caliper/i);
    const texts = await names.allTextContents();
    const lastCaliper = texts.map((t) => /caliper/i.test(t)).lastIndexOf(true);
    expect(texts.slice(0, lastCaliper + 1).every((t) => /caliper/i.test(t))).toBe(true);
  });

  test('robots.txt and sitemap.xml list the pages and every product, each answering 200', async ({
    page,
    site,
  }) => {
    const robots = await fetch(`${site.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);

    const sitemap = await fetch(`${site.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs).toContain(`${site.url}/collection`);
    const products = locs.filter((l) => l.includes('/product/'));
    const total = (await apiSearch(site, 'limit=1&facets=false')).total;
    expect(products).toHaveLength(total);
    for (const loc of products) expect((await fetch(loc)).status).toBe(200);
    const one = products[0] as string;
    await page.goto(one);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('404')).toHaveCount(0);
  });
});
