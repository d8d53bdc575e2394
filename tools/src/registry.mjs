// @ts-check
// RELEASES_DIR/registry.json: which version of each remote is live, and every version published.
// Writes are atomic (temp file + rename) and serialised by a lock directory, so readers never see half a file
// and two releases at once cannot lose each other's change.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** @typedef {{ version: string; publishedAt: string; commit: string; buildHash?: string }} Release */
/** @typedef {{ current: string; history: Release[] }} RegistryEntry */
/** @typedef {{ remotes: Record<string, RegistryEntry> }} Registry */

export const REMOTE_NAMES = ['mfe-catalog', 'mfe-commerce', 'mfe-content', 'mfe-careers'];
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const LOCK_STALE_MS = 30_000;

/** @param {string} releasesDir */
export function registryFile(releasesDir) {
  return path.join(releasesDir, 'registry.json');
}

/** @param {string} version */
export function isValidVersion(version) {
  return VERSION_PATTERN.test(version);
}

/** @param {string} releasesDir @returns {Promise<Registry>} */
export async function readRegistry(releasesDir) {
  try {
    const parsed = JSON.parse(await fs.readFile(registryFile(releasesDir), 'utf8'));
    return { remotes: parsed && typeof parsed.remotes === 'object' && parsed.remotes ? parsed.remotes : {} };
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return { remotes: {} };
    throw error;
  }
}

/** @param {string} releasesDir @param {Registry} registry */
async function writeRegistry(releasesDir, registry) {
  const target = registryFile(releasesDir);
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify(registry, null, 2)}\n`);
  await fs.rename(temp, target);
}

/**
 * Runs fn with the registry lock held; fn gets the registry and returns the new one (or null to keep it).
 * @template T
 * @param {string} releasesDir
 * @param {(registry: Registry) => Promise<{ registry: Registry | null; result: T }>} fn
 * @returns {Promise<T>}
 */
export async function updateRegistry(releasesDir, fn) {
  await fs.mkdir(releasesDir, { recursive: true });
  const lock = path.join(releasesDir, '.registry.lock');
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(lock);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const stat = await fs.stat(lock).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > LOCK_STALE_MS) {
        await fs.rm(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > LOCK_STALE_MS * 2)
        throw new Error(`The registry lock ${lock} is held too long`);
      await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
    }
  }
  try {
    const { registry, result } = await fn(await readRegistry(releasesDir));
    if (registry) await writeRegistry(releasesDir, registry);
    return result;
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
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

/**
 * Publishes a built remote as a new immutable version and makes it live.
 * @param {{ releasesDir: string; remote: string; distDir: string; version: string; commit: string; buildHash?: string }} options
 * @returns {Promise<Release>}
 */
export async function publishRelease({ releasesDir, remote, distDir, version, commit, buildHash }) {
  if (!REMOTE_NAMES.includes(remote))
    throw new Error(`Unknown remote '${remote}' (one of ${REMOTE_NAMES.join(', ')})`);
  if (!isValidVersion(version)) throw new Error(`'${version}' is not a version like 1.4.0`);
  if (!(await exists(path.join(distDir, 'mf-manifest.json')))) {
    throw new Error(`${distDir} holds no production build of ${remote} (mf-manifest.json is missing)`);
  }
  const target = releaseDir(releasesDir, remote, version);
  await fs.mkdir(path.dirname(target), { recursive: true });
  return updateRegistry(releasesDir, async (registry) => {
    if (await exists(target))
      throw new Error(`${remote} ${version} is already published; versions are immutable`);
    // Copy beside the target, then rename: a half-copied version is never visible.
    const staging = `${target}.staging-${randomBytes(4).toString('hex')}`;
    await fs.cp(distDir, staging, { recursive: true });
    await fs.rename(staging, target);
    /** @type {Release} */
    const release = {
      version,
      publishedAt: new Date().toISOString(),
      commit,
      ...(buildHash ? { buildHash } : {}),
    };
    const entry = registry.remotes[remote] ?? { current: version, history: [] };
    const next = {
      remotes: { ...registry.remotes, [remote]: { current: version, history: [...entry.history, release] } },
    };
    return { registry: next, result: release };
  });
}
