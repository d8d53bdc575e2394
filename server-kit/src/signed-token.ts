// Signed, expiring tokens shared by the site server, the API and the release CLI (preview links, page tokens):
// base64url(JSON payload) + '.' + base64url(HMAC-SHA256). One key (RELEASE_SIGNING_KEY) signs and checks them.
import { createHmac, timingSafeEqual } from 'node:crypto';

function mac(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/** A signed token carrying the payload and an expiry `exp` (seconds since the epoch); `now` in ms. */
export function signToken(
  key: string,
  payload: Record<string, unknown>,
  ttlSeconds: number,
  now: number = Date.now(),
): string {
  if (!key) throw new Error('a signing key is required');
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds)) }),
  ).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/**
 * The payload of a token this key signed that has not expired, or null for anything else (forged, expired,
 * malformed, another key's).
 */
export function verifyToken(
  key: string,
  token: unknown,
  now: number = Date.now(),
): Record<string, unknown> | null {
  if (!key || typeof token !== 'string' || token.length > 4096) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const fields = payload as Record<string, unknown>;
    if (typeof fields.exp !== 'number' || fields.exp * 1000 <= now) return null;
    return fields;
  } catch {
    return null;
  }
}

/**
 * The signature of a request body the site server sends the API (`x-release-signature`): base64url of
 * HMAC-SHA256 over the exact bytes sent, with the release signing key.
 */
export function signBody(key: string, body: string | Uint8Array): string {
  if (!key) throw new Error('a signing key is required');
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** Whether `signature` is signBody(key, body); false for a missing key, signature or body. */
export function verifyBodySignature(
  key: string | undefined,
  body: string | Uint8Array | undefined,
  signature: unknown,
): boolean {
  if (!key || body === undefined || typeof signature !== 'string' || signature.length > 256) return false;
  const expected = Buffer.from(signBody(key, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
