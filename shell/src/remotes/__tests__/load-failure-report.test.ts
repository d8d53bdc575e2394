import { withSectionApi } from '@metrology/test-kit';
import { describeFailure, reportLoadFailure, type LoadFailureReport } from '../load-failure-report';

const api = withSectionApi();
let status = 200;
beforeEach(() => {
  status = 200;
  api.override('POST /api/releases/load-failures', () => ({
    status,
    body: { success: status === 200, message: 'Report received' },
  }));
});

/** What reached the API: method, path, content type and body of each call. */
const received = () =>
  api.calls.map(({ method, path, contentType, body }) => ({ method, url: path, type: contentType, body }));

let errors: jest.SpyInstance;
let warnings: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  errors.mockRestore();
  warnings.mockRestore();
});

const report: LoadFailureReport = {
  remote: 'mfe-content',
  version: '1.2.0',
  kind: 'render',
  message: 'Page exploded',
  url: 'http://shop.test/about',
  fallbackVersion: '1.1.0',
};

test('posts the report to the API and says it on the console', async () => {
  await reportLoadFailure(api.url, report);
  expect(received()).toEqual([
    { method: 'POST', url: '/api/releases/load-failures', type: 'application/json', body: report },
  ]);
  expect(errors).toHaveBeenCalledWith(
    '[releases] mfe-content 1.2.0 failed (render): Page exploded — falling back to 1.1.0',
  );
});

test('fits the API limits and leaves out what is not known', async () => {
  await reportLoadFailure(api.url, {
    remote: 'mfe-content',
    kind: 'entry',
    message: 'x'.repeat(5000),
    version: `1.0.0-${'a'.repeat(80)}`,
  });
  const body = received()[0]?.body as Record<string, string>;
  expect(body.message).toHaveLength(2000);
  expect(body.version).toHaveLength(50);
  expect(Object.keys(body).sort()).toEqual(['kind', 'message', 'remote', 'version']);
});

test('an API that refuses or is down never breaks the page', async () => {
  status = 400;
  await expect(reportLoadFailure(api.url, report)).resolves.toBeUndefined();
  expect(warnings).toHaveBeenCalledWith('[releases] the load-failure report was refused (400)');
  await expect(reportLoadFailure('http://127.0.0.1:1', report)).resolves.toBeUndefined();
  expect(warnings).toHaveBeenLastCalledWith(
    '[releases] the load-failure report could not be sent',
    expect.anything(),
  );
});

test('the console line says when nothing is left to fall back to', () => {
  expect(describeFailure({ remote: 'mfe-careers', kind: 'entry', message: '503' })).toBe(
    '[releases] mfe-careers failed (entry): 503 — no earlier good version is left; the section shows its fallback',
  );
});

test("carries the page's token, which the site server signed into the page", async () => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'page-token';
  element.textContent = JSON.stringify('signed.token');
  document.body.append(element);
  try {
    await reportLoadFailure(api.url, report);
    expect(received()[0]?.body).toEqual({ ...report, pageToken: 'signed.token' });
  } finally {
    element.remove();
  }
});
