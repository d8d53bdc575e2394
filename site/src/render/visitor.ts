// Who is asking, as far as releases care: the visitor's sticky session (their rollout buckets), a signed preview
// of a version (a release manager's browser only), and the page token that lets their browser's failure reports
// count. One decision per request, made here; the renderer, the page cache and the browser all follow it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { isRemoteName } from '@metrology/shared/release';
import { signToken, verifyToken } from '@metrology/server-kit/signed-token';
import type { RemoteName } from '@metrology/shared/release';

export const SESSION_COOKIE = 'shop_session';
export const PREVIEW_COOKIE = 'shop_preview';
/** A session cookie the site made: 22 base64url characters (16 random bytes), '.', and their 22-character MAC. */
const SESSION_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** How long a visitor keeps their buckets. */
export const SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;
/** How long a page's token lets its browser report failures. */
export const PAGE_TOKEN_TTL_S = 24 * 60 * 60;

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * A version preview a signed token names, or null (forged, expired, malformed, unknown remote).
 *
 */
export function previewOf(
  key: string | undefined,
  token: unknown,
): { remote: RemoteName; version: string; expiresAt: number } | null {
  if (!key) return null;
  const payload = verifyToken(key, token);
  const preview = payload?.preview as { remote?: unknown; version?: unknown } | undefined;
  if (!preview || typeof preview.remote !== 'string' || typeof preview.version !== 'string') return null;
  if (!isRemoteName(preview.remote) || !/^[0-9A-Za-z.+-]{1,50}$/.test(preview.version)) return null;
  return { remote: preview.remote, version: preview.version, expiresAt: Number(payload?.exp) * 1000 };
}

export interface Visitor {
  /** the id the buckets and the rollout's counts are keyed on */
  sessionId: string;
  /** the session cookie's value: the id and its MAC */
  cookie: string;
  /** the session cookie is to be set on this response (none was sent, or one the site did not issue: it is replaced, so nobody picks their own id and with it their rollout buckets) */
  isNew: boolean;
  preview: { remote: RemoteName; version: string } | null;
}

/**
 * The MAC of a session id: HMAC-SHA256 with a key derived from the release signing key (so a session cookie is
 * never a valid token of another kind), cut to 128 bits.
 */
function sessionMac(key: string, id: string) {
  const derived = createHmac('sha256', key).update('shop-session-v1').digest();
  return createHmac('sha256', derived).update(id).digest('base64url').slice(0, 22);
}

/** The id of a session cookie this site issued, or null (missing, malformed, forged, another key's). */
export function issuedSessionId(key: string | undefined, value: string | null | undefined) {
  const match = value ? SESSION_VALUE.exec(value) : null;
  if (!match || !key) return null;
  const [, id = '', mac = ''] = match;
  const expected = Buffer.from(sessionMac(key, id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * A fresh session: 16 random bytes, signed when there is a key. Without a release signing key there are no page
 * tokens and no rollout health, so an unsigned id only decides buckets.
 */
export function newSession(key: string | undefined) {
  const id = randomBytes(16).toString('base64url');
  return { sessionId: id, cookie: key ? `${id}.${sessionMac(key, id)}` : id };
}

export function visitorOf(cookieHeader: string | undefined, signingKey: string | undefined): Visitor {
  const known = cookieValue(cookieHeader, SESSION_COOKIE);
  const id = signingKey
    ? issuedSessionId(signingKey, known)
    : known && /^[A-Za-z0-9_-]{22}$/.test(known)
      ? known
      : null;
  const session = id ? { sessionId: id, cookie: known as string } : newSession(signingKey);
  const preview = previewOf(signingKey, cookieValue(cookieHeader, PREVIEW_COOKIE));
  return {
    ...session,
    isNew: !id,
    preview: preview ? { remote: preview.remote, version: preview.version } : null,
  };
}

/**
 * The network an address belongs to for the rollout's counts: its /24 (IPv4, also IPv4-mapped IPv6) or /64 (IPv6).
 * One person rarely holds many of them, so a network's weight is what the rollout controller caps.
 */
export function networkOf(address: string | undefined) {
  const ip = (address ?? '').trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(ip);
  if (family === 4) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (family !== 6) return 'unknown';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const attributes = (secure: boolean) => `; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** @param value the visitor's cookie value (Visitor.cookie) */
export function sessionCookie(value: string, secure: boolean) {
  return `${SESSION_COOKIE}=${value}; Max-Age=${SESSION_MAX_AGE_S}${attributes(secure)}`;
}

export function previewCookie(token: string, maxAgeS: number, secure: boolean) {
  return `${PREVIEW_COOKIE}=${token}; Max-Age=${Math.max(1, Math.floor(maxAgeS))}${attributes(secure)}`;
}

export function clearPreviewCookie(secure: boolean) {
  return `${PREVIEW_COOKIE}=; Max-Age=0${attributes(secure)}`;
}

/** The share of sessions whose pages measure their speed when VITALS_SAMPLE_RATE is not set. */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.1;

/** VITALS_SAMPLE_RATE: the share of sessions (0 to 1) whose pages measure and send their speed. */
export function vitalsSampleRateFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.VITALS_SAMPLE_RATE;
  if (raw === undefined || raw === '') return DEFAULT_VITALS_SAMPLE_RATE;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`VITALS_SAMPLE_RATE must be a number from 0 to 1, got '${raw}'`);
  return value;
}

/**
 * Whether this session's pages measure their speed: its share of the sample (decided from the session id, so it
 * holds for every page of the session), or every session that got a canary of any remote.
 */
export function inSpeedSample(sessionId: string, rate: number, gotCanary: boolean) {
  if (gotCanary) return true;
  const point = createHash('sha256').update(`vitals:${sessionId}`).digest().readUInt32BE(0) / 2 ** 32;
  return point < rate;
}

/**
 * The token a page carries for its browser's reports: this session, the network it was served to (the rollout
 * weighs failures per network), the versions it was served, the earlier good versions its browser may fall back to
 * (a failure of one of those is a report it may make too), and whether it is in the speed sample (its browser
 * measures and sends its speed figures, POST /api/releases/vitals).
 */
export function pageToken(
  key: string,
  sessionId: string,
  versions: Record<string, string>,
  fallbacks: Record<string, string[]>,
  network: string = 'unknown',
  vitals = false,
) {
  return signToken(key, { session: sessionId, network, versions, fallbacks, vitals }, PAGE_TOKEN_TTL_S);
}
