// @ts-check
// The Indian-user flag, decided by the site server from the visitor's address (SPEC section 1): GEO_URL is asked
// once per address (short timeout, cached), and any failure means "not Indian", silently.
import { isIP } from 'node:net';

/** GEO_URL may name where the address goes ({ip}); otherwise it is sent as ?ip=. */
export const IP_PLACEHOLDER = '{ip}';

/** @param {string} geoUrl @param {string} ip */
export function lookupUrl(geoUrl, ip) {
  if (geoUrl.includes(IP_PLACEHOLDER)) return geoUrl.replace(IP_PLACEHOLDER, encodeURIComponent(ip));
  const url = new URL(geoUrl);
  url.searchParams.set('ip', ip);
  return url.href;
}

/** The URL the browser may ask for itself (pages the server did not render): the caller's own address. */
export function browserGeoUrl(/** @type {string} */ geoUrl) {
  return geoUrl.replace(`${IP_PLACEHOLDER}/`, '').replace(IP_PLACEHOLDER, '');
}

/**
 * @param {{ geoUrl: string; cacheMs?: number; timeoutMs?: number; maxEntries?: number;
 *   fetch?: typeof fetch; now?: () => number }} options
 * @returns {(ip: string) => Promise<boolean>}
 */
export function createGeoLookup({
  geoUrl,
  cacheMs = 10 * 60_000,
  timeoutMs = 800,
  maxEntries = 10_000,
  fetch: fetchImpl = fetch,
  now = Date.now,
}) {
  /** @type {Map<string, { until: number; answer: Promise<boolean> }>} */
  const cache = new Map();
  /** @param {string} ip */
  const ask = async (ip) => {
    try {
      const response = await fetchImpl(lookupUrl(geoUrl, ip), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return false;
      const body = /** @type {{ country_code?: unknown }} */ (await response.json());
      return body?.country_code === 'IN';
    } catch {
      return false;
    }
  };
  return async (ip) => {
    if (!geoUrl || !isIP(ip)) return false;
    const known = cache.get(ip);
    if (known && known.until > now()) return known.answer;
    const answer = ask(ip);
    if (cacheMs > 0) {
      cache.delete(ip);
      cache.set(ip, { until: now() + cacheMs, answer });
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
    }
    return answer;
  };
}
