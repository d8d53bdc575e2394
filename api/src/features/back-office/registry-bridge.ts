// The release desk calls the very code the release CLI runs (releases/src/registry.ts), loaded at run time: the API
// and `npm run release` share one implementation of rollback, its lock and its atomic writes. With DATABASE_URL
// the live pointer and history are in PostgreSQL (releases/src/pg-store.ts), the pointer every site
// instance reads, so the desk moves that one; RELEASES_DIR still holds the published bundles.
import type { RegistryEntry, Release, Rollout, RolloutStage } from '@metrology/shared/release';

/** The registry's types are the release model's (@metrology/shared/release). */
export type { RegistryEntry, Release as RegistryRelease, Rollout, RolloutStage };
export interface Registry {
  remotes: Record<string, RegistryEntry>;
  /** The shell's entry (released like a remote, kept apart from the four). */
  shell?: RegistryEntry;
}

/** One row of the action log (releases/src/registry.ts ReleaseActionRecord). */
export interface ReleaseActionRecord {
  at: string;
  actor: string;
  action: string;
  remote: string;
  version: string;
  from: string;
  to: string;
  changed: boolean;
  percent?: number;
  why: string;
  automatic: boolean;
  figures?: Record<string, number>;
}

/** The registry in PostgreSQL (releases/src/pg-store.ts): what the site servers read with DATABASE_URL. */
/** One file of a version in the artifact store (releases/src/artifact-store.ts). */
export interface ArtifactFile {
  path: string;
  sha256: string;
  size: number;
  contentType: string;
}

/** The published versions' files in PostgreSQL: content-addressed blobs and a manifest per version. */
export interface ArtifactStore {
  hasVersion(remote: string, version: string): Promise<boolean>;
  manifest(
    remote: string,
    version: string,
  ): Promise<{ remote: string; version: string; files: ArtifactFile[] } | null>;
  blobs(hashes: string[]): Promise<Map<string, Buffer>>;
}

export interface RegistryStore {
  where: string;
  artifacts?: ArtifactStore;
  read(): Promise<Registry>;
  readText(): Promise<string>;
  update<T>(
    fn: (
      registry: Registry,
    ) => Promise<{ registry: Registry | null; result: T; actions?: ReleaseActionRecord[] }>,
  ): Promise<T>;
  readActions(limit: number): Promise<ReleaseActionRecord[]>;
  close(): Promise<void>;
}

/** What every registry action takes: where the registry is, who acts and why. */
interface Target {
  releasesDir: string;
  remote: string;
  by: string;
  why?: string;
  store?: RegistryStore;
  now?: () => Date;
}

export interface RegistryModule {
  REMOTE_NAMES: readonly string[];
  /** The remotes and the shell ('shell'): what publish and rollback take. */
  RELEASE_NAMES: readonly string[];
  ReleaseError: new (message: string) => Error;
  AUTOMATIC: string;
  readRegistry(releasesDir: string): Promise<Registry>;
  rollbackRelease(
    options: Target & { to?: string },
  ): Promise<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }>;
  /** Its files are in the store's artifact store (DATABASE_URL) or its folder in releasesDir. */
  isPublished(releasesDir: string, remote: string, version: string, store?: RegistryStore): Promise<boolean>;
  /** A ReleaseError when distDir is no production build of the remote (no mf-manifest.json naming it). */
  assertBuildOf(remote: string, distDir: string): Promise<void>;
  publishRelease(options: {
    releasesDir: string;
    store?: RegistryStore;
    remote: string;
    distDir: string;
    version: string;
    commit: string;
    by?: string;
    why?: string;
    staged?: boolean;
    clientOnly?: boolean;
  }): Promise<Release & { previous?: string; endedRollout?: string; live: boolean }>;
  parseRolloutPlan(text: string): RolloutStage[];
  startRollout(
    options: Target & { version: string; percent?: number; plan?: RolloutStage[] },
  ): Promise<Rollout & { current: string }>;
  setRolloutPercent(
    options: Target & { percent: number },
  ): Promise<{ version: string; from: number; percent: number; droppedPlan: boolean }>;
  approveRolloutStage(options: Target): Promise<{ version: string; percent: number; stage: number }>;
  completeRollout(options: Target): Promise<{ from: string; to: string }>;
  abortRollout(
    options: Target & { automatic?: boolean; figures?: Record<string, number>; version?: string },
  ): Promise<{ version: string; percent: number; current: string; changed: boolean }>;
  advanceRollouts(options: {
    releasesDir: string;
    store?: RegistryStore;
    now?: Date;
    healthy?: (remote: string, rollout: Rollout) => boolean;
    figures?: (remote: string) => Record<string, number> | undefined;
    by?: string;
  }): Promise<ReleaseActionRecord[]>;
  readReleaseActions(options: {
    releasesDir: string;
    store?: RegistryStore;
    limit?: number;
  }): Promise<ReleaseActionRecord[]>;
  recordAction(options: {
    releasesDir: string;
    store?: RegistryStore;
    action: ReleaseActionRecord;
  }): Promise<void>;
}

/** The release platform's model and file store (releases/src/registry.ts), named at run time: the API is built apart. */
export const REGISTRY_MODULE = '@metrology/releases/registry';

export interface RegistryStoreModule {
  openPgRegistryStore(
    databaseUrl: string,
    options?: { importFrom?: string; poolSize?: number },
  ): Promise<RegistryStore>;
}

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
