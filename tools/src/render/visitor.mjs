// @ts-check
// Who is asking, as far as releases care: the visitor's sticky session (their rollout buckets), a signed preview
// of a version (a release manager's browser only), and the page token that lets their browser's failure reports
// count. One decision per request, made here; the renderer, the page cache and the browser all follow it.
import { randomBytes } from 'node:crypto';
import { isRemoteName } from '@metrology/shared/release';
import { signToken, verifyToken } from '@metrology/shared/signed-token';

export const SESSION_COOKIE = 'shop_session';
export const PREVIEW_COOKIE = 'shop_preview';
/** A session id the site made: 22 base64url characters (16 random bytes). */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;
/** How long a visitor keeps their buckets. */
export const SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;
/** How long a page's token lets its browser report failures. */
export const PAGE_TOKEN_TTL_S = 24 * 60 * 60;

/**
 * One cookie's value from a Cookie header, or null.
 * @param {string | undefined} header
 * @param {string} name
 */
export function cookieValue(header, name) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * A version preview a signed token names, or null (forged, expired, malformed, unknown remote).
 * @param {string | undefined} key
 * @param {unknown} token
 * @returns {{ remote: import('@metrology/shared/release').RemoteName; version: string; expiresAt: number } | null}
 */
export function previewOf(key, token) {
  if (!key) return null;
  const payload = verifyToken(key, token);
  const preview = /** @type {{ remote?: unknown; version?: unknown } | undefined} */ (payload?.preview);
  if (!preview || typeof preview.remote !== 'string' || typeof preview.version !== 'string') return null;
  if (!isRemoteName(preview.remote) || !/^[0-9A-Za-z.+-]{1,50}$/.test(preview.version)) return null;
  return { remote: preview.remote, version: preview.version, expiresAt: Number(payload?.exp) * 1000 };
}

/**
 * @typedef {object} Visitor
 * @property {string} sessionId
 * @property {boolean} isNew the session cookie is to be set on this response
 * @property {{ remote: import('@metrology/shared/release').RemoteName; version: string } | null} preview
 */

/**
 * @param {string | undefined} cookieHeader
 * @param {string | undefined} signingKey
 * @returns {Visitor}
 */
export function visitorOf(cookieHeader, signingKey) {
  const known = cookieValue(cookieHeader, SESSION_COOKIE);
  const isNew = !known || !SESSION_ID.test(known);
  const sessionId = isNew ? randomBytes(16).toString('base64url') : known;
  const preview = previewOf(signingKey, cookieValue(cookieHeader, PREVIEW_COOKIE));
  return { sessionId, isNew, preview: preview ? { remote: preview.remote, version: preview.version } : null };
}

/** @param {boolean} secure */
const attributes = (secure) => `; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** @param {string} sessionId @param {boolean} secure */
export function sessionCookie(sessionId, secure) {
  return `${SESSION_COOKIE}=${sessionId}; Max-Age=${SESSION_MAX_AGE_S}${attributes(secure)}`;
}

/** @param {string} token @param {number} maxAgeS @param {boolean} secure */
export function previewCookie(token, maxAgeS, secure) {
  return `${PREVIEW_COOKIE}=${token}; Max-Age=${Math.max(1, Math.floor(maxAgeS))}${attributes(secure)}`;
}

/** @param {boolean} secure */
export function clearPreviewCookie(secure) {
  return `${PREVIEW_COOKIE}=; Max-Age=0${attributes(secure)}`;
}

/**
 * The token a page carries for its browser's failure reports: this session, the versions it was served and the
 * earlier good versions its browser may fall back to (a failure of one of those is a report it may make too).
 * @param {string} key
 * @param {string} sessionId
 * @param {Record<string, string>} versions
 * @param {Record<string, string[]>} fallbacks
 */
export function pageToken(key, sessionId, versions, fallbacks) {
  return signToken(key, { session: sessionId, versions, fallbacks }, PAGE_TOKEN_TTL_S);
}
