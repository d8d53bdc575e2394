// RELEASES_DIR as a store: registry.json, which version of each release is live and every version published (writes
// are atomic, temp file + fsync + rename, and serialised by a lock directory, so readers never see half a file and
// two releases at once cannot lose each other's change; the last good copy is served when it is damaged), the
// published versions' folders and actions.jsonl. The operations take it, or PostgreSQL's registry, as one
// ReleaseStore (release-store.ts).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import { RELEASE_NAMES } from '@metrology/shared/release';
import type { Registry, ReleaseAction } from '@metrology/shared/contracts';
import {
  SHELL_RELEASE,
  ReleaseError,
  parseRegistry,
  isValidVersion,
  type RegistryChange,
  type RegistryStore,
  hasUnjudgedReleases,
  upgradeHistory,
} from './model.js';

/** A lock older than this, or whose owner process is gone, was left by a crash. */
const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 60_000;

export function registryFile(releasesDir: string) {
  return path.join(releasesDir, 'registry.json');
}

/** The copy of the last registry this tool wrote successfully: what the site serves if registry.json is damaged. */
export function lastGoodFile(releasesDir: string) {
  return path.join(releasesDir, 'registry.json.last-good');
}

export interface RegistryReading {
  /** what to serve: registry.json, or the last good copy when it is damaged */
  registry: Registry;
  source: 'registry' | 'last-good' | 'none';
  /** why registry.json could not be used */
  damage?: string;
  /** the served registry as JSON text */
  text: string;
}

/**
 * Reads the live pointer, falling back to the last good copy when registry.json is damaged (never throws for
 * damage: the caller reports `damage` loudly and keeps serving).
 */
export async function readRegistryWithFallback(releasesDir: string): Promise<RegistryReading> {
  const file = registryFile(releasesDir);
  let damage: string | undefined;
  try {
    const text = await fs.readFile(file, 'utf8');
    const registry = parseRegistry(text, file);
    return { registry, source: 'registry', text };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { registry: { remotes: {} }, source: 'none', text: '{"remotes":{}}' };
    damage = error instanceof Error ? error.message : String(error);
  }
  try {
    const text = await fs.readFile(lastGoodFile(releasesDir), 'utf8');
    const registry = parseRegistry(text, lastGoodFile(releasesDir));
    return { registry, source: 'last-good', damage, text };
  } catch {
    return {
      registry: { remotes: {} },
      source: 'none',
      damage: `${damage}; no last good copy`,
      text: '{"remotes":{}}',
    };
  }
}

/**
 * The live registry; throws RegistryDamagedError when registry.json is damaged (see readRegistryWithFallback).
 */
export async function readRegistry(releasesDir: string): Promise<Registry> {
  const file = registryFile(releasesDir);
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { remotes: {} };
    throw error;
  }
  return parseRegistry(text, file);
}

/** Writes text to target atomically: temp file, fsync, rename, fsync of the folder. */
async function writeAtomic(target: string, text: string) {
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await fs.open(temp, 'w');
  try {
    await file.writeFile(text);
    // On disk before the rename makes it visible: a crash leaves the old file or the new one, never a hole.
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw error;
  }
  await file.close();
  await fs.rename(temp, target);
  const dir = await fs.open(path.dirname(target), 'r').catch(() => null);
  if (dir)
    await dir
      .sync()
      .catch(() => undefined)
      .finally(() => dir.close());
}

async function writeRegistry(releasesDir: string, registry: Registry) {
  const text = `${JSON.stringify(registry, null, 2)}\n`;
  // Checked before it goes live: the tool never writes a pointer it could not read back.
  parseRegistry(text, registryFile(releasesDir));
  await writeAtomic(registryFile(releasesDir), text);
  // The same content as the last good copy, for the site and `release repair` if registry.json is ever damaged.
  await writeAtomic(lastGoodFile(releasesDir), text);
}

/**
 * What a registry would be if rebuilt from the version folders on disk: every published version (ordered by
 * the folder's time), the newest live. Used by `release repair` when there is no last good copy.
 */
export async function registryFromFolders(releasesDir: string): Promise<Registry> {
  const registry: Registry = { remotes: {} };
  for (const remote of RELEASE_NAMES) {
    const names = await fs.readdir(path.join(releasesDir, remote)).catch(() => [] as string[]);
    const versions: { version: string; time: number; clientOnly: boolean }[] = [];
    for (const version of names) {
      if (!isValidVersion(version)) continue;
      const manifest = await fs
        .stat(path.join(releasesDir, remote, version, buildMarker(remote)))
        .catch(() => null);
      if (!manifest) continue;
      // A version folder without a Node build is served to browsers only, as a --client-only publish is.
      const nodeEntry = await fs
        .stat(
          path.join(
            releasesDir,
            remote,
            version,
            'server',
            remote === SHELL_RELEASE ? 'render.js' : 'remoteEntry.js',
          ),
        )
        .catch(() => null);
      versions.push({ version, time: manifest.mtimeMs, clientOnly: !nodeEntry });
    }
    versions.sort((a, b) => a.time - b.time);
    const last = versions[versions.length - 1];
    if (!last) continue;
    const entry = {
      current: last.version,
      history: versions.map(({ version, time, clientOnly }) => ({
        version,
        publishedAt: new Date(time).toISOString(),
        commit: 'unknown',
        ...(clientOnly ? { clientOnly } : {}),
      })),
    };
    if (remote === SHELL_RELEASE) registry.shell = entry;
    else registry.remotes[remote] = entry;
  }
  return registry;
}

/** The file every published version of this remote (or the shell) has: what makes a folder a version. */
export function buildMarker(name: string) {
  return name === SHELL_RELEASE ? 'index.html' : 'mf-manifest.json';
}

/**
 * `release repair`: makes registry.json good again from the last good copy, else from the version folders.
 */
export async function repairRegistry(
  releasesDir: string,
): Promise<{ repaired: boolean; from: 'last-good' | 'folders' | 'nothing'; damage?: string }> {
  type RepairResult = { repaired: boolean; from: 'last-good' | 'folders' | 'nothing'; damage?: string };
  const repair: (
    registry: Registry,
    reading: RegistryReading,
  ) => Promise<{ registry: Registry | null; result: RepairResult }> = async (
    _registry,
    reading,
  ): Promise<{ registry: Registry | null; result: RepairResult }> => {
    if (!reading.damage) return { registry: null, result: { repaired: false, from: 'nothing' } };
    if (reading.source === 'last-good')
      return {
        registry: reading.registry,
        result: { repaired: true, from: 'last-good', damage: reading.damage },
      };
    return {
      registry: await registryFromFolders(releasesDir),
      result: { repaired: true, from: 'folders', damage: reading.damage },
    };
  };
  return updateRegistry(releasesDir, repair, { allowDamaged: true });
}

function processIsGone(pid: number) {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**@returns whether the lock was left by a crash */
async function lockIsStale(lock: string): Promise<boolean> {
  const stat = await fs.stat(lock).catch(() => null);
  if (!stat) return false;
  if (Date.now() - stat.mtimeMs > LOCK_STALE_MS) return true;
  const owner = await fs.readFile(path.join(lock, 'owner'), 'utf8').catch(() => '');
  const [host, pid] = owner.split(':');
  return host === osHost() && Number(pid) > 0 && processIsGone(Number(pid));
}

function osHost() {
  return hostname();
}

/**
 * Runs fn with the registry lock held; fn gets the registry and returns the new one (or null to keep it).
 * A damaged registry.json is replaced by its last good copy as the base of the change (with a loud warning); with
 * no good copy the change is refused, pointing at `release repair`.
 * Rows of the action log fn returns are appended to RELEASES_DIR/actions.jsonl once the registry is written, still
 * under the lock (so the log's order is the registry's).
 * @template T
 *
 *
 */
export async function updateRegistry<T>(
  releasesDir: string,
  fn: (registry: Registry, reading: RegistryReading) => Promise<RegistryChange<T>>,
  options: { allowDamaged?: boolean; warn?: (message: string) => void } = {},
): Promise<T> {
  await fs.mkdir(releasesDir, { recursive: true });
  const lock = path.join(releasesDir, '.registry.lock');
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(lock);
      await fs.writeFile(path.join(lock, 'owner'), `${osHost()}:${process.pid}`);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockIsStale(lock)) {
        // Move it aside first: of two processes breaking the same stale lock, only one rename succeeds.
        const aside = `${lock}.stale-${randomBytes(4).toString('hex')}`;
        if (
          await fs.rename(lock, aside).then(
            () => true,
            () => false,
          )
        )
          await fs.rm(aside, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS)
        throw new ReleaseError(`The registry lock ${lock} is held too long; is another release running?`);
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }
  try {
    const reading = await readRegistryWithFallback(releasesDir);
    if (reading.damage && !options.allowDamaged) {
      if (reading.source !== 'last-good')
        throw new ReleaseError(
          `${reading.damage}. Run 'npm run release -- repair' to rebuild it from the published versions.`,
        );
      (options.warn ?? console.error)(
        `WARNING: ${reading.damage}; this change starts from the last good copy (${lastGoodFile(releasesDir)}).`,
      );
    }
    const { registry, result, actions } = await fn(reading.registry, reading);
    if (registry) await writeRegistry(releasesDir, registry);
    if (actions?.length) await appendActionsFile(releasesDir, actions);
    return result;
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

/**
 * A change of the registry in the store, under its lock or in its transaction.
 * @template T
 */
export function changeRegistry<T>(
  store: RegistryStore,
  fn: (registry: Registry) => Promise<RegistryChange<T>>,
): Promise<T> {
  // Releases recorded before liveAt and staged are judged from the action log first (upgradeHistory), under the
  // same lock: the change starts from, and writes, the judged history.
  const judged = async (registry: Registry) =>
    fn(
      hasUnjudgedReleases(registry) ? upgradeHistory(registry, await store.readActions(WHOLE_LOG)) : registry,
    );
  return store.update(judged);
}

/**
 * RELEASES_DIR as the release model's store, with the interface of PostgreSQL's (pg-store.ts): the registry read
 * with its last good copy as fall-back, changed under the lock with the change's rows appended to actions.jsonl,
 * and the log read newest first.
 */
export function fileRegistryStore(releasesDir: string): RegistryStore {
  return {
    read: async () => (await readRegistryWithFallback(releasesDir)).registry,
    update: (fn) => updateRegistry(releasesDir, (registry) => fn(registry)),
    readActions: (limit) => readActionsFile(releasesDir, limit),
  };
}

/** Enough rows to read the whole action log when judging old releases. */
const WHOLE_LOG = 1_000_000_000;

/** Who runs this process, for the action log when nobody is named: user@host. */
export function defaultActor() {
  let user = process.env.USER ?? '';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's arbitrary uid): the environment's USER, if any.
  }
  return `${user || 'unknown'}@${hostname()}`;
}

export function releaseDir(releasesDir: string, remote: string, version: string) {
  return path.join(releasesDir, remote, version);
}

export async function exists(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    () => true,
    () => false,
  );
}

export function actionsFile(releasesDir: string) {
  return path.join(releasesDir, 'actions.jsonl');
}

/**
 * Appends rows to RELEASES_DIR/actions.jsonl: one write of whole lines on an O_APPEND descriptor, so concurrent
 * writers never interleave inside a line, then fsync.
 */
export async function appendActionsFile(releasesDir: string, actions: ReleaseAction[]) {
  if (actions.length === 0) return;
  await fs.mkdir(releasesDir, { recursive: true });
  const file = await fs.open(actionsFile(releasesDir), 'a', 0o644);
  try {
    await file.write(actions.map((action) => `${JSON.stringify(action)}\n`).join(''));
    await file.sync();
  } finally {
    await file.close();
  }
}

function isActionRecord(row: unknown): row is ReleaseAction {
  if (!row || typeof row !== 'object') return false;
  const r = row as Record<string, unknown>;
  return typeof r.at === 'string' && typeof r.action === 'string' && typeof r.remote === 'string';
}

/** RELEASES_DIR/actions.jsonl, newest first. A line cut short by a crash is skipped. */
async function readActionsFile(releasesDir: string, limit: number): Promise<ReleaseAction[]> {
  const text = await fs.readFile(actionsFile(releasesDir), 'utf8').catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  });
  const rows: ReleaseAction[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line);
      if (isActionRecord(row)) rows.push(row);
    } catch {
      // A torn last line (crash mid-append) is not an action.
    }
  }
  return rows.reverse().slice(0, limit);
}

export function actionRow(
  row: Omit<ReleaseAction, 'why' | 'automatic' | 'changed' | 'version'> &
    Partial<Pick<ReleaseAction, 'why' | 'automatic' | 'changed' | 'version'>>,
): ReleaseAction {
  return { changed: true, why: '', automatic: false, version: row.to, ...row };
}
