import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, expectNoA11yViolations, type Site } from '../support/fixtures';
import { openInBrowser } from '../support/in-browser';
import { callApi, type JobOpening, type JobOpeningsResponse } from '../support/shop-api';

/** A real, small, valid PDF with one page that says who applies. */
function smallPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const resumesDir = (site: Site) => path.join(site.dataDir, 'resumes');
const storedResumes = async (site: Site) =>
  (await readdir(resumesDir(site)).catch(() => [] as string[])).sort();

test.describe('careers', () => {
  test('lists the openings; one expands at a time', async ({ page, site }) => {
    const { data } = await callApi<JobOpeningsResponse>(site, '/api/dashboard/careers');
    expect(data.length).toBeGreaterThan(1);
    await page.goto('/careers');
    const [first, second] = data as [JobOpening, JobOpening];
    const firstToggle = page.getByRole('button', { name: first.title });
    const secondToggle = page.getByRole('button', { name: second.title });
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(data.length);

    await firstToggle.click();
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(first.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Responsibilities' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await expectNoA11yViolations(page);

    await secondToggle.press('Enter');
    await expect(secondToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(first.description)).toBeHidden();
  });

  test('an application with a real PDF resume is stored by the API', async ({ page, site }) => {
    const before = await storedResumes(site);
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const form = page.getByRole('form', { name: /^Apply for / });
    await expect(page.getByRole('heading', { name: /^Apply for / })).toBeFocused();
    await expectNoA11yViolations(page);

    // Submitting empty shows every message.
    await form.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Qualification is required',
      'Mobile number is required',
      'Resume is required',
      'Message is required',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expectNoA11yViolations(page);

    const pdf = smallPdf('Resume of Asha Rao');
    await form.getByRole('textbox', { name: /Full name/ }).fill('Asha Rao');
    await form.getByRole('textbox', { name: /Email/ }).fill('asha.rao@example.com');
    await form.getByRole('textbox', { name: /Qualification/ }).fill('B.E. Mechanical Engineering');
    await form.getByRole('textbox', { name: /Mobile number/ }).fill('+91 98400 12345');
    await form
      .getByLabel(/Resume/)
      .setInputFiles({ name: 'asha-rao.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form
      .getByRole('textbox', { name: /Message/ })
      .fill('Eight years of CMM programming; I would love to join.');
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/careers/applications/submit'));
    await form.getByRole('button', { name: 'Submit Application' }).click();
    expect((await submitted).status()).toBe(200);

    await expect(page.getByRole('alert')).toContainText(
      "Thank you for your interest. We'll review your application and get back to you soon.",
    );
    await expect(page.getByRole('form')).toHaveCount(0);

    const after = await storedResumes(site);
    const added = after.filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    const stored = await readFile(path.join(resumesDir(site), added[0] as string));
    expect(stored.equals(pdf)).toBe(true);

    // The form opens again empty.
    await page.getByRole('button', { name: 'Apply Now' }).nth(1).click();
    await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveValue('');
  });

  test('a resume over 2 MB or of another type is refused and the input cleared', async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const input = page.getByLabel(/Resume/);
    await input.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([smallPdf('big'), Buffer.alloc(2 * 1024 * 1024)]),
    });
    await expect(page.getByText('File size should not exceed 2MB')).toBeVisible();
    await expect(input).toHaveValue('');
    await input.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a resume'),
    });
    await expect(page.getByText('Please upload a PDF, DOC or DOCX file')).toBeVisible();
    await expect(input).toHaveValue('');
    await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: smallPdf('cv') });
    await expect(page.getByText('Please upload a PDF, DOC or DOCX file')).toHaveCount(0);
    await expect(input).toHaveValue(/cv\.pdf$/);
  });

  test("the server's refusal shows as a toast and keeps the form", async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const form = page.getByRole('form', { name: /^Apply for / });
    await form.getByRole('textbox', { name: /Full name/ }).fill('Asha Rao');
    await form.getByRole('textbox', { name: /Email/ }).fill('asha.rao@example.com');
    await form.getByRole('textbox', { name: /Qualification/ }).fill('B.E.');
    await form.getByRole('textbox', { name: /Mobile number/ }).fill('9840012345');
    // Named .pdf but not a PDF inside: the API checks the content and refuses it.
    await form
      .getByLabel(/Resume/)
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
    await form.getByRole('textbox', { name: /Message/ }).fill('Hello');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('alert')).toContainText('Please upload a PDF, DOC or DOCX file');
    await expect(form).toBeVisible();
    await expect(form.getByRole('textbox', { name: /Full name/ })).toHaveValue('Asha Rao');
  });

  test('a failed load shows the message inline with Try Again and an Error toast', async ({ page }) => {
    let failing = true;
    await page.route('**/api/dashboard/careers', (route) =>
      failing
        ? route.fulfill({ status: 503, json: { success: false, message: 'Careers are being updated' } })
        : route.continue(),
    );
    await openInBrowser(page, '/careers');
    const boundary = page.locator('[data-boundary="careers"]');
    await expect(boundary.getByText('Careers are being updated')).toBeVisible();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Careers are being updated');
    await expectNoA11yViolations(page);

    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Apply Now' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  });

  test("'Failed to fetch jobs' when the API cannot be reached, and the empty message", async ({ page }) => {
    await page.route('**/api/dashboard/careers', (route) => route.abort('connectionrefused'));
    await openInBrowser(page, '/careers');
    await expect(page.locator('.careers-error')).toContainText('Failed to fetch jobs');
    await page.unroute('**/api/dashboard/careers');

    await page.route('**/api/dashboard/careers', (route) =>
      route.fulfill({ json: { success: true, data: [] } }),
    );
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('No job openings available at the moment.')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
