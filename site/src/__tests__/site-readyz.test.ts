import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { drainServer } from '@metrology/server-kit/drain';
import { renderlessSite } from './site-fixtures';

// A site server that got SIGTERM says it is not ready at once, so a balancer stops sending it pages while it drains.

let app: FastifyInstance;
let close: () => Promise<void>;
let api: http.Server;

beforeAll(async () => {
  // The API the readiness probe asks: a stand-in that is always live.
  api = http.createServer((_request, response) => response.writeHead(200).end('{}'));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  ({ app, close } = await renderlessSite('site-readyz', {
    apiPort: typeof address === 'object' && address ? address.port : 0,
  }));
});
afterAll(async () => {
  await close();
  await new Promise((resolve) => api.close(resolve));
});

it('answers /readyz 200, then 503 with the reason once its drain begins; /livez stays 200', async () => {
  expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  void drainServer(app.server, { graceMs: 0, finishMs: 0 });
  const ready = await app.inject({ url: '/readyz' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ ok: false, status: 'not ready' });
  expect(ready.json().reason).toContain('shutting down');
  expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
});
