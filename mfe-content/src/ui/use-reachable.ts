import { useEffect, useState } from 'react';

export type Reachability = 'checking' | 'reachable' | 'unreachable';

const PROBE_TIMEOUT_MS = 4000;
const probes = new Map<string, Promise<boolean>>();

/** The origin of an http(s) URL, or null for anything else (never frame javascript: or data: URLs). */
export function httpOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** One small no-cors HEAD request per origin: a network failure means its embeds cannot load (offline). */
function probe(origin: string, url: string): Promise<boolean> {
  let result = probes.get(origin);
  if (!result) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    result = fetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', signal: controller.signal })
      .then(
        () => true,
        () => false,
      )
      .finally(() => clearTimeout(timer));
    probes.set(origin, result);
  }
  return result;
}

/** Forgets earlier probes (tests; a page that comes back online). */
export function resetReachability(): void {
  probes.clear();
}

/**
 * Whether a third-party embed (map, video) can load. Offline, or when its host cannot be reached, the page
 * shows its own fallback instead of a browser error inside a frame; the check never delays the page.
 */
export function useReachable(url: string | undefined): Reachability {
  const origin = httpOrigin(url);
  const [state, setState] = useState<{ origin: string | null; reachable: boolean } | null>(null);
  useEffect(() => {
    if (!origin) return;
    let active = true;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const check = offline || !url ? Promise.resolve(false) : probe(origin, url);
    void check.then((reachable) => {
      if (active) setState({ origin, reachable });
    });
    return () => {
      active = false;
    };
  }, [origin, url]);
  if (!origin) return 'unreachable';
  if (!state || state.origin !== origin) return 'checking';
  return state.reachable ? 'reachable' : 'unreachable';
}
