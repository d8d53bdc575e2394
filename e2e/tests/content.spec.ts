import type { Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations } from '../support/fixtures';
import { openInBrowser } from '../support/in-browser';
import {
  callApi,
  type NewsItem,
  type NewsResponse,
  type Product,
  type Testimonial,
  type TestimonialsResponse,
} from '../support/shop-api';

/** The four newest Tespa products, straight from the API, newest first by createdAt. */
async function newestTespa(apiUrl: string): Promise<Product[]> {
  const response = await fetch(`${apiUrl}/api/product/list?company=Tespa`);
  const { products } = (await response.json()) as { products: Product[] };
  return [...products].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, 4);
}

const content = (page: Page) => page.locator('[data-boundary="content"]');

test.describe('home', () => {
  test('shows the hero, the logos, the counters and the four newest Tespa products; a product leads to its page', async ({
    page,
    site,
  }) => {
    const newest = await newestTespa(site.apiUrl);
    expect(newest).toHaveLength(4);
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('heading', { name: 'Precision Metrology' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Explore Products' })).toHaveAttribute('href', '/products');
    await expect(hero.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(
      page.getByRole('region', { name: 'Trusted by industry leaders' }).getByRole('img').first(),
    ).toBeVisible();

    const counters = page.locator('.content-counters');
    await counters.scrollIntoViewIfNeeded();
    await expect(counters.getByTestId('counter-value')).toHaveText(['40+', '5000+', '5+', '10000+']);

    const section = page.getByRole('region', { name: 'Latest Tespa Products' });
    const cards = section.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const [i, product] of newest.entries()) {
      await expect(cards.nth(i)).toContainText(product.name);
      await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', `/product/${product.slug}`);
    }
    await expect(page.getByRole('heading', { name: 'Looking for a Product Enquiry?' })).toBeVisible();
    await expectNoA11yViolations(page);

    const chosen = newest[1] as Product;
    await cards.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/product/${chosen.slug}$`));
    await expect(page.locator('[data-boundary="catalog"]')).toBeVisible();
  });

  test('the hero advances every 6 s, dots jump, hover pauses, and the pause button stops it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    const title = hero.locator('.content-hero__slide:not([hidden]) h2');
    await expect(title).toHaveText('Precision Metrology');
    await page.clock.runFor(6000);
    await expect(title).toHaveText('Coordinate Measuring');
    await hero.getByRole('button', { name: 'Slide 3: Industrial Quality' }).click();
    await expect(title).toHaveText('Industrial Quality');
    // The pointer is over the carousel after the click: nothing moves.
    await page.clock.runFor(12000);
    await expect(title).toHaveText('Industrial Quality');
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(6000);
    await expect(title).toHaveText('Precision Metrology');
    await hero.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(5, 5);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(18000);
    await expect(title).toHaveText('Precision Metrology');
  });

  test('nothing moves by itself for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('heading', { name: 'Precision Metrology' })).toBeVisible();
    await expect(hero.getByRole('button', { name: /slideshow/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Pause logos/ })).toHaveCount(0);
    await page.clock.runFor(30000);
    await expect(hero.getByRole('heading', { name: 'Precision Metrology' })).toBeVisible();
    await expect(page.locator('.content-counters').getByTestId('counter-value')).toHaveText([
      '40+',
      '5000+',
      '5+',
      '10000+',
    ]);
  });

  test('Indian visitors see the newest products without prices', async ({ page, site }) => {
    await site.setCountry('IN');
    const newest = await newestTespa(site.apiUrl);
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'Latest Tespa Products' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    // The flag arrives with the geolocation answer: wait for the cart icon to go (the shell hides it for IN).
    await expect(page.getByRole('link', { name: /^Cart,/ })).toHaveCount(0);
    await expect(cards.first()).toContainText((newest[0] as Product).name);
    await expect(page.locator('.content-product .ms-price')).toHaveCount(0);
  });
});

test.describe('about and clients', () => {
  test('about shows the story, eight activities and the company details', async ({ page }) => {
    await page.goto('/about');
    await expect(content(page).getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    await expect(page.locator('.content-activities > li')).toHaveCount(8);
    const details = page.locator('.content-details');
    for (const text of [
      '1983',
      'Manufacturer, Importer and Distributor',
      'Chennai, Bangalore, Coimbatore',
      '50-100',
    ]) {
      await expect(details).toContainText(text);
    }
    await expectNoA11yViolations(page);
  });

  test('clients shows logos by sector and the achievements', async ({ page }) => {
    await page.goto('/clients');
    for (const sector of ['Automotive', 'Aerospace', 'Manufacturing', 'Technology']) {
      const region = page.getByRole('region', { name: sector });
      await expect(region.getByRole('img')).toHaveCount(4);
    }
    const achievements = page.getByRole('region', { name: 'Our achievements' });
    for (const figure of ['5000+', '20+', '40+']) await expect(achievements).toContainText(figure);
    // Every logo is a shipped file that loads (offline).
    const logos = page.locator('.content-logos img');
    for (let i = 0; i < (await logos.count()); i += 1) {
      const logo = logos.nth(i);
      await logo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    await expectNoA11yViolations(page);
  });
});

test.describe('calibration', () => {
  test('tabs show each centre with its year, photos and the NABL certificate except for mobile', async ({
    page,
  }) => {
    await page.goto('/calibration');
    const expected: [string, string | null, boolean][] = [
      ['Chennai', 'Established 1995', true],
      ['Bangalore', 'Established 2004', true],
      ['Coimbatore', 'Established 2007', true],
      ['Mobile Calibration', null, false],
    ];
    for (const [name, year, nabl] of expected) {
      await page.getByRole('tab', { name }).click();
      const panel = page.getByRole('tabpanel', { name });
      await expect(panel).toBeVisible();
      if (year) await expect(panel.getByText(year)).toBeVisible();
      else await expect(panel.getByText(/Established/)).toHaveCount(0);
      await expect(panel.getByRole('button', { name: /^Enlarge photo/ })).toHaveCount(2);
      await expect(panel.getByRole('img', { name: /NABL certificate/ })).toHaveCount(nabl ? 1 : 0);
      await expect(panel.getByRole('link', { name: 'Request Calibration' })).toHaveAttribute(
        'href',
        '/contact',
      );
    }
    // Keyboard: arrows move along the tabs.
    await page.getByRole('tab', { name: 'Mobile Calibration' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Chennai' })).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(page);
  });

  test('a photo opens in an accessible lightbox that Escape closes, returning focus', async ({ page }) => {
    await page.goto('/calibration');
    await page.getByRole('tab', { name: 'Coimbatore' }).click();
    const opener = page
      .getByRole('tabpanel', { name: 'Coimbatore' })
      .getByRole('button', { name: /^Enlarge photo 1/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Coimbatore: photo 1 of 2' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close photo' })).toBeFocused();
    await expect
      .poll(() => dialog.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('dialog', { name: 'Coimbatore: photo 2 of 2' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe('news and testimonials', () => {
  test('news lists the items from the API with alternating layout and a Subscribe Now link', async ({
    page,
    site,
  }) => {
    const { data } = await callApi<NewsResponse>(site, '/api/dashboard/news');
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest News & Events' })).toBeVisible();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(data.length);
    await expect(articles.first()).toContainText((data[0] as NewsItem).title);
    await expect(articles.nth(1)).toHaveClass(/content-entry--flipped/);
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/contact');
    await expectNoA11yViolations(page);
  });

  test('news stays empty, silently, when the call fails', async ({ page }) => {
    await page.route('**/api/dashboard/news', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'down' } }),
    );
    await openInBrowser(page, '/news');
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('testimonials show ratings, quotes and media; videos never break the page offline', async ({
    page,
    site,
  }) => {
    const { data } = await callApi<TestimonialsResponse>(site, '/api/dashboard/testimonials');
    // The video host cannot be reached, as on an offline machine.
    await page.route(/youtube/, (route) => route.abort('internetdisconnected'));
    await page.goto('/testimonial');
    await expect(page.getByRole('heading', { level: 1, name: 'Client Testimonials' })).toBeVisible();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(data.length);
    const first = data[0] as Testimonial;
    await expect(articles.first().getByRole('img', { name: `Rated ${first.stars} out of 5` })).toBeVisible();
    const withVideo = data.findIndex((t) => t.videoUrl);
    if (withVideo >= 0) {
      const name = (data[withVideo] as Testimonial).name;
      await expect(
        articles
          .nth(withVideo)
          .getByRole('link', { name: `Watch the video from ${name} (opens in a new tab)` }),
      ).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Contact Us Today' })).toHaveAttribute('href', '/contact');
    await expectNoA11yViolations(page);
  });

  test('a reachable video is embedded in a named, lazy frame', async ({ page }) => {
    await page.route(/youtube/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Video</title><p>Video</p>',
      }),
    );
    await page.goto('/testimonial');
    const frame = page.locator('iframe').first();
    await expect(frame).toHaveAttribute('title', /^Video testimonial from /);
    await expect(frame).toHaveAttribute('loading', 'lazy');
  });
});

test.describe('contact', () => {
  test('the form checks its fields, stores the message for the inbox and confirms with a toast', async ({
    page,
    site,
  }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Submit Enquiry' }).click();
    for (const message of [
      'Product is required',
      'Name is required',
      'Email is required',
      'Mobile number is required',
      'Enquiry details are required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: /Product/ })).toBeFocused();
    await expectNoA11yViolations(page);

    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(site.apiUrl)) apiCalls.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('textbox', { name: /Product/ }).fill('Video measuring machine');
    await page.getByRole('textbox', { name: /Name/ }).fill('Asha Rao');
    await page.getByRole('textbox', { name: /Email/ }).fill('asha@example.com');
    await page.getByRole('textbox', { name: /Mobile/ }).fill('+91 98400 12345');
    await page.getByRole('textbox', { name: /Enquiry details/ }).fill('Please send a quotation.');
    await page.getByRole('button', { name: 'Submit Enquiry' }).click();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Enquiry Submitted');
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you shortly.");
    await expect(page.getByRole('textbox', { name: /Product/ })).toHaveValue('');
    // The message also goes to the staff's inbox; the visitor sees SPEC's toast either way.
    expect(apiCalls).toEqual([`POST ${site.apiUrl}/api/contact/submit`]);
  });

  test('branch tabs show address, phone and e-mail; the map degrades to the address when it cannot load', async ({
    page,
  }) => {
    await page.route(/openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await page.goto('/contact');
    const tabs = page.getByRole('tablist', { name: 'Branches' }).getByRole('tab');
    await expect(tabs).toHaveText(['Chennai', 'Coimbatore', 'Bangalore', 'Pune']);
    for (const city of ['Chennai', 'Coimbatore', 'Bangalore', 'Pune']) {
      await page.getByRole('tab', { name: city }).click();
      const panel = page.getByRole('tabpanel', { name: city });
      await expect(panel.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
      await expect(panel.getByRole('link', { name: /@metrologyinstrumentsgroup\.com$/ })).toHaveAttribute(
        'href',
        /^mailto:/,
      );
      await expect(panel.getByText('The map cannot be shown right now.')).toBeVisible();
      await expect(panel.locator('.content-map__address')).not.toBeEmpty();
    }
    await expect(page.locator('iframe')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('the map is embedded when its host answers', async ({ page }) => {
    await page.route(/openstreetmap\.org/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Map</title><p>Map</p>',
      }),
    );
    await page.goto('/contact');
    const frame = page.getByRole('tabpanel', { name: 'Chennai' }).locator('iframe');
    await expect(frame).toHaveAttribute('title', 'Map of the Chennai branch');
    await expect(frame).toHaveAttribute('src', /openstreetmap\.org\/export\/embed\.html/);
  });
});
