import type { FastifyInstance } from 'fastify';
import { body, get, post, startApp } from './helpers/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp({ rateLimit: { max: 2 } });
});
afterAll(() => app.close());

describe('rate limits', () => {
  it.each([
    ['/api/user/login', { email: 'a@b.co', password: 'x' }],
    ['/api/user/register', { name: 'A', email: 'bad', password: 'x' }],
    ['/api/enquiry/submit', {}],
    ['/api/user/chat', { message: 'hello' }],
    ['/api/releases/load-failures', { remote: 'r', kind: 'k', message: 'm' }],
  ])('%s answers 429 with a message past the limit', async (url, payload) => {
    await post(app, url, payload);
    await post(app, url, payload);
    const res = await post(app, url, payload);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in/),
    });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limits the job application too', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/careers/applications/submit', payload: {} });
    await send();
    await send();
    expect((await send()).statusCode).toBe(429);
  });

  it('leaves the other calls alone', async () => {
    for (let i = 0; i < 5; i += 1) expect((await get(app, '/api/health')).statusCode).toBe(200);
  });
});
