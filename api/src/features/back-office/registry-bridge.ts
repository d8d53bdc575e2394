// The release desk calls the very code the release CLI runs (tools/src/registry.mjs), loaded at run time: the API
// and `npm run release` share one implementation of rollback, its lock and its atomic writes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RegistryEntry, Release } from '@metrology/shared/release';

/** The registry's types are the release model's (@metrology/shared/release). */
export type { RegistryEntry, Release as RegistryRelease };
export interface Registry {
  remotes: Record<string, RegistryEntry>;
}

export interface RegistryModule {
  REMOTE_NAMES: readonly string[];
  ReleaseError: new (message: string) => Error;
  readRegistry(releasesDir: string): Promise<Registry>;
  rollbackRelease(options: {
    releasesDir: string;
    remote: string;
    to?: string;
  }): Promise<{ from: string; to: string; changed: boolean }>;
  isPublished(releasesDir: string, remote: string, version: string): Promise<boolean>;
}

/** api/src|dist/features/back-office -> the repository's tools/src/registry.mjs. */
export const REGISTRY_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../tools/src/registry.mjs',
);

let loaded: Promise<RegistryModule> | undefined;

export function registryModule(): Promise<RegistryModule> {
  loaded ??= import(REGISTRY_MODULE) as Promise<RegistryModule>;
  return loaded;
}
