import { createServer, type Server } from 'node:http';
import { describeFailure, reportLoadFailure, type LoadFailureReport } from '../load-failure-report';

let server: Server;
let baseUrl: string;
let received: { method: string; url: string; type: string | undefined; body: unknown }[] = [];
let status = 200;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      type: request.headers['content-type'],
      body: raw ? JSON.parse(raw) : undefined,
    });
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify({ success: status === 200, message: 'Report received' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let errors: jest.SpyInstance;
let warnings: jest.SpyInstance;
beforeEach(() => {
  received = [];
  status = 200;
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
  await reportLoadFailure(baseUrl, report);
  expect(received).toEqual([
    { method: 'POST', url: '/api/releases/load-failures', type: 'application/json', body: report },
  ]);
  expect(errors).toHaveBeenCalledWith(
    '[releases] mfe-content 1.2.0 failed (render): Page exploded — falling back to 1.1.0',
  );
});

test('fits the API limits and leaves out what is not known', async () => {
  await reportLoadFailure(baseUrl, {
    remote: 'mfe-content',
    kind: 'entry',
    message: 'x'.repeat(5000),
    version: `1.0.0-${'a'.repeat(80)}`,
  });
  const body = received[0]?.body as Record<string, string>;
  expect(body.message).toHaveLength(2000);
  expect(body.version).toHaveLength(50);
  expect(Object.keys(body).sort()).toEqual(['kind', 'message', 'remote', 'version']);
});

test('an API that refuses or is down never breaks the page', async () => {
  status = 400;
  await expect(reportLoadFailure(baseUrl, report)).resolves.toBeUndefined();
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
