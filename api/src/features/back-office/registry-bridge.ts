// The release desk calls the very code the release CLI runs (releases/src/registry.ts): the API and
// `npm run release` share one implementation of publish, rollback and the rollouts, their lock and their atomic
// writes. With DATABASE_URL the live pointer and history are in PostgreSQL (releases/src/pg-store.ts), the pointer
// every site instance reads, so the desk moves that one; RELEASES_DIR still holds the published bundles.
import * as RegistryPackage from '@metrology/releases/registry';
import * as PgStorePackage from '@metrology/releases/pg-store';

/** The stores' types are the release platform's own (releases/src/release-store.ts, pg-store.ts). */
export type { ReleaseStore } from '@metrology/releases/registry';
export type { PgRegistryStore as RegistryStore } from '@metrology/releases/pg-store';

export type RegistryModule = typeof RegistryPackage;
export type RegistryStoreModule = typeof PgStorePackage;

/** The release platform's model and file store. */
export async function registryModule(): Promise<RegistryModule> {
  return RegistryPackage;
}

/** The release platform's PostgreSQL store. */
export async function registryStoreModule(): Promise<RegistryStoreModule> {
  return PgStorePackage;
}
