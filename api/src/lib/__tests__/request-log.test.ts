// Request ids end to end on the API: the X-Request-Id a caller sends (the site server, nginx, the shop's browser
// calls) is echoed back and written on that request's log line; a missing or malformed one is replaced.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { startApp } from '../../__tests__/helpers/test-app';

interface LogLine {
  reqId?: string;
  msg?: string;
  statusCode?: number;
}

const lines: LogLine[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
  app = await startApp({ logger: { level: 'info', stream }, logFormat: 'json' });
});
afterAll(() => app.close());

const requestLines = (id: string) => lines.filter((line) => line.reqId === id);

it('echoes a well-formed X-Request-Id and logs the request once under it', async () => {
  const id = 'web-0123456789abcdef0123456789abcdef';
  const res = await app.inject({ url: '/api/product/list?limit=1', headers: { 'x-request-id': id } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-request-id']).toBe(id);
  expect(requestLines(id)).toEqual([
    expect.objectContaining({
      msg: expect.stringMatching(/^GET \/api\/product\/list\?limit=1 200 [\d.]+ ms$/),
      statusCode: 200,
    }),
  ]);
});

it('replaces a malformed X-Request-Id with a new id, logged and echoed alike', async () => {
  const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
  const id = String(res.headers['x-request-id']);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines.some((line) => line.reqId === 'bad id <script>')).toBe(false);
  expect(requestLines(id)).toHaveLength(1);
});
