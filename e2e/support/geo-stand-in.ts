import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for the IP geolocation service: answers { country_code } with whatever a test set,
 * and can be told to fail, so the Indian-user flag is tested without the internet. The site server sends the
 * visitor's address as ?ip=; a test may give one address its own country (/__control?ip=...&country=...).
 */
export async function startGeoStandIn(): Promise<{
  url: string;
  controlUrl: string;
  close: () => Promise<void>;
}> {
  let country = 'US';
  let failing = false;
  const byAddress = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/__control') {
      const ip = url.searchParams.get('ip');
      if (ip) {
        byAddress.set(ip, url.searchParams.get('country') ?? 'US');
        response.writeHead(204).end();
        return;
      }
      country = url.searchParams.get('country') ?? country;
      failing = url.searchParams.get('fail') === '1';
      response.writeHead(204).end();
      return;
    }
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (failing) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const ip = url.searchParams.get('ip') ?? '203.0.113.9';
    response.end(JSON.stringify({ ip, country_code: byAddress.get(ip) ?? country }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The geo stand-in has no port');
  const base = `http://127.0.0.1:${address.port}`;
  return {
    url: `${base}/json`,
    controlUrl: `${base}/__control`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
