import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { registerShopper } from '../support/shop-api';

// Text lives in the page: every form keeps its values in its fields (read when it is sent), so what a shopper
// types before, while or after the page hydrates is what reaches the server. Each form is filled and sent as soon
// as its controls show (the page is only committed, nothing waits for its scripts), at the machine's speed and
// on a CPU slowed six times (a mid-range phone); the request the API gets must hold every key as typed.

const SPEEDS = [
  { name: 'at normal speed', rate: 1 },
  { name: 'on a CPU slowed six times', rate: 6 },
] as const;

async function atSpeed(page: Page, rate: number): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The next request the page makes to the API path given, with its JSON body and whether the API took it. */
function nextApiPost(page: Page, path: string): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === path,
    { timeout: 45_000 },
  );
}

async function bodyTaken(request: Request): Promise<unknown> {
  const response = await request.response();
  expect(response?.ok(), `${request.url()} answered ${response?.status()}`).toBe(true);
  return request.postDataJSON();
}

for (const speed of SPEEDS) {
  test.describe(speed.name, () => {
    test('/contact: every field typed and sent at once reaches the API', async ({ page }) => {
      const run = `${speed.rate}x ${Date.now().toString(36)}`;
      await atSpeed(page, speed.rate);
      await page.goto('/contact', { waitUntil: 'commit' });
      await page.getByRole('textbox', { name: /Product/ }).fill(`Bore gauge ${run}`);
      await page.getByRole('textbox', { name: /Name/ }).fill('Asha Menon');
      await page.getByRole('textbox', { name: /Email/ }).fill('asha@example.com');
      await page.getByRole('textbox', { name: /Mobile/ }).fill('+91 98400 12345');
      await page.getByRole('combobox', { name: 'Requirement (optional)' }).selectOption('Calibration');
      const details = page.getByRole('textbox', { name: /Enquiry details/ });
      await details.fill('Two bore gauges, calibrated');
      // More keys at the end of the text, whenever they land (before, while or after the page hydrates).
      await details.press('End');
      await details.pressSequentially(' with certificates');
      const sent = nextApiPost(page, '/api/contact/submit');
      await page.getByRole('button', { name: 'Submit Enquiry' }).click();
      expect(await bodyTaken(await sent)).toEqual({
        product: `Bore gauge ${run}`,
        name: 'Asha Menon',
        email: 'asha@example.com',
        mobile: '+91 98400 12345',
        requirement: 'Calibration',
        enquiryDetails: 'Two bore gauges, calibrated with certificates',
      });
      await expect(page.getByText('Enquiry Submitted')).toBeVisible();
      // The form empties once sent, as after any enquiry.
      await expect(details).toHaveValue('');
      await expect(page.getByRole('combobox', { name: 'Requirement (optional)' })).toHaveValue('');
    });

    test('sign-up: the dialog opened at once, each field typed as it shows, all three reach the API', async ({
      page,
    }) => {
      const email = `sign-up-${speed.rate}x-${Date.now().toString(36)}@example.com`;
      await atSpeed(page, speed.rate);
      await page.goto('/about', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Login / Register' }).click();
      const login = page.getByRole('dialog', { name: 'Welcome Back!' });
      // Typed in Login mode, then the switch: what was typed goes along.
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password').fill('gauge-blocks-42');
      await login.getByRole('button', { name: 'Create new account' }).click();
      const signUp = page.getByRole('dialog', { name: 'Create Account' });
      await signUp.getByLabel('Name').fill('Asha Rao');
      const sent = nextApiPost(page, '/api/user/register');
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      expect(await bodyTaken(await sent)).toEqual({ name: 'Asha Rao', email, password: 'gauge-blocks-42' });
      await expect(page.getByText('Account created successfully!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account, logged in' })).toBeVisible();
    });

    test('login: e-mail and password typed as the dialog shows reach the API', async ({ page, site }) => {
      const shopper = await registerShopper(site, `login-${speed.rate}x`);
      await atSpeed(page, speed.rate);
      await page.goto('/about', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Login / Register' }).click();
      const login = page.getByRole('dialog', { name: 'Welcome Back!' });
      await login.getByLabel('Email').fill(shopper.email);
      await login.getByLabel('Password').fill(shopper.password);
      const sent = nextApiPost(page, '/api/user/login');
      await login.getByRole('button', { name: 'Sign In' }).click();
      expect(await bodyTaken(await sent)).toEqual({ email: shopper.email, password: shopper.password });
      await expect(page.getByText('Welcome back!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account, logged in' })).toBeVisible();
    });
  });
}
