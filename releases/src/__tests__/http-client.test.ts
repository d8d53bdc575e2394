// Where the release CLI sends a deploy token or a manager's password: https, or plain http to this machine only;
// the API a shop's /config.json names only on the same site; never across a redirect. Real HTTP servers on loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentialOrigin, isLoopbackHost, locateApi, runRemoteRelease } from '../http-client.js';

type Seen = { url: string; authorization: string | undefined };

async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

const json = (response: http.ServerResponse, status: number, value: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
};

function status(url: string) {
  const out: string[] = [];
  return runRemoteRelease(
    { command: 'status', json: true },
    {
      url,
      token: 'secret-deploy-token',
      out: (line) => out.push(line),
      err: () => undefined,
      build: async () => ({ distDir: '/nonexistent', cleanup: async () => undefined }),
      packageVersion: async () => '1.0.0',
      commit: () => 'abc',
    },
  ).then(() => out);
}

test('credentials go over https, or plain http to this machine only', () => {
  expect(credentialOrigin('https://shop.example.com').origin).toBe('https://shop.example.com');
  for (const local of [
    'http://localhost:8080',
    'http://127.0.0.1:4000',
    'http://127.5.6.7',
    'http://[::1]:8080',
  ])
    expect(() => credentialOrigin(local)).not.toThrow();
  expect(() => credentialOrigin('http://shop.example.com')).toThrow(/over https only/);
  expect(() => credentialOrigin('http://10.0.0.5:8080')).toThrow(/over https only/);
  expect(() => credentialOrigin('ftp://localhost')).toThrow(/over https only/);
  expect(() => credentialOrigin('https://me:pw@shop.example.com')).toThrow(/no user or password/);
  expect(isLoopbackHost('localhost')).toBe(true);
  expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
});

test("a shop's /config.json may name its API on the same site, never elsewhere", async () => {
  let named = '';
  const shop = await serve((_request, response) => json(response, 200, { apiBaseUrl: named }));
  try {
    named = '/api-base';
    expect((await locateApi(`http://127.0.0.1:${shop.port}`, fetch)).api).toBe(
      `http://127.0.0.1:${shop.port}/api-base`,
    );
    named = `http://127.0.0.1:4999`;
    expect((await locateApi(`http://127.0.0.1:${shop.port}`, fetch)).api).toBe('http://127.0.0.1:4999');
    for (const elsewhere of [
      'https://collector.example.net',
      `http://localhost:${shop.port}`,
      'http://evil.example',
    ]) {
      named = elsewhere;
      await expect(locateApi(`http://127.0.0.1:${shop.port}`, fetch)).rejects.toThrow(
        /not on the same site|over https only/,
      );
    }
  } finally {
    await shop.close();
  }
});

test('a call answered with a redirect is refused, and the token never reaches the redirect target', async () => {
  const target = await serve((_request, response) => json(response, 200, { success: true, remotes: [] }));
  const api = await serve((request, response) => {
    if (request.url === '/config.json') return json(response, 404, {});
    response.writeHead(307, { location: `http://127.0.0.1:${target.port}${request.url}` });
    response.end();
  });
  try {
    await expect(status(`http://127.0.0.1:${api.port}`)).rejects.toThrow(
      /answered with a redirect \(HTTP 307 to http:\/\/127\.0\.0\.1:\d+\/api\/releases\/desk\); credentials are never sent on/,
    );
    expect(api.seen.map((call) => call.authorization)).toContain('Bearer secret-deploy-token');
    expect(target.seen).toEqual([]);
  } finally {
    await api.close();
    await target.close();
  }
});

test('a token is never sent over plain http to another machine', async () => {
  await expect(status('http://shop.example.com')).rejects.toThrow(/over https only/);
});
