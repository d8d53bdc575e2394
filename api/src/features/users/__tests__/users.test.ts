import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signToken } from '../../../lib/jwt.js';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';

let app: FastifyInstance;
const secret = 'users-test-secret-0123456789abcdef0123456789';

beforeAll(async () => {
  app = await startApp({ jwtSecret: secret });
});
afterAll(() => app.close());

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as {
    sub: string;
    exp: number;
    iat: number;
  };

describe('POST /api/user/register', () => {
  it('creates the account and answers success, token, message', async () => {
    const res = await post(app, '/api/user/register', {
      name: 'Ravi Kumar',
      email: 'Ravi.Kumar@Example.com ',
      password: 'secret-vernier-7',
    });
    expect(res.statusCode).toBe(200);
    const json = body<{ success: boolean; token: string; message: string }>(res);
    expect(json).toMatchObject({ success: true, message: 'Account created successfully!' });
    const claims = decode(json.token);
    expect(claims.sub).toMatch(/^[0-9a-f]{24}$/);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    const stored = await app.shop.db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM users WHERE id = $1',
      [claims.sub],
    );
    expect(stored.rows[0]?.email).toBe('ravi.kumar@example.com');
    expect(stored.rows[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(stored.rows[0]?.password_hash).not.toContain('secret-vernier-7');
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const res = await post(app, '/api/user/register', {
      name: 'Other',
      email: 'RAVI.KUMAR@example.com',
      password: 'another-vernier-8',
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ success: false, message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'a@b.co', password: 'x' }, '"name" is required'],
    [{ name: 'A', password: 'x' }, '"email" is required'],
    [{ name: 'A', email: 'a@b.co' }, '"password" is required'],
    [{ name: ' ', email: 'a@b.co', password: 'x' }, 'Name is required'],
    [{ name: 'A', email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@b.co', password: '' }, 'Password is required'],
    [{ name: 'A', email: 'a@b.co', password: 'x', isAdmin: true }, 'Unknown field "isAdmin"'],
    [{ name: 42, email: 'a@b.co', password: 'x' }, '"name" must be text'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await post(app, '/api/user/register', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, message });
  });
});

describe('POST /api/user/login', () => {
  beforeAll(async () => {
    await post(app, '/api/user/register', {
      name: 'Lata',
      email: 'lata@example.com',
      password: 'right-password',
    });
  });

  it('logs in with the e-mail in any case and answers a token', async () => {
    const res = await post(app, '/api/user/login', { email: 'LATA@example.com', password: 'right-password' });
    expect(res.statusCode).toBe(200);
    const json = body<{ token: string; message: string }>(res);
    expect(json.message).toBe('Welcome back!');
    expect(json.token.split('.')).toHaveLength(3);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await post(app, '/api/user/login', { email: 'lata@example.com', password: 'wrong' });
    const unknown = await post(app, '/api/user/login', { email: 'nobody@example.com', password: 'wrong' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('refuses missing fields and never echoes the password', async () => {
    const res = await post(app, '/api/user/login', { email: 'lata@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('right-password');
  });
});

describe('the token header', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    token = (await register(app)).token;
    userId = decode(token).sub;
  });

  const cart = (t?: string) => post(app, '/api/cart/get', {}, t);

  it('lets a valid token in', async () => {
    expect((await cart(token)).statusCode).toBe(200);
  });

  it('asks for a login when it is missing', async () => {
    const res = await cart();
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ success: false, message: 'Please login to continue' });
  });

  const expired = { success: false, message: 'Your session has expired. Please log in again.' };

  it('refuses a token signed with another secret (forged)', async () => {
    const res = await cart(signToken(userId, 'someone-elses-secret', 3600));
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(expired);
  });

  it('refuses a token whose payload was changed (tampered)', async () => {
    const [header, , signature] = token.split('.');
    const other = (await register(app)).token;
    const payload = other.split('.')[1];
    const res = await cart(`${header}.${payload}.${signature}`);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(expired);
  });

  it('refuses an expired token', async () => {
    const old = signToken(userId, secret, 60, Date.now() - 2 * 3600 * 1000);
    const res = await cart(old);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual(expired);
  });

  it('refuses an unsigned (alg none) token and garbage', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: userId, iat: 1, exp: 9999999999 })).toString(
      'base64url',
    );
    expect((await cart(`${header}.${payload}.`)).statusCode).toBe(401);
    expect((await cart('not-a-token')).statusCode).toBe(401);
  });

  it('refuses an HS256 token with a non-HS256 header even when signed with the secret', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: userId, iat: 1, exp: 9999999999 })).toString(
      'base64url',
    );
    const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    expect((await cart(`${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses the token of a user that no longer exists', async () => {
    const ghost = signToken('0123456789abcdef01234567', secret, 3600);
    expect((await cart(ghost)).statusCode).toBe(401);
  });
});
