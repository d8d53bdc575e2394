// The shell the site serves: its live version's document, page assets and Node render, read from the
// release store (RELEASES_DIR/shell/<version>/, or the artifact store in PostgreSQL through this server's cache),
// never from shell/dist once a shell is published. The files of the last N shell versions stay served, so a page
// opened before a deploy still loads its chunks: a shell file is looked for in the live version first, then in
// the older served ones. shell/dist is served only while no shell version is published (a fresh checkout).
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { SHELL_RELEASE } from '@metrology/releases/registry';
import type { ReleaseFileSource } from './release-file-sender.js';
import type { VersionFiles } from './version-files.js';
import type { Registry, RegistryEntry } from '@metrology/shared/contracts';

/** How many shell versions' files are served when SHELL_VERSIONS_SERVED is not set: the live one and 4 before. */
export const DEFAULT_SHELL_VERSIONS_SERVED = 5;

/**
 * SHELL_VERSIONS_SERVED: how many shell versions' files the site serves (the live one included), 1 to 100.
 */
export function shellVersionsServedFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.SHELL_VERSIONS_SERVED;
  if (raw === undefined || raw === '') return DEFAULT_SHELL_VERSIONS_SERVED;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 100)
    throw new Error(`SHELL_VERSIONS_SERVED must be a whole number from 1 to 100, got '${raw}'`);
  return value;
}

/**
 * The shell versions whose files are served, in the order a file is looked for: the live one, then the others
 * newest published first (a version left by a rollback was live a moment ago, so it stays), at most `count`.
 */
export function servedShellVersions(entry: RegistryEntry | undefined, count: number): string[] {
  if (!entry) return [];
  const others = entry.history
    .map((release) => release.version)
    .filter((version) => version !== entry.current)
    .reverse();
  return [entry.current, ...others].slice(0, Math.max(1, count));
}

/**
 * A shell file's path as a browser asks for it: plain names of letters, digits, '-', '_' and '.', never starting
 * with a dot, at most 4 folders deep. No percent-encoding, '//', '.', '..' or backslash: anything else is not a
 * shell file (safe-path.ts then judges what may be sent at all).
 */
const SHELL_FILE = /^\/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120})$/;

/**@returns the file below the shell's root, or null */
export function shellFileOf(rawUrl: string): string | null {
  const match = SHELL_FILE.exec(rawUrl.split('?')[0] ?? '');
  return match?.[1] ?? null;
}

/** Where one served shell file is: a published version's (checked bytes or a file), or shell/dist's (version null). */
export type ShellFile = ReleaseFileSource & { version: string | null };

export function createShellSource(options: {
  shellDir: string;
  /** where published versions' files are */
  files: VersionFiles;
  versionsServed?: number;
  warn?: (message: string) => void;
}) {
  const shellDir = path.resolve(options.shellDir);
  const count = options.versionsServed ?? DEFAULT_SHELL_VERSIONS_SERVED;
  const warn = options.warn ?? ((message: string) => console.error(message));
  /** The shell's entry last read: a registry that cannot be read (an outage) never sends the site to shell/dist. */
  let known: RegistryEntry | undefined;
  const shellEntry = (registry: Registry) => {
    if (registry.shell) known = registry.shell;
    return known;
  };

  /** The folder holding a published shell version whole, or null when its files are nowhere. */
  const folderOf = (version: string) => options.files.folder(SHELL_RELEASE, version, 'index.html');
  return {
    count,
    /**
     * The shell to render and serve pages with: the live version's folder (or, when its files cannot be had, the
     * newest served version's that can, with a warning); shell/dist while no shell is published.
     */
    async live(registry: Registry): Promise<{ version: string | null; dir: string }> {
      const versions = servedShellVersions(shellEntry(registry), count);
      if (versions.length === 0) return { version: null, dir: shellDir };
      for (const version of versions) {
        try {
          const dir = await folderOf(version);
          if (dir) {
            if (version !== versions[0])
              warn(`the live shell ${versions[0]} cannot be read; pages are served with shell ${version}`);
            return { version, dir };
          }
        } catch (error) {
          warn(
            `shell ${version} cannot be fetched (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      }
      throw new Error(`no served shell version can be read (${versions.join(', ')})`);
    },
    /**
     * A shell file a browser asks for: from the live version, else from the older served ones (a page opened
     * before a deploy asks for its own chunks); from shell/dist while no shell is published. null: not served.
     *@param file below the shell's root
     */
    async file(registry: Registry, file: string): Promise<ShellFile | null> {
      const versions = servedShellVersions(shellEntry(registry), count);
      if (versions.length === 0) {
        const there = await fs.stat(path.join(shellDir, file)).catch(() => null);
        return there?.isFile() ? { version: null, root: shellDir, file } : null;
      }
      for (const version of versions) {
        try {
          const found = await options.files.file(SHELL_RELEASE, version, file);
          if (found) return { ...found, version };
        } catch (error) {
          warn(
            `shell ${version}: ${file} cannot be fetched (${error instanceof Error ? error.message : error})`,
          );
        }
      }
      return null;
    },
  };
}

export type ShellSource = ReturnType<typeof createShellSource>;
