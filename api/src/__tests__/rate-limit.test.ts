import type { FastifyInstance } from 'fastify';
import { body, get, post, startApp } from './helpers/test-app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp({ rateLimit: { max: 2 } });
});
afterAll(() => app.close());

describe('rate limits', () => {
  it.each([
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

  it('login: past the limit of failures, an address is refused', async () => {
    const from = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.30.0.1',
        payload: { email, password: 'x' },
      });
    expect((await from('a1@b.co')).statusCode).toBe(401);
    expect((await from('a2@b.co')).statusCode).toBe(401);
    const third = await from('a3@b.co');
    expect(third.statusCode).toBe(429);
    expect(body(third).message).toMatch(
      /^Too many failed logins from your network\. Please try again in \d+ seconds\.$/,
    );
    expect(third.headers['retry-after']).toBeDefined();
  });

  it.each([
    [
      '/api/user/register',
      (email: string) => ({ name: 'Probe', email, password: 'a long enough passphrase 7' }),
    ],
  ])('%s: one e-mail from many addresses is limited per e-mail too', async (url, payload) => {
    const email = `target.${url.length}.${Date.now()}@example.com`;
    const from = (remoteAddress: string, address = email) =>
      app.inject({ method: 'POST', url, remoteAddress, payload: payload(address) });
    expect((await from('10.20.0.1')).statusCode).not.toBe(429);
    expect((await from('10.20.0.2')).statusCode).not.toBe(429);
    const third = await from('10.20.0.3');
    expect(third.statusCode).toBe(429);
    expect(body(third).message).toMatch(
      /^Too many attempts for this e-mail\. Please try again in \d+ seconds\.$/,
    );
    // Another e-mail from a fresh address is counted apart; the table keeps no e-mail address.
    expect((await from('10.20.0.4', `other.${email}`)).statusCode).not.toBe(429);
    const stored = await app.shop.db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(stored.rows.some((row) => row.key.includes('@'))).toBe(false);
  });

  it('leaves the other calls alone', async () => {
    for (let i = 0; i < 5; i += 1) expect((await get(app, '/api/health')).statusCode).toBe(200);
  });
});
