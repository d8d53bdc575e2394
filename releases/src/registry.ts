// RELEASES_DIR/registry.json: which version of each remote is live, and every version published.
// Writes are atomic (temp file + fsync + rename) and serialised by a lock directory, so readers never see half a
// file and two releases at once cannot lose each other's change.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hostname, tmpdir, userInfo } from 'node:os';
import {
  RELEASE_NAMES,
  REMOTE_NAMES,
  SHELL,
  federationName,
  isReleaseName,
  isRemoteName,
  previousGoodVersion,
} from '@metrology/shared/release';
import { readBuildFiles } from './pack.js';
import type { ArtifactStore } from './artifact-store.js';
import type { Rollout, RolloutStage } from '@metrology/shared/release';

// The remotes, their names and the fallback rule are the release model's (@metrology/shared/release).
export { RELEASE_NAMES, REMOTE_NAMES, federationName, previousGoodVersion };

/** The shell's name in the release model: `release publish shell`, its folder RELEASES_DIR/shell/<version>/. */
export const SHELL_RELEASE = SHELL.dir as 'shell';

import type { RegistryEntry, Release } from '@metrology/shared/release';
export type { RegistryEntry, Release };
/**
 * The remotes' entries, and the shell's apart (`shell`): whatever reads `remotes` sees the four remotes only.
 */
export type Registry = { remotes: Record<string, RegistryEntry>; shell?: RegistryEntry };
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** A lock older than this, or whose owner process is gone, was left by a crash. */
const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 60_000;

/** A refusal the release manager can act on (unknown remote, version taken, nothing to roll back to...). */
export class ReleaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseError';
  }
}

export function registryFile(releasesDir: string) {
  return path.join(releasesDir, 'registry.json');
}

/** The copy of the last registry this tool wrote successfully: what the site serves if registry.json is damaged. */
export function lastGoodFile(releasesDir: string) {
  return path.join(releasesDir, 'registry.json.last-good');
}

/** registry.json cannot be read as a registry (cut short, not JSON, wrong shape). */
export class RegistryDamagedError extends Error {
  readonly file: string;
  readonly detail: string;
  constructor(file: string, detail: string) {
    super(`${file} is damaged (${detail})`);
    this.name = 'RegistryDamagedError';
    this.file = file;
    this.detail = detail;
  }
}

/** Parses a registry's text; throws RegistryDamagedError when it is not one. */
export function parseRegistry(text: string, file: string): Registry {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RegistryDamagedError(file, `not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new RegistryDamagedError(file, 'not a JSON object');
  const remotes = parsed.remotes ?? {};
  if (typeof remotes !== 'object' || Array.isArray(remotes) || remotes === null)
    throw new RegistryDamagedError(file, '"remotes" is not an object');
  const shell = parsed.shell;
  // Checked one by one below: each entry may be anything until then.
  const entries = Object.entries(remotes as Record<string, RegistryEntry | null | undefined>);
  if (shell !== undefined) entries.push([SHELL_RELEASE, shell]);
  for (const [remote, entry] of entries) {
    if (
      !entry ||
      typeof entry !== 'object' ||
      typeof entry.current !== 'string' ||
      !Array.isArray(entry.history) ||
      !entry.history.some((release: Release) => release?.version === entry.current)
    )
      throw new RegistryDamagedError(file, `the entry of ${remote} has no live version in its history`);
  }
  return shell === undefined ? { remotes } : { remotes, shell };
}

/** The entry of a remote or of the shell. */
export function entryOf(registry: Registry, name: string): RegistryEntry | undefined {
  return name === SHELL_RELEASE ? registry.shell : registry.remotes[name];
}

/** The registry with one entry (a remote's or the shell's) replaced. */
export function withEntry(registry: Registry, name: string, entry: RegistryEntry): Registry {
  if (name === SHELL_RELEASE) return { ...registry, shell: entry };
  return { ...registry, remotes: { ...registry.remotes, [name]: entry } };
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

export function isValidVersion(version: string) {
  return VERSION_PATTERN.test(version);
}

/** What is refused for the shell: a staged rollout (every visitor gets the one live shell). */
export const SHELL_NOT_STAGED =
  "The shell is not rolled out in stages: a published shell goes live for everyone at once; roll it back with 'release rollback shell'";

/** A remote, for what only remotes have (staged publishes, previews, rollouts). */
export function assertKnownRemote(remote: string) {
  if (remote === SHELL_RELEASE) throw new ReleaseError(SHELL_NOT_STAGED);
  if (!isRemoteName(remote))
    throw new ReleaseError(`Unknown remote '${remote}' (one of ${REMOTE_NAMES.join(', ')})`);
}

/** A remote or the shell, for what both have (publish, rollback, status, log). */
export function assertKnownRelease(name: string) {
  if (!isReleaseName(name))
    throw new ReleaseError(`Unknown remote '${name}' (one of ${RELEASE_NAMES.join(', ')})`);
}

function assertValidVersion(version: string) {
  if (!isValidVersion(version))
    throw new ReleaseError(`'${version}' is not a version like 1.4.0 or 1.4.0-rc.1`);
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
function buildMarker(name: string) {
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
 * A change of the registry: the new registry (null: none), what the caller gets, the action log's rows, and (a
 * store with an artifact store only) the files of a version published by this change, stored with it.
 */
export type RegistryChange<T> = {
  registry: Registry | null;
  result: T;
  actions?: ReleaseActionRecord[];
  artifacts?: { remote: string; version: string; files: { path: string; data: Buffer }[] };
};

/**
 * Where the pointer and history live when not in registry.json (PostgreSQL for a cluster:
 * pg-store.ts); its update writes the change's action rows in the same transaction. With `artifacts`
 * the versions' files live in the store too (artifact-store.ts), not in RELEASES_DIR.
 */
export type RegistryStore = {
  read(): Promise<Registry>;
  update<T>(fn: (registry: Registry) => Promise<RegistryChange<T>>): Promise<T>;
  readActions(limit: number): Promise<ReleaseActionRecord[]>;
  artifacts?: ArtifactStore;
};

/**
 * updateRegistry on the store when there is one, else on RELEASES_DIR/registry.json.
 * @template T
 *
 */
function changeRegistry<T>(
  releasesDir: string,
  store: RegistryStore | undefined,
  fn: (registry: Registry) => Promise<RegistryChange<T>>,
): Promise<T> {
  return store ? store.update(fn) : updateRegistry(releasesDir, fn);
}

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

async function exists(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    () => true,
    () => false,
  );
}

/**
 * Whether a version of a remote is published, whatever the registry says: its files are in the store's artifact
 * store, or its folder is in RELEASES_DIR (the only place without one, and where older versions stay).
 */
export async function isPublished(
  releasesDir: string,
  remote: string,
  version: string,
  store: RegistryStore | undefined = undefined,
) {
  if (store?.artifacts && (await store.artifacts.hasVersion(remote, version))) return true;
  return exists(releaseDir(releasesDir, remote, version));
}

/** Whether a published version's files can be served: its federation manifest is in the artifact store or folder. */
async function servable(
  releasesDir: string,
  remote: string,
  version: string,
  store: RegistryStore | undefined,
) {
  if (store?.artifacts && (await store.artifacts.hasVersion(remote, version))) return true;
  return exists(path.join(releaseDir(releasesDir, remote, version), buildMarker(remote)));
}

function alreadyPublished(remote: string, version: string) {
  return new ReleaseError(
    `${remote} ${version} is already published; versions are immutable, choose another --version`,
  );
}

/**
 * Checks that distDir is a production build of this remote: it has a federation manifest naming the remote.
 */
export async function assertBuildOf(remote: string, distDir: string) {
  if (remote === SHELL_RELEASE) return assertShellBuild(distDir);
  const manifestFile = path.join(distDir, 'mf-manifest.json');
  let manifest;
  try {
    manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
  } catch {
    throw new ReleaseError(
      `${distDir} holds no production build of ${remote} (mf-manifest.json is missing or unreadable)`,
    );
  }
  const name = manifest?.name ?? manifest?.metaData?.name;
  if (name !== federationName(remote))
    throw new ReleaseError(
      `${distDir} is a build of '${name}', not of ${remote} (${federationName(remote)})`,
    );
  if (!(await exists(path.join(distDir, manifest?.metaData?.remoteEntry?.name ?? 'remoteEntry.js'))))
    throw new ReleaseError(`${distDir} has a manifest but no remote entry file`);
}

/**
 * Checks that distDir is a production build of the shell: its page, its asset list and its Node render.
 */
async function assertShellBuild(distDir: string) {
  for (const file of ['index.html', 'page-assets.json', path.join('server', 'render.js')]) {
    if (!(await exists(path.join(distDir, file))))
      throw new ReleaseError(
        `${distDir} holds no production build of the shell (${file} is missing); build it with npm run build -w ${SHELL.workspace}`,
      );
  }
  const manifest = await fs.readFile(path.join(distDir, 'mf-manifest.json'), 'utf8').catch(() => null);
  if (manifest !== null)
    throw new ReleaseError(`${distDir} is a build of a remote (it has mf-manifest.json), not of the shell`);
}

/**
 * Publishes a built remote (or the shell) as a new immutable version and makes it live.
 * The shell is never staged nor client-only: a shell version is live for every visitor, with its Node render.
 * - clientOnly: published without its Node build (server/ is left out of the version folder even if the build
 *   has one, so the site renders the section in the browser, as the registry then says).
 * - verify: called with the complete version folder before it is renamed into place and the pointer moves (the
 *   release CLI loads the Node build there); when it throws, nothing is published.
 * A rollout running for the remote ends: the published version is live for everyone (the action log says so).
 * - staged: published without going live (the live version and a running rollout stay), to be previewed and
 *   rolled out; a remote's first version goes live all the same (there is nothing else to serve).
 */
export async function publishRelease({
  releasesDir,
  remote,
  distDir,
  version,
  commit,
  buildHash,
  clientOnly = false,
  staged = false,
  verify,
  now = () => new Date(),
  store,
  by = defaultActor(),
  why = '',
}: {
  releasesDir: string;
  remote: string;
  distDir: string;
  version: string;
  commit: string;
  buildHash?: string;
  clientOnly?: boolean;
  staged?: boolean;
  verify?: (versionDir: string) => Promise<void>;
  now?: () => Date;
  store?: RegistryStore;
  by?: string;
  why?: string;
}): Promise<Release & { previous?: string; endedRollout?: string; live: boolean }> {
  assertKnownRelease(remote);
  if (remote === SHELL_RELEASE && (staged || clientOnly))
    throw new ReleaseError(
      staged ? SHELL_NOT_STAGED : 'The shell is published with its Node render; --client-only is for remotes',
    );
  assertValidVersion(version);
  await assertBuildOf(remote, distDir);
  const target = releaseDir(releasesDir, remote, version);
  const artifacts = store?.artifacts;
  if (await isPublished(releasesDir, remote, version, store)) throw alreadyPublished(remote, version);
  // Copy beside the target outside the lock (it can take a while), then rename under it: a half-copied version
  // is never visible, and of two publishes of one version only the first rename wins. With an artifact store the
  // copy is checked in a temporary folder and stored with the pointer change: RELEASES_DIR is not written.
  const work = artifacts ? await fs.mkdtemp(path.join(tmpdir(), 'metrology-publish-')) : undefined;
  if (!work) await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = work
    ? path.join(work, `${remote}-${version}`)
    : `${target}.staging-${randomBytes(4).toString('hex')}`;
  const nodeBuild = path.resolve(distDir, 'server');
  try {
    await fs.cp(distDir, staging, {
      recursive: true,
      filter: (source) =>
        path.basename(source) !== '.fingerprint' && !(clientOnly && path.resolve(source) === nodeBuild),
    });
    if (verify) await verify(staging);
    const files = work ? await readBuildFiles(staging) : undefined;
    return await changeRegistry(releasesDir, store, async (registry) => {
      if (await isPublished(releasesDir, remote, version, store)) throw alreadyPublished(remote, version);
      if (!files) await fs.rename(staging, target);
      const release: Release = {
        version,
        publishedAt: now().toISOString(),
        commit,
        ...(buildHash ? { buildHash } : {}),
        ...(clientOnly ? { clientOnly: true } : {}),
      };
      const entry = entryOf(registry, remote);
      const history = [...(entry?.history ?? []), release];
      const live = !staged || !entry;
      const next = withEntry(registry, remote, live ? { current: version, history } : { ...entry, history });
      const ended = live ? entry?.rollout?.version : undefined;
      return {
        registry: next,
        ...(files ? { artifacts: { remote, version, files } } : {}),
        result: {
          ...release,
          live,
          ...(entry ? { previous: entry.current } : {}),
          ...(ended ? { endedRollout: ended } : {}),
        },
        actions: [
          actionRow({
            at: release.publishedAt,
            actor: by,
            action: 'publish',
            remote,
            version,
            from: entry?.current ?? '',
            to: live ? version : (entry?.current ?? ''),
            why: [
              why,
              live ? '' : 'staged: not live',
              ended ? `ended the rollout of ${ended}` : '',
              clientOnly ? 'client-only' : '',
            ]
              .filter(Boolean)
              .join('; '),
          }),
        ],
      };
    });
  } finally {
    await fs.rm(work ?? staging, { recursive: true, force: true });
  }
}

/**
 * Moves a remote's live pointer to the previous good version, or to a named published one. Only the pointer
 * changes; the version folders stay as they are.
 * A running rollout keeps running, unless its version is the one made live (then it has ended).
 */
export async function rollbackRelease({
  releasesDir,
  remote,
  to,
  now = () => new Date(),
  store,
  by = defaultActor(),
  why = '',
}: {
  releasesDir: string;
  remote: string;
  to?: string;
  now?: () => Date;
  store?: RegistryStore;
  by?: string;
  why?: string;
}): Promise<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }> {
  assertKnownRelease(remote);
  if (to !== undefined) assertValidVersion(to);
  const move: (
    registry: Registry,
  ) => Promise<
    RegistryChange<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }>
  > = async (
    registry,
  ): Promise<
    RegistryChange<{ from: string; to: string; changed: boolean; action: 'rollback' | 're-promote' }>
  > => {
    const entry = entryOf(registry, remote);
    if (!entry) throw new ReleaseError(`${remote} has never been published; there is nothing to roll back`);
    const published = entry.history.map((release) => release.version);
    const target = to ?? previousGoodVersion(entry);
    if (target === undefined) {
      throw new ReleaseError(
        `${remote} ${entry.current} has no earlier good version to roll back to (history: ${published.join(', ')})`,
      );
    }
    const targetIndex = published.indexOf(target);
    const action = (targetIndex < published.indexOf(entry.current) ? 'rollback' : 're-promote') as
      'rollback' | 're-promote';
    if (target === entry.current) {
      const result = { from: entry.current, to: target, changed: false, action };
      const row = actionRow({
        at: now().toISOString(),
        actor: by,
        action,
        remote,
        from: target,
        to: target,
        changed: false,
        why,
      });
      return { registry: null, result, actions: [row] };
    }
    if (targetIndex === -1) {
      throw new ReleaseError(`${remote} ${target} was never published (published: ${published.join(', ')})`);
    }
    if (!(await servable(releasesDir, remote, target, store))) {
      throw new ReleaseError(
        `The files of ${remote} ${target} are missing from ${releasesDir}; it cannot go live`,
      );
    }
    const currentIndex = published.indexOf(entry.current);
    const at = now().toISOString();
    const history = entry.history.map((release, index) => {
      // Going back to an older version marks the one we leave as rolled back; going forward marks nothing.
      if (index === currentIndex && targetIndex < currentIndex) return { ...release, rolledBackAt: at };
      if (index === targetIndex && release.rolledBackAt) {
        const { rolledBackAt: _cleared, ...rest } = release;
        return rest;
      }
      return release;
    });
    const rollout = entry.rollout && entry.rollout.version !== target ? { rollout: entry.rollout } : {};
    return {
      registry: withEntry(registry, remote, { current: target, history, ...rollout }),
      result: { from: entry.current, to: target, changed: true, action },
      actions: [actionRow({ at, actor: by, action, remote, from: entry.current, to: target, why })],
    };
  };
  return changeRegistry(releasesDir, store, move);
}

/**
 * What `release status --json` prints: every remote keyed by name, with its live version and its history
 * (oldest first, each with version, publishedAt and commit, and clientOnly: true on a --client-only publish), and
 * the running rollout if any.
 */
export function releaseStatus(registry: Registry) {
  const status: Record<
    string,
    {
      current: string | null;
      history: { version: string; publishedAt: string; commit: string; clientOnly?: true }[];
      rollout?: Rollout;
    }
  > = {};
  for (const remote of REMOTE_NAMES) {
    const entry = registry.remotes[remote];
    status[remote] = {
      current: entry?.current ?? null,
      history: (entry?.history ?? []).map(({ version, publishedAt, commit, clientOnly }) => ({
        version,
        publishedAt,
        commit,
        ...(clientOnly ? { clientOnly: true as const } : {}),
      })),
      ...(entry?.rollout ? { rollout: entry.rollout } : {}),
    };
  }
  // The shell once it is released (npm start and every deploy publish it), beside the remotes.
  if (registry.shell)
    status[SHELL_RELEASE] = {
      current: registry.shell.current,
      history: registry.shell.history.map(({ version, publishedAt, commit }) => ({
        version,
        publishedAt,
        commit,
      })),
    };
  return status;
}

// --- The action log (audit) ---

/**
 * One row of the action log: who did what to which remote, when and why. `from`/`to` are the live pointer before
 * and after (equal when only a rollout moved); `version` is the version acted on; `automatic` rows come from the
 * rollout controller, with the figures it decided on.
 */
export interface ReleaseActionRecord {
  /** ISO 8601 */
  at: string;
  actor: string;
  action:
    | 'publish'
    | 'preview'
    | 'rollback'
    | 're-promote'
    | 'rollout-start'
    | 'rollout-percent'
    | 'rollout-approve'
    | 'rollout-wait'
    | 'rollout-advance'
    | 'rollout-complete'
    | 'rollout-abort';
  remote: string;
  version: string;
  from: string;
  to: string;
  /** whether the registry changed */
  changed: boolean;
  /** the rollout's share after the action */
  percent?: number;
  why: string;
  automatic: boolean;
  figures?: Record<string, number>;
}

export function actionsFile(releasesDir: string) {
  return path.join(releasesDir, 'actions.jsonl');
}

/**
 * Appends rows to RELEASES_DIR/actions.jsonl: one write of whole lines on an O_APPEND descriptor, so concurrent
 * writers never interleave inside a line, then fsync.
 */
export async function appendActionsFile(releasesDir: string, actions: ReleaseActionRecord[]) {
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

/** Writes a row of the action log that changes nothing in the registry (a preview link given out). */
export async function recordAction({
  releasesDir,
  store,
  action,
}: {
  releasesDir: string;
  store?: RegistryStore;
  action: ReleaseActionRecord;
}) {
  if (store) await store.update(async () => ({ registry: null, result: undefined, actions: [action] }));
  else await appendActionsFile(releasesDir, [action]);
}

function isActionRecord(row: unknown): row is ReleaseActionRecord {
  if (!row || typeof row !== 'object') return false;
  const r = row as Record<string, unknown>;
  return typeof r.at === 'string' && typeof r.action === 'string' && typeof r.remote === 'string';
}

/**
 * The action log, newest first: RELEASES_DIR/actions.jsonl, or the store's table. A line cut short by a crash is
 * skipped.
 */
export async function readReleaseActions({
  releasesDir,
  store,
  limit = 50,
}: {
  releasesDir: string;
  store?: RegistryStore;
  limit?: number;
}): Promise<ReleaseActionRecord[]> {
  if (store) return store.readActions(limit);
  const text = await fs.readFile(actionsFile(releasesDir), 'utf8').catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  });
  const rows: ReleaseActionRecord[] = [];
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

function actionRow(
  row: Omit<ReleaseActionRecord, 'why' | 'automatic' | 'changed' | 'version'> &
    Partial<Pick<ReleaseActionRecord, 'why' | 'automatic' | 'changed' | 'version'>>,
): ReleaseActionRecord {
  return { changed: true, why: '', automatic: false, version: row.to, ...row };
}

// --- Staged rollouts ---

/** Who acts when nobody says: the controller's rows say 'automatic'. */
export const AUTOMATIC = 'automatic';

function assertPercent(percent: number, what: string = 'The rollout share') {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100)
    throw new ReleaseError(`${what} must be a whole percentage from 1 to 100 (got ${percent})`);
}

/**
 * A rollout plan as the CLI and the desk write it: comma-separated stages `PERCENT:MINUTES` (that share for that
 * long), `approve` before a stage that waits for a release manager, and a last stage of `100` (minutes optional).
 * "10:10,50:10,approve,100" = 10 % for 10 minutes, 50 % for 10 minutes, then wait for approval, then everyone.
 */
export function parseRolloutPlan(text: string): RolloutStage[] {
  const stages: RolloutStage[] = [];
  let approval = false;
  for (const raw of text.split(',')) {
    const token = raw.trim();
    if (token === 'approve') {
      if (approval) throw new ReleaseError(`The plan '${text}' says 'approve' twice in a row`);
      approval = true;
      continue;
    }
    const match = /^(\d{1,3})(?::(\d{1,5}))?$/.exec(token);
    if (!match)
      throw new ReleaseError(
        `'${token}' in the plan '${text}' is not a stage: write PERCENT:MINUTES (e.g. 10:15), 'approve', or a last 100`,
      );
    stages.push({
      percent: Number(match[1]),
      minutes: match[2] === undefined ? 0 : Number(match[2]),
      ...(approval ? { approval: true } : {}),
    });
    approval = false;
  }
  if (approval)
    throw new ReleaseError(`The plan '${text}' ends with 'approve'; put the stage it gates after it`);
  validatePlan(stages);
  return stages;
}

export function validatePlan(plan: RolloutStage[]) {
  if (plan.length < 2) throw new ReleaseError('A plan needs at least two stages, the last one 100');
  plan.forEach((stage, index) => {
    assertPercent(stage.percent, `Stage ${index + 1}'s share`);
    if (!Number.isInteger(stage.minutes) || stage.minutes < 0 || stage.minutes > 10_080)
      throw new ReleaseError(`Stage ${index + 1} must last 0 to 10080 whole minutes (got ${stage.minutes})`);
    const before = plan[index - 1];
    if (before && stage.percent <= before.percent)
      throw new ReleaseError(
        `Each stage must reach more visitors than the one before (${before.percent} % then ${stage.percent} %)`,
      );
  });
  if (plan[0]?.approval)
    throw new ReleaseError("The first stage starts with the rollout; 'approve' goes before a later stage");
  if (plan[plan.length - 1]?.percent !== 100)
    throw new ReleaseError('The last stage of a plan must be 100 (everyone): the rollout completes there');
}

/** The plan as the CLI writes it. */
export function formatRolloutPlan(plan: RolloutStage[]) {
  return plan
    .map(
      (stage) =>
        `${stage.approval ? 'approve,' : ''}${stage.percent}${stage.minutes ? `:${stage.minutes}` : ''}`,
    )
    .join(',');
}

function runningRollout(registry: Registry, remote: string): RegistryEntry & { rollout: Rollout } {
  const entry = registry.remotes[remote];
  if (!entry?.rollout) throw new ReleaseError(`No rollout of ${remote} is running`);
  return entry as RegistryEntry & { rollout: Rollout };
}

export type RolloutActionOptions = {
  releasesDir: string;
  remote: string;
  by: string;
  why?: string;
  now?: () => Date;
  store?: RegistryStore;
};

/**
 * Starts giving a published version that is not live to a share of visitors: a fixed `percent`, or a `plan` of
 * stages (its first stage's share now). Refused while another rollout of the remote runs.
 */
export async function startRollout({
  releasesDir,
  remote,
  version,
  percent,
  plan,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions & { version: string; percent?: number; plan?: RolloutStage[] }): Promise<
  Rollout & { current: string }
> {
  assertKnownRemote(remote);
  assertValidVersion(version);
  if ((percent === undefined) === (plan === undefined))
    throw new ReleaseError('A rollout takes either a share (percent) or a plan, not both and not neither');
  if (percent !== undefined) assertPercent(percent);
  if (plan) validatePlan(plan);
  return changeRegistry(releasesDir, store, async (registry) => {
    const entry = registry.remotes[remote];
    if (!entry) throw new ReleaseError(`${remote} has never been published; publish it first`);
    if (!entry.history.some((release) => release.version === version))
      throw new ReleaseError(
        `${remote} ${version} is not published (published: ${entry.history.map((r) => r.version).join(', ')})`,
      );
    if (version === entry.current)
      throw new ReleaseError(`${remote} ${version} is already live; nothing to roll out`);
    if (entry.rollout)
      throw new ReleaseError(
        `A rollout of ${remote} ${entry.rollout.version} is running (${entry.rollout.percent} %); complete or abort it first`,
      );
    if (!(await servable(releasesDir, remote, version, store)))
      throw new ReleaseError(
        `The files of ${remote} ${version} are missing from ${releasesDir}; it cannot be served`,
      );
    const at = now().toISOString();
    const rollout: Rollout = {
      version,
      percent: plan ? (plan[0] as RolloutStage).percent : (percent as number),
      startedAt: at,
      stageStartedAt: at,
      ...(plan ? { plan, stage: 0 } : {}),
      by,
    };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout } } },
      result: { ...rollout, current: entry.current },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-start',
          remote,
          version,
          from: entry.current,
          to: entry.current,
          percent: rollout.percent,
          why: why || (plan ? `plan ${formatRolloutPlan(plan)}` : ''),
        }),
      ],
    };
  });
}

/**
 * Sets the share of the running rollout (raise or lower it by hand); a plan it followed is dropped: the release
 * manager steers it from here.
 */
export async function setRolloutPercent({
  releasesDir,
  remote,
  percent,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions & { percent: number }): Promise<{
  version: string;
  from: number;
  percent: number;
  droppedPlan: boolean;
}> {
  assertKnownRemote(remote);
  assertPercent(percent);
  return changeRegistry(releasesDir, store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const at = now().toISOString();
    const { plan, stage: _stage, awaitingApproval: _waiting, ...kept } = entry.rollout;
    const rollout = { ...kept, percent, stageStartedAt: at };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout } } },
      result: { version: rollout.version, from: entry.rollout.percent, percent, droppedPlan: Boolean(plan) },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-percent',
          remote,
          version: rollout.version,
          from: entry.current,
          to: entry.current,
          percent,
          why: why || `${entry.rollout.percent} % -> ${percent} %${plan ? ' (plan dropped)' : ''}`,
        }),
      ],
    };
  });
}

/** Starts the plan stage that waits for approval. */
export async function approveRolloutStage({
  releasesDir,
  remote,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions): Promise<{ version: string; percent: number; stage: number }> {
  assertKnownRemote(remote);
  return changeRegistry(releasesDir, store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const { rollout } = entry;
    const nextIndex = (rollout.stage ?? 0) + 1;
    const next = rollout.plan?.[nextIndex];
    if (!rollout.awaitingApproval || !next)
      throw new ReleaseError(
        `The rollout of ${remote} ${rollout.version} is not waiting for approval` +
          (rollout.plan
            ? ` (stage ${(rollout.stage ?? 0) + 1} of ${rollout.plan.length} runs)`
            : ' (it has no plan)'),
      );
    const at = now().toISOString();
    const { awaitingApproval: _waiting, ...kept } = rollout;
    const moved = { ...kept, percent: next.percent, stage: nextIndex, stageStartedAt: at };
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...entry, rollout: moved } } },
      result: { version: rollout.version, percent: next.percent, stage: nextIndex },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-approve',
          remote,
          version: rollout.version,
          from: entry.current,
          to: entry.current,
          percent: next.percent,
          why: why || `stage ${nextIndex + 1} of ${rollout.plan?.length ?? 0} approved`,
        }),
      ],
    };
  });
}

/** The entry with its rollout's version live: the rollout ends, and the version is known good again. */
function completed(entry: RegistryEntry & { rollout: Rollout }): RegistryEntry {
  const { rollout, ...rest } = entry;
  return {
    ...rest,
    current: rollout.version,
    history: entry.history.map((release) => {
      if (release.version !== rollout.version || !release.rolledBackAt) return release;
      const { rolledBackAt: _cleared, ...kept } = release;
      return kept;
    }),
  };
}

/** Makes the rollout's version live for everyone. */
export async function completeRollout({
  releasesDir,
  remote,
  by,
  why = '',
  now = () => new Date(),
  store,
}: RolloutActionOptions): Promise<{ from: string; to: string }> {
  assertKnownRemote(remote);
  return changeRegistry(releasesDir, store, async (registry) => {
    const entry = runningRollout(registry, remote);
    const at = now().toISOString();
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: completed(entry) } },
      result: { from: entry.current, to: entry.rollout.version },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-complete',
          remote,
          version: entry.rollout.version,
          from: entry.current,
          to: entry.rollout.version,
          percent: 100,
          why,
        }),
      ],
    };
  });
}

/**
 * Ends the rollout, a rollback of the canary: every visitor gets the live version again, and the canary is marked
 * rolled back. `figures` are what an automatic abort decided on.
 *
 *   version: abort only if this version is still the one rolling out (the controller's check against a race)
 */
export async function abortRollout({
  releasesDir,
  remote,
  by,
  why = '',
  automatic = false,
  figures,
  version,
  now = () => new Date(),
  store,
}: RolloutActionOptions & {
  automatic?: boolean;
  figures?: Record<string, number>;
  version?: string;
}): Promise<{ version: string; percent: number; current: string; changed: boolean }> {
  assertKnownRemote(remote);
  return changeRegistry(releasesDir, store, async (registry) => {
    const entry = registry.remotes[remote];
    if (version !== undefined && entry?.rollout?.version !== version) {
      const nothing: RegistryChange<{ version: string; percent: number; current: string; changed: boolean }> =
        {
          registry: null,
          result: { version, percent: 0, current: entry?.current ?? '', changed: false },
        };
      return nothing;
    }
    const running = runningRollout(registry, remote);
    const { rollout, ...rest } = running;
    const at = now().toISOString();
    const history = running.history.map((release) =>
      release.version === rollout.version ? { ...release, rolledBackAt: at } : release,
    );
    return {
      registry: { ...registry, remotes: { ...registry.remotes, [remote]: { ...rest, history } } },
      result: { version: rollout.version, percent: rollout.percent, current: running.current, changed: true },
      actions: [
        actionRow({
          at,
          actor: by,
          action: 'rollout-abort',
          remote,
          version: rollout.version,
          from: running.current,
          to: running.current,
          percent: 0,
          why,
          automatic,
          ...(figures ? { figures } : {}),
        }),
      ],
    };
  });
}

/**
 * Moves every rollout that follows a plan on when its stage's minutes have passed and `healthy` says the canary is
 * well: to the next stage, or to waiting for approval when the next stage needs it, or to complete after the last
 * stage. An unhealthy canary holds its stage (the controller aborts it when it passes the threshold).
 *
 * @returns what moved
 */
export async function advanceRollouts({
  releasesDir,
  store,
  now = new Date(),
  healthy = () => true,
  figures = () => undefined,
  by = AUTOMATIC,
}: {
  releasesDir: string;
  store?: RegistryStore;
  now?: Date;
  healthy?: (remote: string, rollout: Rollout) => boolean;
  figures?: (remote: string) => Record<string, number> | undefined;
  by?: string;
}): Promise<ReleaseActionRecord[]> {
  return changeRegistry(releasesDir, store, async (registry) => {
    const actions: ReleaseActionRecord[] = [];
    const remotes: Registry['remotes'] = { ...registry.remotes };
    const at = now.toISOString();
    for (const [remote, entry] of Object.entries(registry.remotes)) {
      const rollout = entry.rollout;
      if (!rollout?.plan || rollout.awaitingApproval) continue;
      const index = rollout.stage ?? 0;
      const stage = rollout.plan[index];
      if (!stage) continue;
      if (now.getTime() - Date.parse(rollout.stageStartedAt) < stage.minutes * 60_000) continue;
      if (!healthy(remote, rollout)) continue;
      const seen = figures(remote);
      const base = {
        at,
        actor: by,
        remote,
        version: rollout.version,
        from: entry.current,
        to: entry.current,
        automatic: by === AUTOMATIC,
        ...(seen ? { figures: seen } : {}),
      };
      const next = rollout.plan[index + 1];
      if (!next) {
        remotes[remote] = completed(entry as RegistryEntry & { rollout: Rollout });
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-complete',
            to: rollout.version,
            percent: 100,
            why: `plan finished: ${stage.percent} % for ${stage.minutes} min`,
          }),
        );
      } else if (next.approval) {
        remotes[remote] = { ...entry, rollout: { ...rollout, awaitingApproval: true } };
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-wait',
            changed: true,
            percent: rollout.percent,
            why: `stage ${index + 2} of ${rollout.plan.length} (${next.percent} %) waits for approval`,
          }),
        );
      } else {
        remotes[remote] = {
          ...entry,
          rollout: { ...rollout, percent: next.percent, stage: index + 1, stageStartedAt: at },
        };
        actions.push(
          actionRow({
            ...base,
            action: 'rollout-advance',
            percent: next.percent,
            why: `stage ${index + 2} of ${rollout.plan.length}: ${rollout.percent} % -> ${next.percent} %`,
          }),
        );
      }
    }
    return { registry: actions.length ? { ...registry, remotes } : null, result: actions, actions };
  });
}
