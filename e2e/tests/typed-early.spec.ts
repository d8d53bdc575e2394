import type { Page, Request } from '@playwright/test';
import { STAFF } from '../support/back-office-accounts';
import { expect, test, type Site } from '../support/fixtures';
import {
  DELIVERY_ADDRESS,
  callApi,
  registerShopper,
  searchProducts,
  type Product,
} from '../support/shop-api';

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

/** The job application the API stored under this applicant's name, as the staff's inbox lists it. */
async function storedApplication(site: Site, name: string): Promise<Record<string, unknown> | undefined> {
  const login = await fetch(`${site.apiUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
  });
  const { token = '' } = (await login.json()) as { token?: string };
  const response = await fetch(`${site.apiUrl}/api/staff/inbox/applications?limit=100`, {
    headers: { token },
  });
  const { items = [] } = (await response.json()) as { items?: Record<string, unknown>[] };
  return items.find((item) => item.name === name);
}

async function pricedProduct(site: Parameters<typeof searchProducts>[0], company: string): Promise<Product> {
  const [product] = (await searchProducts(site, `company=${company}&limit=10`)).filter((p) => p.price > 0);
  if (!product) throw new Error(`no priced ${company} product`);
  return product;
}

/** A new shopper with a priced Mahr product in their server cart, signed in on the page (the token it keeps). */
async function signedInWithLine(page: Page, site: Site, name: string) {
  const product = await pricedProduct(site, 'Mahr');
  const shopper = await registerShopper(site, name);
  await callApi(site, '/api/cart/add', { itemId: product._id, quantity: 1 }, shopper.token);
  await page.addInitScript((token) => localStorage.setItem('token', token), shopper.token);
  return { product, shopper };
}

/** The address as typed into the checkout's fields, by their labels. */
const ADDRESS_LABELS: Record<keyof typeof DELIVERY_ADDRESS, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  street: 'Street Address',
  city: 'City',
  state: 'State',
  zipcode: 'PIN Code',
  country: 'Country',
  phone: 'Phone Number',
};

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

    test('the enquiry dialog: opened and filled as it shows, every field reaches the API', async ({
      page,
      site,
    }) => {
      await site.setCountry('IN');
      const product = await pricedProduct(site, 'Tespa');
      await atSpeed(page, speed.rate);
      await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Send Enquiry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Enquiry' });
      await dialog.getByLabel('Email').fill('buyer@example.com');
      await dialog.getByLabel('Quantity').fill('3');
      await dialog.getByLabel(/Company Name/).fill('Precision Works');
      await dialog.getByLabel('Mobile Number').fill('+91 98765 43210');
      await dialog.getByLabel('Country').fill('India');
      await dialog.getByLabel(/Purpose/).fill('Incoming inspection');
      await dialog.getByLabel(/Requirement Details/).fill('Three units, NABL certificates please.');
      const sent = nextApiPost(page, '/api/enquiry/submit');
      await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
      expect(await bodyTaken(await sent)).toEqual({
        productId: product._id,
        productName: product.name,
        email: 'buyer@example.com',
        quantity: 3,
        companyName: 'Precision Works',
        mobileNo: '+91 98765 43210',
        country: 'India',
        purpose: 'Incoming inspection',
        requirementDetails: 'Three units, NABL certificates please.',
      });
      await expect(page.getByText('Enquiry submitted successfully! We will contact you soon.')).toBeVisible();
    });

    test('the careers application: every field typed as the form shows reaches the API', async ({
      page,
      site,
    }) => {
      const applicant = `Asha Rao ${speed.rate}x ${Date.now().toString(36)}`;
      await atSpeed(page, speed.rate);
      await page.goto('/careers', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Apply Now' }).first().click();
      const form = page.getByRole('form', { name: /^Apply for / });
      const position = await form.getByRole('combobox', { name: /Position/ }).inputValue();
      expect(position).not.toBe('');
      await form.getByRole('textbox', { name: /Full name/ }).fill(applicant);
      await form.getByRole('textbox', { name: /Email/ }).fill('asha.rao@example.com');
      await form.getByRole('textbox', { name: /Qualification/ }).fill('B.E. Mechanical Engineering');
      await form.getByRole('textbox', { name: /Mobile number/ }).fill('+91 98400 12345');
      await form.getByLabel(/Resume/).setInputFiles({
        name: 'asha-rao.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
      });
      await form.getByRole('textbox', { name: /Message/ }).fill('Eight years of CMM programming.');
      // The browser does not show a request body with a file in it: what the API stored is checked instead.
      const sent = nextApiPost(page, '/api/careers/applications/submit');
      await form.getByRole('button', { name: 'Submit Application' }).click();
      expect((await (await sent).response())?.ok()).toBe(true);
      expect(await storedApplication(site, applicant)).toMatchObject({
        name: applicant,
        email: 'asha.rao@example.com',
        phone: '+91 98400 12345',
        subject: position,
        details: 'Eight years of CMM programming.',
        extra: { Qualification: 'B.E. Mechanical Engineering' },
        resume: { name: 'asha-rao.pdf', type: 'application/pdf' },
      });
    });

    test('the checkout address: typed as the form shows, the order the API gets carries it whole', async ({
      page,
      site,
    }) => {
      await signedInWithLine(page, site, `address-${speed.rate}x`);
      await atSpeed(page, speed.rate);
      await page.goto('/place-order', { waitUntil: 'commit' });
      const address = { ...DELIVERY_ADDRESS, email: `kavya-${speed.rate}x@example.com` };
      for (const [name, label] of Object.entries(ADDRESS_LABELS))
        await page.getByLabel(label, { exact: true }).fill(address[name as keyof typeof address]);
      const sent = nextApiPost(page, '/api/order/place');
      await page.getByRole('button', { name: 'Place Order' }).click();
      expect(((await bodyTaken(await sent)) as { address?: unknown }).address).toEqual(address);
      await expect(page.getByText('Order placed successfully!')).toBeVisible();
    });

    test('the payment method: chosen in the page the server rendered, it is the one the order is paid with', async ({
      page,
      site,
    }) => {
      const { product, shopper } = await signedInWithLine(page, site, `method-${speed.rate}x`);
      await callApi(site, '/api/address/save', { address: DELIVERY_ADDRESS }, shopper.token);
      // Coming from the cart, the browser has its cookie: the server renders the checkout with its line, and the
      // payment methods are in its HTML, to be chosen before the page is live.
      const cart = `${product._id}:1`;
      const html = await (
        await fetch(`${site.url}/place-order`, { headers: { cookie: `shop_cart=${cart}` } })
      ).text();
      expect(html).toContain('value="razorpay"');
      await page.context().addCookies([{ name: 'shop_cart', value: cart, url: site.url }]);
      await atSpeed(page, speed.rate);
      await page.goto('/place-order', { waitUntil: 'commit' });
      await page.getByRole('radio', { name: /Razorpay/ }).check();
      const sent = nextApiPost(page, '/api/order/razorpay');
      await page.getByRole('button', { name: 'Place Order' }).click();
      expect(((await bodyTaken(await sent)) as { address?: unknown }).address).toMatchObject(
        DELIVERY_ADDRESS,
      );
      await expect(page.getByRole('dialog', { name: 'Sandbox payment' })).toBeVisible();
      await expect(page.getByRole('radio', { name: /Razorpay/ })).toBeChecked();
    });
  });
}
