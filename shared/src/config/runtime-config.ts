// Run-time configuration: one build runs anywhere; the shell reads /config.json at boot and sets it here.

export interface RuntimeConfig {
  /** Origin of the backend host, e.g. http://localhost:4000 */
  apiBaseUrl: string;
  /** IP geolocation JSON service answering { country_code } */
  geoUrl: string;
  /** Where the remotes' registry is served */
  registryUrl: string;
  /** Flat fee added to every order (SPEC section 9). */
  deliveryFee: number;
  /** Where the site itself is served (canonical links, chat links). */
  siteOrigin: string;
  /** Development only: remote name -> manifest URL of its dev server, used instead of the registry. */
  remoteEntries?: Record<string, string>;
  /**
   * Server render only: where the site server itself calls the API (its internal address). Never sent to the
   * browser; image and link URLs still use apiBaseUrl, so the server renders the same HTML the browser would.
   */
  serverApiBaseUrl?: string;
}

const defaults: RuntimeConfig = {
  apiBaseUrl: 'http://localhost:4000',
  geoUrl: '',
  registryUrl: '/remotes/registry.json',
  deliveryFee: 10,
  siteOrigin: typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080',
};

let current: RuntimeConfig = { ...defaults };

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Reads the site's /config.json; on failure the defaults stay (local development). */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (response.ok) setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    // The defaults point at a local API, which is what a team running its remote alone has.
  }
  return current;
}

/** Paths starting with '/' are files on the API host (product images); anything else is used as given. */
export function assetUrl(path: string | undefined): string {
  if (!path) return '';
  if (path.startsWith('/') && !path.startsWith('//')) return `${current.apiBaseUrl}${path}`;
  return path;
}
