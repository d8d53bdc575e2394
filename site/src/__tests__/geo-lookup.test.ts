import { createServer, type Server } from 'node:http';
import { browserGeoUrl, createGeoLookup, lookupUrl } from '../render/geo.js';

/** A real HTTP geolocation stand-in: answers per ?ip=, counts the calls, can hang or fail. */
async function standIn(mode: { hang?: boolean; fail?: boolean } = {}) {
  const calls: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const ip = url.searchParams.get('ip') ?? '';
    calls.push(ip);
    if (mode.hang) return;
    if (mode.fail) return void response.writeHead(503).end();
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ country_code: ip.startsWith('203.') ? 'IN' : 'US' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/json`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("the server's geolocation of a visitor", () => {
  it('asks for the visitor address and reads country_code IN only', async () => {
    const geo = await standIn();
    try {
      const indian = createGeoLookup({ geoUrl: geo.url });
      await expect(indian('203.0.113.5')).resolves.toBe(true);
      await expect(indian('198.51.100.7')).resolves.toBe(false);
      expect(geo.calls).toEqual(['203.0.113.5', '198.51.100.7']);
    } finally {
      await geo.close();
    }
  });

  it('keeps an answer per address for the cache time, asks once for concurrent visitors', async () => {
    const geo = await standIn();
    let now = 1_000;
    try {
      const indian = createGeoLookup({ geoUrl: geo.url, cacheMs: 60_000, now: () => now });
      await Promise.all([indian('203.0.113.5'), indian('203.0.113.5'), indian('203.0.113.5')]);
      expect(geo.calls).toEqual(['203.0.113.5']);
      now += 61_000;
      await indian('203.0.113.5');
      expect(geo.calls).toHaveLength(2);
      const uncached = createGeoLookup({ geoUrl: geo.url, cacheMs: 0 });
      await uncached('198.51.100.7');
      await uncached('198.51.100.7');
      expect(geo.calls).toHaveLength(4);
    } finally {
      await geo.close();
    }
  });

  it('any failure is "not Indian": an error status, a hung service (short timeout), no service, a bad address', async () => {
    const failing = await standIn({ fail: true });
    const hanging = await standIn({ hang: true });
    try {
      await expect(createGeoLookup({ geoUrl: failing.url })('203.0.113.5')).resolves.toBe(false);
      const started = Date.now();
      await expect(createGeoLookup({ geoUrl: hanging.url, timeoutMs: 200 })('203.0.113.5')).resolves.toBe(
        false,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect(createGeoLookup({ geoUrl: 'http://127.0.0.1:9/json' })('203.0.113.5')).resolves.toBe(
        false,
      );
      await expect(createGeoLookup({ geoUrl: failing.url })('not-an-address')).resolves.toBe(false);
      expect(failing.calls).toEqual(['203.0.113.5']);
    } finally {
      await failing.close();
      await hanging.close();
    }
  });

  it('puts the address where GEO_URL says ({ip}), else in ?ip=; the browser gets the URL without it', () => {
    expect(lookupUrl('https://ipapi.co/{ip}/json/', '203.0.113.5')).toBe(
      'https://ipapi.co/203.0.113.5/json/',
    );
    expect(lookupUrl('http://geo.test/json', '::1')).toBe('http://geo.test/json?ip=%3A%3A1');
    expect(browserGeoUrl('https://ipapi.co/{ip}/json/')).toBe('https://ipapi.co/json/');
    expect(browserGeoUrl('http://geo.test/json')).toBe('http://geo.test/json');
  });
});
