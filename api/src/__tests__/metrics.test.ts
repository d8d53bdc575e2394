// GET /metrics: Prometheus text, moving with traffic, and refused to anyone outside loopback and the
// TRUST_PROXY network, also through the balancer.
import type { FastifyInstance } from 'fastify';
import { signToken } from '@metrology/server-kit/signed-token';
import { parsePrometheusText, sampleValue } from '@metrology/test-kit/prometheus-text';
import { startApp } from './helpers/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp({
    trustProxy: ['127.0.0.1'],
    rateLimit: { calls: { loadFailures: 1 } },
    releases: { signingKey: 'metrics-test-key', checkSeconds: 0 },
  });
});
afterAll(() => app.close());

async function scrape() {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

it('answers Prometheus text that moves with traffic', async () => {
  const list = { method: 'GET', route: '/api/product/list', status: '200' };
  const before = await scrape();
  const listed = await app.inject({
    method: 'GET',
    url: '/api/product/list?limit=2',
    remoteAddress: '10.0.0.9',
  });
  expect(listed.statusCode).toBe(200);
  const after = await scrape();
  expect(sampleValue(after, 'metrology_http_requests_total', list)).toBe(
    sampleValue(before, 'metrology_http_requests_total', list) + 1,
  );
  expect(sampleValue(after, 'metrology_http_request_duration_seconds_count', list)).toBe(
    sampleValue(before, 'metrology_http_request_duration_seconds_count', list) + 1,
  );
  // One series per route pattern, not per URL.
  await app.inject({ method: 'GET', url: '/api/product/slug/no-such-product' });
  const slugs = (await scrape()).filter(
    (s) => s.name === 'metrology_http_requests_total' && s.labels.route?.startsWith('/api/product/slug'),
  );
  expect(slugs.map((s) => s.labels.route)).toEqual(['/api/product/slug/:slug']);
  // The pool's gauges are there (PGlite: one connection; PostgreSQL: the pool's).
  const pool = after.filter((s) => s.name === 'metrology_db_pool_connections').map((s) => s.labels.state);
  expect(pool.sort()).toEqual(['in_use', 'max', 'open']);
  expect(after.some((s) => s.name === 'metrology_db_pool_waiting')).toBe(true);
});

it('counts rate-limit refusals and the load failures browsers report, per remote version', async () => {
  const report = (version: string) =>
    app.inject({
      method: 'POST',
      url: '/api/releases/load-failures',
      remoteAddress: '10.0.0.7',
      payload: {
        // Only reports carrying the page token the site signed are accepted.
        pageToken: signToken('metrics-test-key', { session: 's1', versions: { 'mfe-content': version } }, 60),
        remote: 'mfe-content',
        version,
        kind: 'entry',
        message: 'failed to load',
      },
    });
  const before = await scrape();
  expect((await report('1.4.0')).statusCode).toBe(200);
  expect((await report('1.4.0')).statusCode).toBe(429);
  const after = await scrape();
  const route = { route: '/api/releases/load-failures' };
  expect(sampleValue(after, 'metrology_rate_limit_refusals_total', route)).toBe(
    sampleValue(before, 'metrology_rate_limit_refusals_total', route) + 1,
  );
  expect(
    sampleValue(after, 'metrology_remote_load_failures_total', { remote: 'mfe-content', version: '1.4.0' }),
  ).toBe(1);
});

it('is refused to an outside address, directly or forwarded by the balancer', async () => {
  const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
  expect(outside.statusCode).toBe(403);
  expect(outside.json()).toEqual({ success: false, message: expect.stringMatching(/operator/) });
  // nginx (trusted, on loopback) forwarding a visitor: the visitor is the client. A forged first hop changes nothing.
  const forwarded = await app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
  });
  expect(forwarded.statusCode).toBe(403);
  expect(forwarded.body).not.toContain('metrology_');
});
