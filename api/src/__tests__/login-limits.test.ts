// No lockout by a third party: only failed logins count; a correct password from an address that has
// not been failing is never refused; repeated failures back off instead of locking out; the per-address limit still
// stops brute force. Counters are rows of rate_limits, so this runs on both engines.
import type { FastifyInstance } from 'fastify';
import { LOGIN_LIMIT_MESSAGES } from '../plugins/login-limits.js';
import { body, register, startApp } from './helpers/test-app.js';

const PASSWORD = 'correct horse battery';
let app: FastifyInstance;
beforeAll(async () => {
  // The shop's defaults: 20 failures a minute.
  app = await startApp({ rateLimit: {} });
});
afterAll(() => app.close());

const login = (remoteAddress: string, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { email, password } });

/** Ends every backoff now, as if its wait had passed (no test waits on a clock). */
const endBackoffs = () =>
  app.shop.db.query(`UPDATE rate_limits SET window_ends = clock_timestamp() WHERE key LIKE 'login wait %'`);

it('21 wrong logins from address A, then the right password from address B succeeds', async () => {
  const { email } = await register(app);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1)
    statuses.push((await login('10.1.0.1', email, 'wrong horse battery')).statusCode);
  // A is slowed down: its first failures are answered, then it must wait.
  expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
  expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
  const owner = await login('10.1.0.2', email, PASSWORD);
  expect(owner.statusCode).toBe(200);
  expect(body(owner).token).toEqual(expect.any(String));
});

it('failures from many addresses hold back only the addresses that are failing', async () => {
  const { email } = await register(app);
  for (let i = 1; i <= 21; i += 1) {
    expect((await login(`10.2.0.${i}`, email, 'wrong horse battery')).statusCode).toBe(401);
  }
  const again = await login('10.2.0.1', email, PASSWORD);
  expect(again.statusCode).toBe(429);
  expect(body(again).message).toMatch(
    /^Too many failed attempts for this e-mail\. Please try again in \d+ seconds\.$/,
  );
  expect((await login('10.2.1.1', email, PASSWORD)).statusCode).toBe(200);
  // A fresh address gets its one guess; failing makes it a failing address.
  expect((await login('10.2.1.2', email, 'wrong horse battery')).statusCode).toBe(401);
  expect((await login('10.2.1.2', email, PASSWORD)).statusCode).toBe(429);
});

it('backs off: each failure past the first few doubles the wait, and the right password ends it', async () => {
  const { email } = await register(app);
  for (let i = 0; i < 3; i += 1)
    expect((await login('10.3.0.1', email, 'nope nope nope')).statusCode).toBe(401);
  const waits: string[] = [];
  for (let round = 0; round < 3; round += 1) {
    const held = await login('10.3.0.1', email, 'nope nope nope');
    expect(held.statusCode).toBe(429);
    expect(body(held).message).toBe(LOGIN_LIMIT_MESSAGES.backoff(Number(held.headers['retry-after'])));
    waits.push(String(held.headers['retry-after']));
    await endBackoffs();
    expect((await login('10.3.0.1', email, 'nope nope nope')).statusCode).toBe(401);
  }
  expect(waits).toEqual(['1', '2', '4']);
  await endBackoffs();
  expect((await login('10.3.0.1', email, PASSWORD)).statusCode).toBe(200);
  // The success ended this address's backoff on the e-mail: its next failure is answered at once.
  expect((await login('10.3.0.1', email, 'nope nope nope')).statusCode).toBe(401);
});

it('the per-address limit stops brute force across e-mails, the failing address included', async () => {
  const { email } = await register(app);
  for (let i = 0; i < 20; i += 1) {
    expect((await login('10.4.0.1', `guess${i}@example.com`, 'wrong horse battery')).statusCode).toBe(401);
  }
  const refused = await login('10.4.0.1', 'guess20@example.com', 'wrong horse battery');
  expect(refused.statusCode).toBe(429);
  expect(body(refused).message).toMatch(/^Too many failed logins from your network\./);
  expect((await login('10.4.0.1', email, PASSWORD)).statusCode).toBe(429);
  expect((await login('10.4.0.2', email, PASSWORD)).statusCode).toBe(200);
});

it('successful logins never count toward a limit', async () => {
  const { email } = await register(app);
  for (let i = 0; i < 30; i += 1) expect((await login('10.5.0.1', email, PASSWORD)).statusCode).toBe(200);
});
