import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { drainServer } from '@metrology/server-kit/drain';
import { body, get, startApp } from '../../../__tests__/helpers/test-app.js';

// A rolling deploy or a stop sends SIGTERM: from then on the API says it is not ready, so the balancer's readiness
// probe takes it out before its connections close.

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'draining-'));
  app = await startApp({ dataDir });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers ready until its drain begins, then 503 with the reason, while still live', async () => {
  expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
  void drainServer(app.server, { graceMs: 0, finishMs: 0 });
  const ready = await get(app, '/api/health/ready');
  expect(ready.statusCode).toBe(503);
  expect(body<{ message?: string; reason?: string }>(ready)).toMatchObject({ success: false });
  expect(JSON.stringify(body(ready))).toContain('shutting down');
  expect((await get(app, '/api/health/live')).statusCode).toBe(200);
});
