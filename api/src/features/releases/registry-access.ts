// The release registry as this API process reaches it (the desk, the rollout actions, the rollout controller):
// RELEASES_DIR for the bundles and, without DATABASE_URL, registry.json and actions.jsonl; with DATABASE_URL the
// pointer, the rollouts and the action log in PostgreSQL (the store every site instance reads). One store per
// process, opened on first use (a shop that never releases holds no extra connections) and closed with the app.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.js';
import type { Registry } from '@metrology/shared/contracts';
import {
  registryModule,
  registryStoreModule,
  type RegistryModule,
  type RegistryStore,
  type ReleaseStore,
} from '../back-office/registry-bridge.js';

export const DESK_MESSAGES = {
  notConfigured: 'The release registry is not configured on this server (RELEASES_DIR).',
  storeUnavailable: 'The release registry in the database cannot be reached. Please try again.',
} as const;

export interface RegistryAccess {
  /** RELEASES_DIR; a 503 HttpError when unset. */
  releasesDir(): string;
  /** The PostgreSQL store with DATABASE_URL, else undefined (registry.json); a 503 when it cannot be opened. */
  store(): Promise<RegistryStore | undefined>;
  module(): Promise<RegistryModule>;
  /** The live registry, as the site servers serve it. */
  read(): Promise<Registry>;
  /** The release store every registry call takes (RELEASES_DIR, with PostgreSQL's registry when configured), ready to spread into one. */
  where(): Promise<{ store: ReleaseStore }>;
}

const byShop = new WeakMap<object, RegistryAccess>();

/** The one registry access of this app (its plugins share it through app.shop). */
export function registryAccess(app: FastifyInstance): RegistryAccess {
  const known = byShop.get(app.shop);
  if (known) return known;
  const { config } = app.shop;
  const releasesDir = (): string => {
    if (!config.releasesDir) throw new HttpError(503, DESK_MESSAGES.notConfigured);
    return config.releasesDir;
  };
  let opening: Promise<RegistryStore> | undefined;
  const store = async (): Promise<RegistryStore | undefined> => {
    const { databaseUrl } = config;
    if (!databaseUrl) return undefined;
    opening ??= registryStoreModule().then((module) =>
      // A single-machine install moving to PostgreSQL brings its registry.json history along (once).
      module.openPgRegistryStore(databaseUrl, { importFrom: releasesDir(), poolSize: 2 }),
    );
    try {
      return await opening;
    } catch (error) {
      opening = undefined;
      app.log.error({ err: error }, 'releases: cannot open the registry in PostgreSQL');
      throw new HttpError(503, DESK_MESSAGES.storeUnavailable);
    }
  };
  const where = async () => {
    const dir = releasesDir();
    const opened = await store();
    return { store: (await registryModule()).releaseStore(dir, opened) };
  };
  const access: RegistryAccess = {
    releasesDir,
    store,
    module: registryModule,
    where,
    read: async () => {
      const dir = releasesDir();
      const opened = await store();
      return opened ? opened.read() : (await registryModule()).readRegistry(dir);
    },
  };
  byShop.set(app.shop, access);
  app.addHook('onClose', async () => {
    const opened = await opening?.catch(() => undefined);
    opening = undefined;
    await opened?.close();
  });
  return access;
}
