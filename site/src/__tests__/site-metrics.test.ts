// GET /metrics of the site server: Prometheus text; a page view moves the request, page-cache, render
// and per-version counters; refused to an outside address, directly or forwarded by the balancer.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parsePrometheusText, sampleValue } from '../../../test-kit/src/prometheus-text';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

const TEMPLATE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

// A shell Node build standing in for shell/dist/server/render.js: /broken's section fails on the server.
const RENDER = `
module.exports.renderPage = async ({ url }) => {
  const broken = url.startsWith('/broken');
  return {
    status: 200,
    html: '<h1>' + (broken ? 'Rendered by the browser' : 'About Us') + '</h1>',
    headTags: '',
    head: {},
    data: {},
    section: broken ? null : { remote: 'mfe-content', module: './AboutPage', version: '1.0.0' },
    problems: broken ? ['mfe-content 2.0.0 threw while rendering'] : [],
    failed: broken ? [{ remote: 'mfe-content', version: '2.0.0' }] : [],
  };
};
`;

let root: string;
let app: FastifyInstance;
beforeAll(async () => {
  root = await tempDir('site-metrics');
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(path.join(shellDir, 'server'), { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), TEMPLATE);
  await fs.writeFile(path.join(shellDir, 'server', 'render.js'), RENDER);
  app = await createSiteServer({
    shellDir,
    releasesDir: path.join(root, 'releases'),
    apiPort: 4000,
    geoUrl: 'http://127.0.0.1:9/{ip}/json/',
    deliveryFee: 10,
    trustProxy: ['127.0.0.1'],
    // Long enough that the second view below is a hit whatever the machine's speed.
    pageCacheMs: 600_000,
    registryStore: {
      readText: async () => JSON.stringify({ remotes: { 'mfe-content': { current: '1.0.0', history: [] } } }),
    },
  });
});
afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function scrape() {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

const page = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '10.0.0.5' });

it('a page view moves the request, cache, render and per-version counters', async () => {
  const content = { remote: 'mfe-content', version: '1.0.0' };
  const before = await scrape();
  const first = await page('/about');
  expect([first.statusCode, first.body.includes('About Us')]).toEqual([200, true]);
  const afterFirst = await scrape();
  expect(sampleValue(afterFirst, 'metrology_page_views_total', content)).toBe(
    sampleValue(before, 'metrology_page_views_total', content) + 1,
  );
  expect(sampleValue(afterFirst, 'metrology_page_cache_total', { result: 'miss' })).toBe(
    sampleValue(before, 'metrology_page_cache_total', { result: 'miss' }) + 1,
  );
  expect(sampleValue(afterFirst, 'metrology_page_render_seconds_count')).toBe(
    sampleValue(before, 'metrology_page_render_seconds_count') + 1,
  );
  const pages = afterFirst.filter(
    (s) =>
      s.name === 'metrology_http_requests_total' && s.labels.method === 'GET' && s.labels.status === '200',
  );
  expect(pages.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThan(0);

  // The same page again: served from the cache, no render, one more view.
  await page('/about');
  const afterSecond = await scrape();
  expect(sampleValue(afterSecond, 'metrology_page_cache_total', { result: 'hit' })).toBe(
    sampleValue(afterFirst, 'metrology_page_cache_total', { result: 'hit' }) + 1,
  );
  expect(sampleValue(afterSecond, 'metrology_page_render_seconds_count')).toBe(
    sampleValue(afterFirst, 'metrology_page_render_seconds_count'),
  );
  expect(sampleValue(afterSecond, 'metrology_page_views_total', content)).toBe(
    sampleValue(afterFirst, 'metrology_page_views_total', content) + 1,
  );
});

it('counts a section that failed to render, per remote version', async () => {
  const broken = { remote: 'mfe-content', version: '2.0.0' };
  const before = await scrape();
  expect((await page('/broken')).statusCode).toBe(200);
  const after = await scrape();
  expect(sampleValue(after, 'metrology_page_render_failures_total', broken)).toBe(
    sampleValue(before, 'metrology_page_render_failures_total', broken) + 1,
  );
});

it('is refused to an outside address, directly or forwarded by the balancer', async () => {
  const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
  expect(outside.statusCode).toBe(403);
  const forwarded = await app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
  });
  expect(forwarded.statusCode).toBe(403);
  expect(forwarded.body).not.toContain('metrology_');
});
