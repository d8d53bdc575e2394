// The one store every release operation takes (publish, rollback, the rollouts, the action log): the registry with
// its action log, and where the versions' files are. RELEASES_DIR alone (registry.json under its lock,
// actions.jsonl, the version folders), or a registry store in PostgreSQL (pg-store.ts: the pointer, the log and the
// artifact store) with RELEASES_DIR for versions published before it. Whoever opens the store makes it once
// (the CLI, the API, npm start); the operations never ask which it is.
import { appendActionsFile, fileRegistryStore } from './file-store.js';
import type { ReleaseAction } from '@metrology/shared/contracts';
import type { RegistryStore } from './model.js';

export interface ReleaseStore extends RegistryStore {
  /** RELEASES_DIR: the versions' folders (every version without an artifact store; with one, those before it) */
  releasesDir: string;
  /** Writes rows of the action log that change nothing in the registry (a preview link given out). */
  record(actions: ReleaseAction[]): Promise<void>;
}

/** The release store on RELEASES_DIR, with the registry and log of `database` (PostgreSQL) when given. */
export function releaseStore(releasesDir: string, database?: RegistryStore): ReleaseStore {
  if (!database) {
    return {
      ...fileRegistryStore(releasesDir),
      releasesDir,
      record: (actions) => appendActionsFile(releasesDir, actions),
    };
  }
  return {
    read: () => database.read(),
    update: (fn) => database.update(fn),
    readActions: (limit) => database.readActions(limit),
    ...(database.artifacts ? { artifacts: database.artifacts } : {}),
    releasesDir,
    record: async (actions) => {
      if (actions.length > 0)
        await database.update(async () => ({ registry: null, result: undefined, actions }));
    },
  };
}

/** The action log, newest first. */
export function readReleaseActions({
  store,
  limit = 50,
}: {
  store: ReleaseStore;
  limit?: number;
}): Promise<ReleaseAction[]> {
  return store.readActions(limit);
}
