import { signToken, verifyToken } from '../jwt.js';
import { hashPassword, verifyPassword } from '../password.js';
import { validationMessage } from '../errors.js';
import { requestOrigin } from '../origin.js';
import type { FastifyRequest } from 'fastify';

describe('jwt', () => {
  it('round-trips a subject until it expires', () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signToken('abc', 'k', 60, now);
    expect(verifyToken(token, 'k', now + 59_000)).toEqual({
      sub: 'abc',
      iat: now / 1000,
      exp: now / 1000 + 60,
    });
    expect(verifyToken(token, 'k', now + 60_000)).toBeNull();
    expect(verifyToken(token, 'other', now)).toBeNull();
    expect(verifyToken(`${token}x`, 'k', now)).toBeNull();
    expect(verifyToken('a.b', 'k', now)).toBeNull();
  });
});

describe('password', () => {
  it('hashes with a salt and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('pässword'), hashPassword('pässword')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('pässword', a)).toBe(true);
    expect(await verifyPassword('password', a)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});

describe('validationMessage', () => {
  it.each([
    [
      { keyword: 'required', instancePath: '/address', params: { missingProperty: 'city' } },
      '"address.city" is required',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'price' } },
      'Unknown field "price"',
    ],
    [
      { keyword: 'type', instancePath: '/items/0/quantity', params: { type: 'integer' } },
      '"items[0].quantity" must be a whole number',
    ],
    [
      { keyword: 'minimum', instancePath: '/quantity', params: { limit: 1 } },
      '"quantity" must be at least 1',
    ],
    [
      { keyword: 'maximum', instancePath: '/quantity', params: { limit: 999 } },
      '"quantity" must be at most 999',
    ],
    [
      { keyword: 'maxLength', instancePath: '/name', params: { limit: 100 } },
      '"name" must be at most 100 characters',
    ],
    [{ keyword: 'type', instancePath: '', params: { type: 'object' } }, 'The request body must be an object'],
  ])('%j -> %s', (error, message) => {
    expect(validationMessage([error], 'body')).toBe(message);
  });
});

describe('requestOrigin', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
  it('reads Origin, then Referer, and honours the allowed list', () => {
    expect(requestOrigin(request({ origin: 'http://localhost:8080' }))).toBe('http://localhost:8080');
    expect(requestOrigin(request({ referer: 'https://shop.example/cart?x=1' }))).toBe('https://shop.example');
    expect(requestOrigin(request({ origin: 'null' }))).toBeUndefined();
    expect(requestOrigin(request({ origin: 'javascript:alert(1)' }))).toBeUndefined();
    expect(
      requestOrigin(request({ origin: 'http://evil.example' }), ['http://localhost:8080']),
    ).toBeUndefined();
  });
});
