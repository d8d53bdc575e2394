// Where a published version's files are, behind one interface: a folder (RELEASES_DIR) or the artifact store in
// PostgreSQL through this server's checked cache (artifacts.ts). The shell's source, the page renderer and the
// /remotes route take a VersionFiles and never ask which it is.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { ArtifactCache } from './artifacts.js';
import type { ReleaseFileSource } from './release-file-sender.js';

export interface VersionFiles {
  /**
   * The folder holding a version whole (its Node build is loaded from it), or null when the version is nowhere.
   * `marker` is a file the folder must hold to count (the shell's index.html).
   */
  folder(remote: string, version: string, marker: string): Promise<string | null>;
  /**
   * One file of a version: checked bytes or a file under a folder; null when the version or the file is not held.
   * Throws ArtifactRefused when stored bytes are not what their manifest names.
   */
  file(remote: string, version: string, file: string): Promise<ReleaseFileSource | null>;
  /**
   * Makes the versions a page is served ready for their Node builds to be loaded, and returns the folder they are
   * under (`<folder>/<remote>/<version>/`). `served` (remote -> version) is awaited, `fallbacks` started only.
   */
  prepare(served: Record<string, string>, fallbacks: Record<string, string[]>): Promise<string>;
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => null))?.isFile() ?? false;
}

/** Versions as folders under RELEASES_DIR, laid out `<remote>/<version>/`. */
export function folderVersionFiles(releasesDir: string): VersionFiles {
  const root = path.resolve(releasesDir);
  return {
    async folder(remote, version, marker) {
      const folder = path.join(root, remote, version);
      return (await isFile(path.join(folder, marker))) ? folder : null;
    },
    async file(remote, version, file) {
      const relative = path.join(remote, version, file);
      return (await isFile(path.join(root, relative))) ? { root, file: relative } : null;
    },
    async prepare() {
      return root;
    },
  };
}

/**
 * Versions from the artifact store, fetched and checked into this server's cache. A version the store does not
 * hold (published before the store was) is read from RELEASES_DIR; one it holds is served from the store only, so
 * a file missing from it is missing.
 */
export function storedVersionFiles({
  cache,
  releasesDir,
  warn,
}: {
  cache: ArtifactCache;
  releasesDir: string;
  warn: (message: string) => void;
}): VersionFiles {
  const older = folderVersionFiles(releasesDir);
  const olderRoot = path.resolve(releasesDir);

  /**
   * A version the page is served, in the cache folder: fetched and checked, or a version not in the store copied
   * in from RELEASES_DIR (a copy, not a link: the site server runs under Node's permission model, which allows it
   * no symbolic link). One refused stays out of the folder, so its section is the browser's.
   */
  const ready = async (remote: string, version: string) => {
    if (!version) return;
    try {
      if (await cache.version(remote, version)) return;
      const folder = path.join(cache.cacheDir, remote, version);
      const source = path.join(olderRoot, remote, version);
      if (!(await fs.stat(source).catch(() => null))) return;
      if (await fs.stat(folder).catch(() => null)) return;
      await fs.mkdir(path.dirname(folder), { recursive: true });
      // Copied beside it, then renamed: a version is never loaded half-copied, and of two copies one wins.
      const incoming = `${folder}.copy-${randomBytes(4).toString('hex')}`;
      await fs.cp(source, incoming, { recursive: true });
      await fs.rename(incoming, folder).catch(() => fs.rm(incoming, { recursive: true, force: true }));
    } catch (error) {
      warn(
        `${remote} ${version} cannot be fetched (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };

  return {
    async folder(remote, version, marker) {
      const cached = await cache.version(remote, version);
      if (cached) return cached.dir;
      return older.folder(remote, version, marker);
    },
    async file(remote, version, file) {
      const checked = await cache.file(remote, version, file);
      if (checked) return { checked };
      if (await cache.version(remote, version)) return null;
      return older.file(remote, version, file);
    },
    async prepare(served, fallbacks) {
      for (const [remote, versions] of Object.entries(fallbacks))
        for (const version of versions) void ready(remote, version);
      await Promise.all(Object.entries(served).map(([remote, version]) => ready(remote, version)));
      return cache.cacheDir;
    },
  };
}
