// JSON Web Tokens, HS256 only (RFC 7519), with node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  sub: string;
  iat: number;
  exp: number;
  /** The server-side session the token names (tokens without one are refused by the API). */
  sid?: string;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signToken(
  subject: string,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
  sessionId?: string,
): string {
  const iat = Math.floor(now / 1000);
  const payload = base64url(
    JSON.stringify({ sub: subject, iat, exp: iat + ttlSeconds, ...(sessionId ? { sid: sessionId } : {}) }),
  );
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

/** The claims of a well-formed, correctly signed, unexpired HS256 token; null for anything else. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    // Only HS256: "none" and algorithm-confusion tokens are refused even if the signature matched by chance.
    if (head.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number')
      return null;
    if (claims.exp * 1000 <= now) return null;
    return {
      sub: claims.sub,
      iat: claims.iat,
      exp: claims.exp,
      ...(typeof claims.sid === 'string' ? { sid: claims.sid } : {}),
    };
  } catch {
    return null;
  }
}
