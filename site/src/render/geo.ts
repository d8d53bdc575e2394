// The Indian-user flag, decided by the site server from the visitor's address (SPEC section 1): GEO_URL is asked
// once per address (short timeout, cached), and any failure means "not Indian", silently.
import { isIP } from 'node:net';

/** GEO_URL may name where the address goes ({ip}); otherwise it is sent as ?ip=. */
export const IP_PLACEHOLDER = '{ip}';

export function lookupUrl(geoUrl: string, ip: string) {
  if (geoUrl.includes(IP_PLACEHOLDER)) return geoUrl.replace(IP_PLACEHOLDER, encodeURIComponent(ip));
  const url = new URL(geoUrl);
  url.searchParams.set('ip', ip);
  return url.href;
}

/** The URL the browser may ask for itself (pages the server did not render): the caller's own address. */
export function browserGeoUrl(geoUrl: string) {
  return geoUrl.replace(`${IP_PLACEHOLDER}/`, '').replace(IP_PLACEHOLDER, '');
}

export function createGeoLookup({
  geoUrl,
  cacheMs = 10 * 60_000,
  timeoutMs = 800,
  maxEntries = 10_000,
  fetch: fetchImpl = fetch,
  now = Date.now,
}: {
  geoUrl: string;
  cacheMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
  fetch?: typeof fetch;
  now?: () => number;
}): (ip: string) => Promise<boolean> {
  const cache: Map<string, { until: number; answer: Promise<boolean> }> = new Map();
  const ask = async (ip: string) => {
    try {
      const response = await fetchImpl(lookupUrl(geoUrl, ip), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return false;
      const body = (await response.json()) as { country_code?: unknown };
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
