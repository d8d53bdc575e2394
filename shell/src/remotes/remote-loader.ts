import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@metrology/shared';
import { REMOTES, federationName, type RemoteName } from '../routes/route-table';
import { fetchRegistry, manifestUrl } from './registry';

/** Where each remote's manifest is, once the registry (or the dev config) has been read. */
const entries = new Map<RemoteName, { entry: string; version: string }>();
let registryError: Error | null = null;

/**
 * Reads the registry and registers every live remote with the federation runtime.
 * A registry that cannot be read leaves every section showing its fallback; the shell itself still runs.
 */
export async function registerSections(config: RuntimeConfig): Promise<void> {
  entries.clear();
  registryError = null;
  try {
    if (config.remoteEntries) {
      for (const remote of REMOTES) {
        const entry = config.remoteEntries[remote];
        if (entry) entries.set(remote, { entry, version: 'dev' });
      }
    } else {
      const registry = await fetchRegistry(config.registryUrl);
      for (const remote of REMOTES) {
        const record = registry.remotes[remote];
        if (record?.current) {
          entries.set(remote, {
            entry: manifestUrl(config.registryUrl, remote, record.current),
            version: record.current,
          });
        }
      }
    }
  } catch (error) {
    registryError = error instanceof Error ? error : new Error(String(error));
    console.error('The release registry could not be read', registryError);
  }
  registerRemotes([...entries].map(([remote, { entry }]) => ({ name: federationName(remote), entry })));
}

export function liveVersion(remote: RemoteName): string | undefined {
  return entries.get(remote)?.version;
}

export interface PageModule {
  default: ComponentType;
}

/**
 * Loads one exposed page of a remote. On a retry the remote is registered again with force,
 * so a container that failed to load is fetched anew instead of served from the failed cache.
 */
export async function loadSectionPage(
  remote: RemoteName,
  module: string,
  retry: boolean,
): Promise<PageModule> {
  const found = entries.get(remote);
  if (!found) {
    throw registryError ?? new Error(`No release of ${remote} is live in the registry`);
  }
  const name = federationName(remote);
  if (retry) registerRemotes([{ name, entry: found.entry }], { force: true });
  const loaded = await loadRemote<PageModule>(`${name}/${module.replace(/^\.\//, '')}`);
  if (!loaded || typeof loaded.default !== 'function') {
    throw new Error(`${remote} did not provide ${module}`);
  }
  return loaded;
}
