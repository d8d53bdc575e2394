import { signBody, signToken, verifyBodySignature, verifyToken } from '../signed-token.js';

const KEY = 'a-release-signing-key';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('signed, expiring tokens', () => {
  it('gives back the payload of a token this key signed, with its expiry', () => {
    const token = signToken(KEY, { slug: 'caliper-150', n: 2 }, 60, NOW);
    expect(verifyToken(KEY, token, NOW + 59_000)).toEqual({
      slug: 'caliper-150',
      n: 2,
      exp: NOW / 1000 + 60,
    });
  });

  it('refuses an expired token, another key, a changed payload and what is not a token', () => {
    const token = signToken(KEY, { role: 'preview' }, 60, NOW);
    expect(verifyToken(KEY, token, NOW + 60_000)).toBeNull();
    expect(verifyToken('another-key', token, NOW)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ role: 'staff', exp: NOW / 1000 + 60 })).toString('base64url')}.${signature}`;
    expect(verifyToken(KEY, forged, NOW)).toBeNull();
    for (const other of [undefined, 42, '', 'abc', `${token}.x`, 'a'.repeat(5000)])
      expect(verifyToken(KEY, other, NOW)).toBeNull();
    expect(verifyToken('', token, NOW)).toBeNull();
  });

  it('lives at least a second, and refuses to sign without a key', () => {
    const token = signToken(KEY, {}, 0, NOW);
    expect(verifyToken(KEY, token, NOW + 999)).toEqual({ exp: NOW / 1000 + 1 });
    expect(() => signToken('', {}, 60, NOW)).toThrow('a signing key is required');
  });

  it('refuses a token whose payload is not an object, however well signed', () => {
    const body = Buffer.from('[1,2]').toString('base64url');
    const mac = signBody(KEY, body);
    expect(verifyToken(KEY, `${body}.${mac}`, NOW)).toBeNull();
  });
});

describe('signed request bodies', () => {
  it('checks the signature over the exact bytes, as text or bytes', () => {
    const body = '{"remote":"mfe-catalog","served":3}';
    const signature = signBody(KEY, body);
    expect(verifyBodySignature(KEY, body, signature)).toBe(true);
    expect(verifyBodySignature(KEY, Buffer.from(body), signature)).toBe(true);
    expect(verifyBodySignature(KEY, `${body} `, signature)).toBe(false);
    expect(verifyBodySignature('another-key', body, signature)).toBe(false);
  });

  it('is false for a missing key, body or signature', () => {
    const signature = signBody(KEY, 'x');
    expect(verifyBodySignature(undefined, 'x', signature)).toBe(false);
    expect(verifyBodySignature(KEY, undefined, signature)).toBe(false);
    expect(verifyBodySignature(KEY, 'x', undefined)).toBe(false);
    expect(verifyBodySignature(KEY, 'x', 'a'.repeat(300))).toBe(false);
  });
});
