import { promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { drainServer } from '@metrology/shared/drain';
import { createSiteServer } from '../site-server.mjs';
import { tempDir } from './release-fixtures';

// A site server that got SIGTERM says it is not ready at once, so a balancer stops sending it pages while it drains.

let app: FastifyInstance;
let api: http.Server;
let root: string;

beforeAll(async () => {
  root = await tempDir('site-readyz');
  const shellDir = path.join(root, 'shell');
  await fs.mkdir(shellDir, { recursive: true });
  await fs.writeFile(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // The API the readiness probe asks: a stand-in that is always live.
  api = http.createServer((_request, response) => response.writeHead(200).end('{}'));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  app = await createSiteServer({
    shellDir,
    releasesDir: path.join(root, 'releases'),
    apiPort,
    geoUrl: '',
    deliveryFee: 10,
    serverRender: false,
    registryStore: { readText: async () => JSON.stringify({ remotes: {} }) },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => api.close(resolve));
  await fs.rm(root, { recursive: true, force: true });
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
