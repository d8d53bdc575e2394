import type { Registry, RemoteName } from '@metrology/shared/release';

// The registry's types and its fallback rule are the release model's (@metrology/shared/release), shared with the
// site server and the release CLI.
export { fallbackOrder, type Registry, type RegistryEntry, type Release } from '@metrology/shared/release';

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
