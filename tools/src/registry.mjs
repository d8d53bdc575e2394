// @ts-check
// RELEASES_DIR/registry.json: which version of each remote is live, and every version published.
// Writes are atomic (temp file + fsync + rename) and serialised by a lock directory, so readers never see half a
// file and two releases at once cannot lose each other's change.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { REMOTE_NAMES, federationName, isRemoteName, previousGoodVersion } from '@metrology/shared/release';

// The remotes, their names and the fallback rule are the release model's (@metrology/shared/release).
export { REMOTE_NAMES, federationName, previousGoodVersion };

/** @typedef {import('@metrology/shared/release').Release} Release */
/** @typedef {import('@metrology/shared/release').RegistryEntry} RegistryEntry */
/** @typedef {{ remotes: Record<string, RegistryEntry> }} Registry */
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** A lock older than this, or whose owner process is gone, was left by a crash. */
const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 60_000;

/** A refusal the release manager can act on (unknown remote, version taken, nothing to roll back to...). */
export class ReleaseError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/** @param {string} releasesDir */
export function registryFile(releasesDir) {
  return path.join(releasesDir, 'registry.json');
}

/** The copy of the last registry this tool wrote successfully: what the site serves if registry.json is damaged. */
export function lastGoodFile(/** @type {string} */ releasesDir) {
  return path.join(releasesDir, 'registry.json.last-good');
}

/** registry.json cannot be read as a registry (cut short, not JSON, wrong shape). */
export class RegistryDamagedError extends Error {
  /** @param {string} file @param {string} detail */
  constructor(file, detail) {
    super(`${file} is damaged (${detail})`);
    this.name = 'RegistryDamagedError';
    this.file = file;
    this.detail = detail;
  }
}

/**
 * Parses a registry's text; throws RegistryDamagedError when it is not one.
 * @param {string} text @param {string} file @returns {Registry}
 */
export function parseRegistry(text, file) {
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
  for (const [remote, entry] of Object.entries(remotes)) {
    if (
      !entry ||
      typeof entry !== 'object' ||
      typeof entry.current !== 'string' ||
      !Array.isArray(entry.history) ||
      !entry.history.some((/** @type {Release} */ release) => release?.version === entry.current)
    )
      throw new RegistryDamagedError(file, `the entry of ${remote} has no live version in its history`);
  }
  return { remotes };
}

/**
 * @typedef {object} RegistryReading
 * @property {Registry} registry what to serve: registry.json, or the last good copy when it is damaged
 * @property {'registry' | 'last-good' | 'none'} source
 * @property {string} [damage] why registry.json could not be used
 * @property {string} text the served registry as JSON text
 */

/**
 * Reads the live pointer, falling back to the last good copy when registry.json is damaged (never throws for
 * damage: the caller reports `damage` loudly and keeps serving).
 * @param {string} releasesDir @returns {Promise<RegistryReading>}
 */
export async function readRegistryWithFallback(releasesDir) {
  const file = registryFile(releasesDir);
  /** @type {string | undefined} */
  let damage;
  try {
    const text = await fs.readFile(file, 'utf8');
    const registry = parseRegistry(text, file);
    return { registry, source: 'registry', text };
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
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

/** @param {string} version */
export function isValidVersion(version) {
  return VERSION_PATTERN.test(version);
}

/** @param {string} remote */
export function assertKnownRemote(remote) {
  if (!isRemoteName(remote))
    throw new ReleaseError(`Unknown remote '${remote}' (one of ${REMOTE_NAMES.join(', ')})`);
}

/** @param {string} version */
function assertValidVersion(version) {
  if (!isValidVersion(version))
    throw new ReleaseError(`'${version}' is not a version like 1.4.0 or 1.4.0-rc.1`);
}

/**
 * The live registry; throws RegistryDamagedError when registry.json is damaged (see readRegistryWithFallback).
 * @param {string} releasesDir @returns {Promise<Registry>}
 */
export async function readRegistry(releasesDir) {
  const file = registryFile(releasesDir);
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return { remotes: {} };
    throw error;
  }
  return parseRegistry(text, file);
}

/** Writes text to target atomically: temp file, fsync, rename, fsync of the folder. @param {string} target @param {string} text */
async function writeAtomic(target, text) {
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

/** @param {string} releasesDir @param {Registry} registry */
async function writeRegistry(releasesDir, registry) {
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
 * @param {string} releasesDir @returns {Promise<Registry>}
 */
export async function registryFromFolders(releasesDir) {
  /** @type {Registry} */
  const registry = { remotes: {} };
  for (const remote of REMOTE_NAMES) {
    const names = await fs.readdir(path.join(releasesDir, remote)).catch(() => /** @type {string[]} */ ([]));
    /** @type {{ version: string; time: number; clientOnly: boolean }[]} */
    const versions = [];
    for (const version of names) {
      if (!isValidVersion(version)) continue;
      const manifest = await fs
        .stat(path.join(releasesDir, remote, version, 'mf-manifest.json'))
        .catch(() => null);
      if (!manifest) continue;
      // A version folder without a Node build is served to browsers only, as a --client-only publish is.
      const nodeEntry = await fs
        .stat(path.join(releasesDir, remote, version, 'server', 'remoteEntry.js'))
        .catch(() => null);
      versions.push({ version, time: manifest.mtimeMs, clientOnly: !nodeEntry });
    }
    versions.sort((a, b) => a.time - b.time);
    const last = versions[versions.length - 1];
    if (!last) continue;
    registry.remotes[remote] = {
      current: last.version,
      history: versions.map(({ version, time, clientOnly }) => ({
        version,
        publishedAt: new Date(time).toISOString(),
        commit: 'unknown',
        ...(clientOnly ? { clientOnly } : {}),
      })),
    };
  }
  return registry;
}

/**
 * `release repair`: makes registry.json good again from the last good copy, else from the version folders.
 * @param {string} releasesDir
 * @returns {Promise<{ repaired: boolean; from: 'last-good' | 'folders' | 'nothing'; damage?: string }>}
 */
export async function repairRegistry(releasesDir) {
  /** @typedef {{ repaired: boolean; from: 'last-good' | 'folders' | 'nothing'; damage?: string }} RepairResult */
  /** @type {(registry: Registry, reading: RegistryReading) => Promise<{ registry: Registry | null; result: RepairResult }>} */
  const repair = async (_registry, reading) => {
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

/** @param {number} pid */
function processIsGone(pid) {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'ESRCH';
  }
}

/** @param {string} lock @returns {Promise<boolean>} whether the lock was left by a crash */
async function lockIsStale(lock) {
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
 * @template T
 * @param {string} releasesDir
 * @param {(registry: Registry, reading: RegistryReading) => Promise<{ registry: Registry | null; result: T }>} fn
 * @param {{ allowDamaged?: boolean; warn?: (message: string) => void }} [options]
 * @returns {Promise<T>}
 */
export async function updateRegistry(releasesDir, fn, options = {}) {
  await fs.mkdir(releasesDir, { recursive: true });
  const lock = path.join(releasesDir, '.registry.lock');
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(lock);
      await fs.writeFile(path.join(lock, 'owner'), `${osHost()}:${process.pid}`);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
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
    const { registry, result } = await fn(reading.registry, reading);
    if (registry) await writeRegistry(releasesDir, registry);
    return result;
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

/**
 * Where the pointer and history live when not in registry.json (PostgreSQL for a cluster:
 * registry-store-pg.mjs).
 * @typedef {{ read(): Promise<Registry>; update<T>(fn: (registry: Registry) => Promise<{ registry: Registry | null; result: T }>): Promise<T> }} RegistryStore
 */

/**
 * updateRegistry on the store when there is one, else on RELEASES_DIR/registry.json.
 * @template T
 * @param {string} releasesDir @param {RegistryStore | undefined} store
 * @param {(registry: Registry) => Promise<{ registry: Registry | null; result: T }>} fn
 * @returns {Promise<T>}
 */
function changeRegistry(releasesDir, store, fn) {
  return store ? store.update(fn) : updateRegistry(releasesDir, fn);
}

/** @param {string} releasesDir @param {string} remote @param {string} version */
export function releaseDir(releasesDir, remote, version) {
  return path.join(releasesDir, remote, version);
}

/** @param {string} dir @returns {Promise<boolean>} */
async function exists(dir) {
  return fs.stat(dir).then(
    () => true,
    () => false,
  );
}

/** Whether a version of a remote is published (its folder exists, whatever the registry says). */
export async function isPublished(
  /** @type {string} */ releasesDir,
  /** @type {string} */ remote,
  /** @type {string} */ version,
) {
  return exists(releaseDir(releasesDir, remote, version));
}

/** @param {string} remote @param {string} version */
function alreadyPublished(remote, version) {
  return new ReleaseError(
    `${remote} ${version} is already published; versions are immutable, choose another --version`,
  );
}

/**
 * Checks that distDir is a production build of this remote: it has a federation manifest naming the remote.
 * @param {string} remote @param {string} distDir
 */
export async function assertBuildOf(remote, distDir) {
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
 * Publishes a built remote as a new immutable version and makes it live.
 * - clientOnly: published without its Node build (server/ is left out of the version folder even if the build
 *   has one, so the site renders the section in the browser, as the registry then says).
 * - verify: called with the complete version folder before it is renamed into place and the pointer moves (the
 *   release CLI loads the Node build there); when it throws, nothing is published.
 * @param {{ releasesDir: string; remote: string; distDir: string; version: string; commit: string; buildHash?: string; clientOnly?: boolean; verify?: (versionDir: string) => Promise<void>; now?: () => Date; store?: RegistryStore }} options
 * @returns {Promise<Release & { previous?: string }>}
 */
export async function publishRelease({
  releasesDir,
  remote,
  distDir,
  version,
  commit,
  buildHash,
  clientOnly = false,
  verify,
  now = () => new Date(),
  store,
}) {
  assertKnownRemote(remote);
  assertValidVersion(version);
  await assertBuildOf(remote, distDir);
  const target = releaseDir(releasesDir, remote, version);
  if (await exists(target)) throw alreadyPublished(remote, version);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Copy beside the target outside the lock (it can take a while), then rename under it: a half-copied version
  // is never visible, and of two publishes of one version only the first rename wins.
  const staging = `${target}.staging-${randomBytes(4).toString('hex')}`;
  const nodeBuild = path.resolve(distDir, 'server');
  try {
    await fs.cp(distDir, staging, {
      recursive: true,
      filter: (source) =>
        path.basename(source) !== '.fingerprint' && !(clientOnly && path.resolve(source) === nodeBuild),
    });
    if (verify) await verify(staging);
    return await changeRegistry(releasesDir, store, async (registry) => {
      if (await exists(target)) throw alreadyPublished(remote, version);
      await fs.rename(staging, target);
      /** @type {Release} */
      const release = {
        version,
        publishedAt: now().toISOString(),
        commit,
        ...(buildHash ? { buildHash } : {}),
        ...(clientOnly ? { clientOnly: true } : {}),
      };
      const entry = registry.remotes[remote];
      const next = {
        remotes: {
          ...registry.remotes,
          [remote]: { current: version, history: [...(entry?.history ?? []), release] },
        },
      };
      return { registry: next, result: { ...release, ...(entry ? { previous: entry.current } : {}) } };
    });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Moves a remote's live pointer to the previous good version, or to a named published one. Only the pointer
 * changes; the version folders stay as they are.
 * @param {{ releasesDir: string; remote: string; to?: string; now?: () => Date; store?: RegistryStore }} options
 * @returns {Promise<{ from: string; to: string; changed: boolean }>}
 */
export async function rollbackRelease({ releasesDir, remote, to, now = () => new Date(), store }) {
  assertKnownRemote(remote);
  if (to !== undefined) assertValidVersion(to);
  /** @type {(registry: Registry) => Promise<{ registry: Registry | null; result: { from: string; to: string; changed: boolean } }>} */
  const move = async (registry) => {
    const entry = registry.remotes[remote];
    if (!entry) throw new ReleaseError(`${remote} has never been published; there is nothing to roll back`);
    const published = entry.history.map((release) => release.version);
    const target = to ?? previousGoodVersion(entry);
    if (target === undefined) {
      throw new ReleaseError(
        `${remote} ${entry.current} has no earlier good version to roll back to (history: ${published.join(', ')})`,
      );
    }
    if (target === entry.current)
      return { registry: null, result: { from: entry.current, to: target, changed: false } };
    const targetIndex = published.indexOf(target);
    if (targetIndex === -1) {
      throw new ReleaseError(`${remote} ${target} was never published (published: ${published.join(', ')})`);
    }
    if (!(await exists(path.join(releaseDir(releasesDir, remote, target), 'mf-manifest.json')))) {
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
    return {
      registry: { remotes: { ...registry.remotes, [remote]: { current: target, history } } },
      result: { from: entry.current, to: target, changed: true },
    };
  };
  return changeRegistry(releasesDir, store, move);
}

/**
 * What `release status --json` prints: every remote keyed by name, with its live version and its history
 * (oldest first, each with version, publishedAt and commit, and clientOnly: true on a --client-only publish).
 * @param {Registry} registry
 */
export function releaseStatus(registry) {
  /** @type {Record<string, { current: string | null; history: { version: string; publishedAt: string; commit: string; clientOnly?: true }[] }>} */
  const status = {};
  for (const remote of REMOTE_NAMES) {
    const entry = registry.remotes[remote];
    status[remote] = {
      current: entry?.current ?? null,
      history: (entry?.history ?? []).map(({ version, publishedAt, commit, clientOnly }) => ({
        version,
        publishedAt,
        commit,
        ...(clientOnly ? { clientOnly: /** @type {const} */ (true) } : {}),
      })),
    };
  }
  return status;
}
