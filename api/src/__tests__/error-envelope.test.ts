// Every error answers in the shop's envelope { success: false, message } with its status, Fastify's and
// Node's own refusals included.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../lib/errors.js';
import { startApp } from './helpers/test-app.js';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await startApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

/** Raw bytes to the server (for what no HTTP client would send): the status line's code and the body. */
function raw(request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

describe('the envelope of every error', () => {
  it.each([
    ['a URL that cannot be decoded (FST_ERR_BAD_URL)', '/api/product/slug/%E0%A4%A', 400, MESSAGES.badUrl],
    [
      'a parameter over the router’s length (FST_ERR_MAX_PARAM_LENGTH)',
      `/api/product/slug/${'a'.repeat(150)}`,
      414,
      MESSAGES.urlTooLong,
    ],
    ['an unknown route', '/api/no-such-call', 404, `${MESSAGES.notFound}: GET /api/no-such-call`],
  ])('%s', async (_what, url, status, message) => {
    const res = await app.inject({ url, headers: { 'x-request-id': 'envelope-1' } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, message });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toBe('envelope-1');
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 400, MESSAGES.malformedJson],
    [
      'a body over the limit',
      JSON.stringify({ email: 'x'.repeat(300_000) }),
      'application/json',
      413,
      MESSAGES.tooLarge,
    ],
    ['an unsupported content type', '<email/>', 'application/xml', 415, MESSAGES.unsupportedType],
  ])('%s', async (_what, payload, type, status, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('a request Node cannot parse', async () => {
    const res = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: MESSAGES.badRequest });
  });

  it('headers over Node’s limit', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: MESSAGES.headersTooLarge });
  });

  it('the same over a real connection for a bad URL', async () => {
    const res = await raw('GET /api/product/slug/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: MESSAGES.badUrl });
  });
});
