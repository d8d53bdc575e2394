import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';

/**
 * A shell dialog over a section's dialog: the catalog's enquiry dialog offers a visitor who is not logged in
 * the shell's login dialog (the API links an enquiry to the account whose token comes with it). Both are the
 * kit's Dialog, in one stack: only the top one answers Tab and Escape, and closing it gives the focus back to
 * the enquiry dialog.
 */

/** A product from the real API that has a product page. */
async function anyProduct(site: Site): Promise<{ slug: string }> {
  const response = await fetch(`${site.apiUrl}/api/product/search?company=Tespa&limit=1&facets=false`);
  const body = (await response.json()) as { products: { slug: string }[] };
  const product = body.products[0];
  if (!product) throw new Error('No Tespa product in the seed');
  return product;
}

/** The accessible name of the dialog the focused element is in ('' when it is in none). */
function focusedDialog(page: Page): Promise<string> {
  return page.evaluate(() => {
    const box = document.activeElement?.closest('[role="dialog"]');
    const id = box?.getAttribute('aria-labelledby');
    return (id && document.getElementById(id)?.textContent?.trim()) || '';
  });
}

async function tabAround(page: Page, presses: number, key: 'Tab' | 'Shift+Tab'): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    seen.add(await focusedDialog(page));
  }
  return seen;
}

async function focusableCount(dialog: Locator): Promise<number> {
  return dialog.evaluate(
    (box) =>
      box.querySelectorAll(
        'button:not([disabled]), input:not([disabled]), a[href], select, textarea, [tabindex="0"]',
      ).length,
  );
}

test('a shell dialog over a remote dialog: Tab and Escape act on the top one; closing it returns focus', async ({
  page,
  site,
}) => {
  // Indian visitors see Send Enquiry on every product page (SPEC).
  await site.setCountry('IN');
  const product = await anyProduct(site);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Send Enquiry' }).click();
  const enquiry = page.getByRole('dialog', { name: 'Send Enquiry' });
  await expect(enquiry).toBeVisible();
  await enquiry.getByLabel('Email').fill('buyer@example.com');

  const logIn = enquiry.getByRole('button', { name: 'Log in to link this enquiry to it' });
  await logIn.click();
  const login = page.getByRole('dialog', { name: 'Welcome Back!' });
  await expect(login).toBeVisible();
  await expect.poll(() => focusedDialog(page)).toBe('Welcome Back!');
  await expectNoA11yViolations(page);

  // Tab and Shift+Tab go round the login dialog only, however often they are pressed.
  const around = (await focusableCount(login)) + 3;
  expect(await tabAround(page, around, 'Tab')).toEqual(new Set(['Welcome Back!']));
  expect(await tabAround(page, around, 'Shift+Tab')).toEqual(new Set(['Welcome Back!']));

  // Escape closes the top dialog only; the enquiry dialog stays open with what was typed, focus back on its
  // Log in button.
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);
  await expect(enquiry).toBeVisible();
  await expect(logIn).toBeFocused();
  await expect(enquiry.getByLabel('Email')).toHaveValue('buyer@example.com');

  // Now the enquiry dialog answers the keyboard again: Tab stays in it, Escape closes it.
  expect(await tabAround(page, (await focusableCount(enquiry)) + 2, 'Tab')).toEqual(
    new Set(['Send Enquiry']),
  );
  await page.keyboard.press('Escape');
  await expect(enquiry).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Enquiry' })).toBeFocused();
});
