// The remotes' Node builds, loaded the way the browser loads their browser builds: a federation container per
// published version, initialised with the shell's shared singletons (one React, one store library, one
// @metrology/shared for the whole render).
import path from 'node:path';

interface FederationContainer {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;
declare const __non_webpack_require__: {
  (id: string): unknown;
  cache: Record<string, unknown>;
  resolve(id: string): string;
};

/** At most this many versions stay loaded: a day of publishes does not grow the server's memory without limit. */
export const MAX_LOADED_VERSIONS = 12;

const containers = new Map<string, Promise<FederationContainer>>();

/** <releases>/<remote>/<version>/server/remoteEntry.js */
export function serverEntryFile(releasesDir: string, remote: string, version: string): string {
  return path.join(releasesDir, remote, version, 'server', 'remoteEntry.js');
}

function forget(entryFile: string): void {
  containers.delete(entryFile);
  try {
    delete __non_webpack_require__.cache[__non_webpack_require__.resolve(entryFile)];
  } catch {
    // never loaded
  }
}

async function load(entryFile: string): Promise<FederationContainer> {
  await __webpack_init_sharing__('default');
  const container = __non_webpack_require__(entryFile) as Partial<FederationContainer> | null;
  if (!container || typeof container.init !== 'function' || typeof container.get !== 'function') {
    throw new Error(`${entryFile} is no federation container`);
  }
  await container.init(__webpack_share_scopes__.default);
  return container as FederationContainer;
}

/** The container of one published version, loaded once and kept while it is among the recently used. */
export function containerOf(entryFile: string): Promise<FederationContainer> {
  const known = containers.get(entryFile);
  if (known) {
    // Most recently used last.
    containers.delete(entryFile);
    containers.set(entryFile, known);
    return known;
  }
  const loading = load(entryFile);
  containers.set(entryFile, loading);
  loading.catch(() => forget(entryFile));
  while (containers.size > MAX_LOADED_VERSIONS) {
    const oldest = containers.keys().next().value;
    if (oldest === undefined) break;
    forget(oldest);
  }
  return loading;
}

/** One exposed module of a version's container, e.g. './ProductPage'. */
export async function exposedModule(entryFile: string, module: string): Promise<unknown> {
  const container = await containerOf(entryFile);
  const factory = await container.get(module);
  return factory();
}

/** How many versions are loaded now (tests, and the site's log). */
export function loadedVersionCount(): number {
  return containers.size;
}
