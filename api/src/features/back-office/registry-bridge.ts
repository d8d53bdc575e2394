// The release desk calls the very code the release CLI runs (tools/src/registry.mjs), loaded at run time: the API
// and `npm run release` share one implementation of rollback, its lock and its atomic writes. With DATABASE_URL
// the live pointer and history are in PostgreSQL (tools/src/registry-store-pg.mjs), the pointer every site
// instance reads, so the desk moves that one; RELEASES_DIR still holds the published bundles.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RegistryEntry, Release } from '@metrology/shared/release';

/** The registry's types are the release model's (@metrology/shared/release). */
export type { RegistryEntry, Release as RegistryRelease };
export interface Registry {
  remotes: Record<string, RegistryEntry>;
}

/** The registry in PostgreSQL (tools/src/registry-store-pg.mjs): what the site servers read with DATABASE_URL. */
export interface RegistryStore {
  where: string;
  read(): Promise<Registry>;
  readText(): Promise<string>;
  update<T>(fn: (registry: Registry) => Promise<{ registry: Registry | null; result: T }>): Promise<T>;
  close(): Promise<void>;
}

export interface RegistryModule {
  REMOTE_NAMES: readonly string[];
  ReleaseError: new (message: string) => Error;
  readRegistry(releasesDir: string): Promise<Registry>;
  rollbackRelease(options: {
    releasesDir: string;
    remote: string;
    to?: string;
    store?: RegistryStore;
  }): Promise<{ from: string; to: string; changed: boolean }>;
  isPublished(releasesDir: string, remote: string, version: string): Promise<boolean>;
}

/** api/src|dist/features/back-office -> the repository's tools/src/registry.mjs. */
export const REGISTRY_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../tools/src/registry.mjs',
);

export interface RegistryStoreModule {
  openPgRegistryStore(
    databaseUrl: string,
    options?: { importFrom?: string; poolSize?: number },
  ): Promise<RegistryStore>;
}

export const REGISTRY_STORE_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../tools/src/registry-store-pg.mjs',
);

let loaded: Promise<RegistryModule> | undefined;
let loadedStore: Promise<RegistryStoreModule> | undefined;

export function registryModule(): Promise<RegistryModule> {
  loaded ??= import(REGISTRY_MODULE) as Promise<RegistryModule>;
  return loaded;
}

export function registryStoreModule(): Promise<RegistryStoreModule> {
  loadedStore ??= import(REGISTRY_STORE_MODULE) as Promise<RegistryStoreModule>;
  return loadedStore;
}
