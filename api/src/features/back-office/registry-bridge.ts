// The release desk calls the very code the release CLI runs (releases/src/registry.ts), loaded at run time: the API
// and `npm run release` share one implementation of rollback, its lock and its atomic writes. With DATABASE_URL
// the live pointer and history are in PostgreSQL (releases/src/pg-store.ts), the pointer every site
// instance reads, so the desk moves that one; RELEASES_DIR still holds the published bundles.
import type * as RegistryPackage from '@metrology/releases/registry';
import type * as PgStorePackage from '@metrology/releases/pg-store';

/** The registry's types are the release platform's own (releases/src/model.ts, pg-store.ts). */
export type { Registry, RegistryEntry, ReleaseActionRecord } from '@metrology/releases/registry';
export type { PgRegistryStore as RegistryStore } from '@metrology/releases/pg-store';
export type { Rollout, RolloutStage } from '@metrology/shared/release';

export type RegistryModule = typeof RegistryPackage;
export type RegistryStoreModule = typeof PgStorePackage;

/** The release platform's model and file store (releases/src/registry.ts), named at run time: the API is built apart. */
export const REGISTRY_MODULE = '@metrology/releases/registry';
export const REGISTRY_STORE_MODULE = '@metrology/releases/pg-store';

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
