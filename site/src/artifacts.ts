// A site server's own copy of the published versions it serves, fetched from the artifact store in
// PostgreSQL (releases/src/artifact-store.ts) on first need into a cache folder that belongs to this server alone: site
// servers on several machines share nothing but the database. Nothing is trusted on the way: every blob fetched
// and every cached file is checked against its version's manifest (SHA-256) before it is served or loaded; a
// mismatch is logged and never served. A version appears in the cache folder only once every file of it has been
// checked (written beside it, then renamed into place), so the Node build is never loaded from half a version.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { sha256Of } from '@metrology/releases/artifact-store';
import { unsafePathReason } from '@metrology/releases/pack';
import type { ArtifactStore } from '@metrology/releases/artifact-store';

/** Checked files kept in memory, so a file served again is not read and hashed again (browsers ask for few). */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** How long "the store does not hold this version" is believed (it is asked on every page render otherwise). */
const NOT_STORED_MS = 10_000;
/** A file larger than this is read and checked on every request rather than kept. */
const MEMORY_FILE_BYTES = 4 * 1024 * 1024;

/** A file or version whose bytes are not the ones its manifest names, or whose manifest names an unsafe path: refused, never served. */
export class ArtifactRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArtifactRefused';
  }
}

/** Whether `child` is strictly below the folder `parent` (both absolute). */
function inside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

/** a version checked into the cache
 */
import type { ArtifactFile } from '@metrology/releases/artifact-store';
export type { ArtifactFile };
export type CachedVersion = { dir: string; files: Map<string, ArtifactFile> };
/** A file's checked bytes. Its Content-Type is the site's to choose from its extension (release-files.ts). */
export type CheckedFile = { data: Buffer; sha256: string };

export interface ArtifactCache {
  /** where versions are kept: `<cacheDir>/<remote>/<version>/`, laid out as RELEASES_DIR */
  cacheDir: string;
  /** the version, fetched and checked on first need (concurrent callers share one fetch); null when the store does not hold it. Throws ArtifactRefused when a stored blob is not what its manifest says. */
  version: (remote: string, version: string) => Promise<CachedVersion | null>;
  /** one file's checked bytes; null when the store holds no such version or file */
  file: (remote: string, version: string, file: string) => Promise<CheckedFile | null>;
}

/**
 *
 *   log: the refusals (an operator must see a corrupted blob or cache)
 */
export function createArtifactCache({
  store,
  cacheDir: dir,
  log,
}: {
  store: ArtifactStore;
  cacheDir: string;
  log: (message: string) => void;
}): ArtifactCache {
  const cacheDir = path.resolve(dir);
  const versions: Map<string, Promise<CachedVersion | null>> = new Map();
  /** @type remote/version/path -> checked bytes, oldest first */
  const memory: Map<string, CheckedFile> = new Map();
  let memoryBytes = 0;

  const folderOf = (remote: string, version: string) => path.join(cacheDir, remote, version);

  /**
   * Why a version's manifest may not be written into the cache, or undefined: its remote and version must be one
   * plain folder name each, and every file's path is checked as a pack's paths are (pack.ts: not empty, absolute,
   * climbing or with a backslash) and must resolve inside the version's folder. The manifest comes from the
   * database: a row naming `../x` would otherwise write outside the cache.
   */
  const unsafeManifestReason = (remote: string, version: string, files: ArtifactFile[]) => {
    for (const name of [remote, version]) {
      const why = name.includes('/') ? 'holds a slash' : unsafePathReason(name);
      if (why) return `the name '${name}' ${why}`;
    }
    const folder = folderOf(remote, version);
    if (!inside(cacheDir, folder)) return 'its folder is outside the cache';
    for (const file of files) {
      const filePath: unknown = file.path;
      if (typeof filePath !== 'string') return 'a file has no path';
      const why = unsafePathReason(filePath);
      if (why) return `the path ${JSON.stringify(filePath)} ${why}`;
      if (!inside(folder, path.resolve(folder, filePath)))
        return `the path ${JSON.stringify(filePath)} resolves outside the version's folder`;
    }
    return undefined;
  };

  /**
   * Whether every file of a cached folder is the manifest's: 'absent' (nothing cached), 'ok', or the first bad file.
   */
  const checkFolder = async (
    folder: string,
    files: ArtifactFile[],
  ): Promise<'absent' | 'ok' | { path: string; why: string }> => {
    const there = await fs.stat(folder).then(
      () => true,
      () => false,
    );
    if (!there) return 'absent';
    for (const file of files) {
      const data = await fs.readFile(path.join(folder, file.path)).catch(() => null);
      if (!data) return { path: file.path, why: 'it is missing' };
      if (sha256Of(data) !== file.sha256)
        return { path: file.path, why: 'its SHA-256 is not its manifest one' };
    }
    return 'ok';
  };

  const fetchVersion = async (remote: string, version: string): Promise<CachedVersion | null> => {
    const manifest = await store.manifest(remote, version);
    if (!manifest) return null;
    // Checked before the cache folder is read or a byte is written: nothing of a bad manifest reaches the disk.
    const unsafe = unsafeManifestReason(remote, version, manifest.files);
    if (unsafe) {
      log(`${remote} ${version}: the manifest is refused (${unsafe}); the version is not served`);
      throw new ArtifactRefused(`${remote} ${version}: the manifest is refused (${unsafe})`);
    }
    const folder = folderOf(remote, version);
    const cached = { dir: folder, files: new Map(manifest.files.map((file) => [file.path, file])) };
    const found = await checkFolder(folder, manifest.files);
    if (found === 'ok') return cached;
    if (found !== 'absent') {
      log(
        `${remote} ${version}: the cached ${found.path} is refused (${found.why}); the version is fetched again`,
      );
      await fs.rm(folder, { recursive: true, force: true });
    }
    const hashes = [...new Set(manifest.files.map((file) => file.sha256))];
    const blobs = await store.blobs(hashes);
    const incoming = path.join(
      cacheDir,
      '.incoming',
      `${remote}@${version}-${randomBytes(4).toString('hex')}`,
    );
    try {
      for (const file of manifest.files) {
        const data = blobs.get(file.sha256);
        // The store's bytes are checked too: a damaged row is refused here, before a byte is written.
        if (!data || data.length !== file.size || sha256Of(data) !== file.sha256) {
          const why = data ? 'its bytes do not match its SHA-256' : 'its blob is missing';
          log(
            `${remote} ${version}: ${file.path} is refused (${why} in the artifact store); the version is not served`,
          );
          throw new ArtifactRefused(`${remote} ${version}: ${file.path} is refused (${why})`);
        }
        const target = path.join(incoming, file.path);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, data);
      }
      await fs.mkdir(path.dirname(folder), { recursive: true });
      try {
        await fs.rename(incoming, folder);
      } catch (error) {
        // Another process sharing this folder placed it first: use theirs once it is checked like ours.
        if ((await checkFolder(folder, manifest.files)) !== 'ok') throw error;
      }
      return cached;
    } finally {
      await fs.rm(incoming, { recursive: true, force: true });
    }
  };

  const version: ArtifactCache['version'] = (remote, name) => {
    const key = `${remote}/${name}`;
    let known = versions.get(key);
    if (!known) {
      known = fetchVersion(remote, name);
      versions.set(key, known);
      // Only a version cached whole is kept: a refusal or an outage is asked again on the next request.
      known.then(
        (cached) => {
          // Asked again after a while: a version published before the store may be stored later.
          if (!cached) setTimeout(() => versions.delete(key), NOT_STORED_MS).unref();
        },
        () => versions.delete(key),
      );
    }
    return known;
  };

  const remember = (key: string, file: CheckedFile) => {
    if (file.data.length > MEMORY_FILE_BYTES) return;
    memory.set(key, file);
    memoryBytes += file.data.length;
    for (const [oldest, kept] of memory) {
      if (memoryBytes <= MEMORY_BYTES) break;
      memory.delete(oldest);
      memoryBytes -= kept.data.length;
    }
  };

  const readChecked = async (cached: CachedVersion, entry: ArtifactFile): Promise<CheckedFile | null> => {
    const data = await fs.readFile(path.join(cached.dir, entry.path)).catch(() => null);
    if (data && sha256Of(data) === entry.sha256) return { data, sha256: entry.sha256 };
    return null;
  };

  return {
    cacheDir,
    version,
    file: async (remote, name, file) => {
      const key = `${remote}/${name}/${file}`;
      const kept = memory.get(key);
      if (kept) {
        // Most recently used last.
        memory.delete(key);
        memory.set(key, kept);
        return kept;
      }
      let cached = await version(remote, name);
      const entry = cached?.files.get(file);
      if (!cached || !entry) return null;
      let checked = await readChecked(cached, entry);
      if (!checked) {
        // Changed on disk since it was checked: refused, and the version is fetched again from the store.
        log(
          `${remote} ${name}: the cached ${file} is refused (its SHA-256 is not its manifest one); fetched again`,
        );
        versions.delete(`${remote}/${name}`);
        await fs.rm(cached.dir, { recursive: true, force: true });
        cached = await version(remote, name);
        checked = cached ? await readChecked(cached, entry) : null;
        if (!checked) throw new ArtifactRefused(`${remote} ${name}: ${file} does not match its SHA-256`);
      }
      remember(key, checked);
      return checked;
    },
  };
}
