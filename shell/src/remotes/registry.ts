import type { RemoteName } from '../routes/route-table';

/** One published version of a remote. */
export interface Release {
  version: string;
  publishedAt: string;
  commit: string;
}

/** The registry's record of one remote: the live version and every published one, oldest first. */
export interface RegistryEntry {
  current: string;
  history: Release[];
}

/** RELEASES_DIR/registry.json as the site serves it. */
export interface Registry {
  remotes: Partial<Record<RemoteName, RegistryEntry>>;
}

export async function fetchRegistry(registryUrl: string): Promise<Registry> {
  const response = await fetch(registryUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The release registry answered ${response.status}`);
  const body = (await response.json()) as Partial<Registry>;
  return { remotes: body.remotes ?? {} };
}

/** Published files sit beside the registry: <releases>/<remote>/<version>/mf-manifest.json */
export function manifestUrl(registryUrl: string, remote: RemoteName, version: string): string {
  const base = new URL(registryUrl, window.location.href);
  return new URL(`${remote}/${encodeURIComponent(version)}/mf-manifest.json`, base).href;
}
