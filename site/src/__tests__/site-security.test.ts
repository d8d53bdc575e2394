import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, cspHostsFromEnv, requestIdFrom, withNonce } from '../security.js';
import { createSiteServer } from '../server.js';
import { tempDir } from '../../../releases/src/__tests__/release-fixtures';

// A page above the compression threshold (1 KB), as every real page is.
const PAGE = `<!doctype html><html><head><script defer src="/main.1234567890.js"></script></head><body><div id="root">${'<p>Precision gauges</p>'.repeat(100)}</div><script src="/x.js" nonce="kept"></script></body></html>`;

describe('the content security policy', () => {
  it('lets scripts run only with the nonce or from a trusted script, and forbids framing', () => {
    const policy = contentSecurityPolicy({
      nonce: 'abc+/=',
      apiOrigin: 'http://localhost:4000',
      geoUrl: 'https://ipapi.co/json/',
    });
    const directives = Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toEqual(["'nonce-abc+/='", "'strict-dynamic'", "'self'"]);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'http://localhost:4000', 'https://ipapi.co']),
    );
    expect(directives['img-src']).toContain('http://localhost:4000');
    expect(policy).not.toContain('unsafe-eval');
  });

  it("names the shop's hosts in connect-src, img-src and frame-src, and nothing wider", () => {
    const directives = (policy: string) =>
      Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const byDefault = directives(
      contentSecurityPolicy({
        nonce: 'n',
        apiOrigin: 'https://api.shop.test',
        geoUrl: 'https://geo.test/json/',
      }),
    );
    expect(byDefault['connect-src']).toEqual([
      "'self'",
      'https://api.shop.test',
      'https://geo.test',
      // Probed before they are framed (an unreachable map or video shows its fallback instead).
      'https://www.openstreetmap.org',
      'https://www.youtube-nocookie.com',
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://cdn.razorpay.com',
      'https://translate.google.com',
      'https://translate.googleapis.com',
      'https://translate-pa.googleapis.com',
      'https://www.gstatic.com',
      'https://www.google.com',
    ]);
    expect(byDefault['frame-src']).toEqual([
      "'self'",
      'https://www.openstreetmap.org',
      'https://www.youtube-nocookie.com',
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://cdn.razorpay.com',
    ]);
    expect(byDefault['img-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'blob:',
        'https://api.shop.test',
        'https://api.qrserver.com',
      ]),
    );
    for (const name of ['connect-src', 'img-src', 'frame-src']) {
      expect(byDefault[name]).not.toContain('https:');
      expect(byDefault[name]).not.toContain('*');
    }

    // Each service from its setting: another map host, no QR service, no videos.
    const configured = directives(
      contentSecurityPolicy({
        nonce: 'n',
        apiOrigin: 'https://api.shop.test',
        hosts: cspHostsFromEnv({
          CSP_MAP_HOSTS: 'https://maps.shop.test',
          CSP_QR_HOSTS: '',
          CSP_VIDEO_HOSTS: ' ',
          CSP_PAYMENT_HOSTS: 'https://pay.shop.test, https://pay-cdn.shop.test',
          CSP_TRANSLATE_HOSTS: '',
        }),
      }),
    );
    expect(configured['frame-src']).toEqual([
      "'self'",
      'https://maps.shop.test',
      'https://pay.shop.test',
      'https://pay-cdn.shop.test',
    ]);
    expect(configured['connect-src']).toEqual([
      "'self'",
      'https://api.shop.test',
      'https://maps.shop.test',
      'https://pay.shop.test',
      'https://pay-cdn.shop.test',
    ]);
    expect(configured['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.shop.test',
      'https://pay.shop.test',
      'https://pay-cdn.shop.test',
    ]);
  });

  it('refuses a host setting wider than one origin', () => {
    for (const value of [
      'https:',
      '*',
      'https://*.example.com',
      'https://maps.example.com/embed',
      'maps.example.com',
    ]) {
      expect(() => cspHostsFromEnv({ CSP_MAP_HOSTS: value })).toThrow(/CSP_MAP_HOSTS lists origins/);
    }
    expect(cspHostsFromEnv({ CSP_MAP_HOSTS: 'https://maps.example.com/' }).frame).toContain(
      'https://maps.example.com',
    );
  });

  it('puts the nonce on every script tag that has none', () => {
    expect(withNonce(PAGE, 'N1')).toBe(
      PAGE.replace('<script defer', '<script nonce="N1" defer').replace('nonce="kept"', 'nonce="kept"'),
    );
  });

  it('keeps a well-formed X-Request-Id and replaces anything else', () => {
    expect(requestIdFrom('nginx-5f2a.1')).toBe('nginx-5f2a.1');
    for (const bad of [undefined, '', 'has space', 'x'.repeat(129), 'new\nline']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the site server', () => {
  let root: string;
  let app: FastifyInstance;
  let registryText = JSON.stringify({ remotes: { 'mfe-content': { current: '1.0.0', history: [] } } });
  beforeAll(async () => {
    root = await tempDir('site-security');
    const shellDir = path.join(root, 'shell');
    await fs.mkdir(shellDir);
    await fs.writeFile(path.join(shellDir, 'index.html'), PAGE);
    await fs.writeFile(path.join(shellDir, 'main.1234567890.js'), 'console.log(1);');
    app = await createSiteServer({
      shellDir,
      releasesDir: path.join(root, 'releases'),
      apiPort: 4000,
      geoUrl: 'https://ipapi.co/json/',
      deliveryFee: 10,
      registryStore: { readText: async () => registryText },
    });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('serves each page with a fresh nonce on its scripts, in its CSP, and a request id', async () => {
    const nonces: string[] = [];
    for (const url of ['/products', '/', '/index.html']) {
      const res = await app.inject({ url, headers: { 'x-request-id': `test-${nonces.length}` } });
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(res.body).toContain(`<script nonce="${nonce}" defer src="/main.1234567890.js">`);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toBe(`test-${nonces.length}`);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('sends the policy and the framing rule with pages only; every response keeps nosniff and its request id', async () => {
    for (const url of ['/main.1234567890.js', '/remotes/registry.json']) {
      const res = await app.inject({ url, headers: { 'x-request-id': 'asset-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id']).toBe('asset-1');
    }
    // A route the shell does not know is still a page (the shell's not-found), with the policy.
    const unknown = await app.inject({ url: '/no-such-page' });
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('compresses the pages it serves, and answers 404 for a missing file or another method', async () => {
    const res = await app.inject({ url: '/products?company=Mahr', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(res.rawPayload).toString()).toContain('<div id="root"><p>Precision gauges</p>');
    const plain = await app.inject({ url: '/products' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    for (const request of [
      { url: '/missing.1234567890.js' },
      { url: '/products', method: 'POST' as const },
    ]) {
      const missing = await app.inject(request);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not found' });
    }
  });

  it('reads the registry from its store on every request (the pointer several instances share)', async () => {
    const read = async () => JSON.parse((await app.inject({ url: '/remotes/registry.json' })).body);
    expect((await read()).remotes['mfe-content'].current).toBe('1.0.0');
    registryText = JSON.stringify({ remotes: { 'mfe-content': { current: '0.9.0', history: [] } } });
    expect((await read()).remotes['mfe-content'].current).toBe('0.9.0');
  });
});
