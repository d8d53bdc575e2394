// @ts-check
// Signed, expiring tokens shared by the site server, the API and the release CLI (preview links, page tokens):
// base64url(JSON payload) + '.' + base64url(HMAC-SHA256). One key (RELEASE_SIGNING_KEY) signs and checks them.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** @param {string} key @param {string} data */
function mac(key, data) {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/**
 * @param {string} key
 * @param {Record<string, unknown>} payload
 * @param {number} ttlSeconds
 * @param {number} [now] ms since the epoch
 * @returns {string}
 */
export function signToken(key, payload, ttlSeconds, now = Date.now()) {
  if (!key) throw new Error('a signing key is required');
  const body = Buffer.from(
    JSON.stringify({ ...payload, exp: Math.floor(now / 1000) + Math.max(1, Math.floor(ttlSeconds)) }),
  ).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/**
 * The payload of a token this key signed that has not expired, or null for anything else (forged, expired,
 * malformed, another key's).
 * @param {string} key
 * @param {unknown} token
 * @param {number} [now]
 * @returns {Record<string, unknown> | null}
 */
export function verifyToken(key, token, now = Date.now()) {
  if (!key || typeof token !== 'string' || token.length > 4096) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
    return payload;
  } catch {
    return null;
  }
}

/**
 * The signature of a request body the site server sends the API (`x-release-signature`): base64url of
 * HMAC-SHA256 over the exact bytes sent, with the release signing key.
 * @param {string} key
 * @param {string | Uint8Array} body
 * @returns {string}
 */
export function signBody(key, body) {
  if (!key) throw new Error('a signing key is required');
  return createHmac('sha256', key).update(body).digest('base64url');
}

/**
 * Whether `signature` is signBody(key, body); false for a missing key, signature or body.
 * @param {string | undefined} key
 * @param {string | Uint8Array | undefined} body
 * @param {unknown} signature
 * @returns {boolean}
 */
export function verifyBodySignature(key, body, signature) {
  if (!key || body === undefined || typeof signature !== 'string' || signature.length > 256) return false;
  const expected = Buffer.from(signBody(key, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
