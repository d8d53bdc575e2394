import type { RemoteName } from '../routes/route-table';

/** One published version of a remote. */
export interface Release {
  version: string;
  publishedAt: string;
  commit: string;
  /** Set when a rollback moved the pointer from this version to an older one: no longer a known good version. */
  rolledBackAt?: string;
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

/**
 * The versions to try, in order: the live one, then the last known good ones before it (newest first, skipping
 * versions that were rolled back). The release CLI's `rollback` picks its default target by the same rule.
 */
export function fallbackOrder(entry: RegistryEntry): string[] {
  const index = entry.history.findIndex((release) => release.version === entry.current);
  const earlier = index > 0 ? entry.history.slice(0, index) : [];
  return [
    entry.current,
    ...earlier
      .filter((release) => !release.rolledBackAt)
      .map((release) => release.version)
      .reverse(),
  ];
}
