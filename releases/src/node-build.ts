// A remote's Node build (server/ in its build or version folder), as the release CLI checks it before a publish
// moves the pointer: present, and loadable as the site's renderer loads it (shell/src/server/section-containers.ts).
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL, routesOf } from '@metrology/shared/release';
import type { RemoteName } from '@metrology/shared/release';

/** The folder of a build or version that holds its Node build. */
export const NODE_BUILD_DIR = 'server';

// The probe runs as a plain Node script: the built one (dist/), whether this module runs from dist/ or, in the tests,
// from src/.
const PROBE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/node-build-probe.js');
/** What the probe prints when every page loaded, and before its one-line reason when something did not. */
export const PROBE_LOADED = 'node-build-probe: loaded';
export const PROBE_FAILED = 'node-build-probe: failed:';
/** A container that neither loads nor fails in this time is refused as not loading. */
export const LOAD_TIMEOUT_MS = 60_000;

/**
 * @param buildDir a build or version folder @param [remote] 'shell' for the shell's build
 * @returns its Node build's container (a remote's), or its page render (the shell's)
 */
export function nodeEntryFile(buildDir: string, remote: string): string {
  return path.join(buildDir, NODE_BUILD_DIR, remote === SHELL.dir ? 'render.js' : 'remoteEntry.js');
}

/**
 *@param [remote] 'shell' for the shell's build
 * @returns whether the folder holds a Node build (a remote's container, the shell's render)
 */
export async function hasNodeBuild(buildDir: string, remote: string): Promise<boolean> {
  const stat = await fs.stat(nodeEntryFile(buildDir, remote)).catch(() => null);
  return stat?.isFile() ?? false;
}

/**
 * The files and bytes of a build's two halves: the browser build, and the Node build in server/ (the build
 * fingerprint is neither).
 */
export async function buildSizes(
  buildDir: string,
): Promise<{ browser: { files: number; bytes: number }; node: { files: number; bytes: number } }> {
  const sizes = { browser: { files: 0, bytes: 0 }, node: { files: 0, bytes: 0 } };
  const entries = await fs.readdir(buildDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name === '.fingerprint') continue;
    const full = path.join(entry.parentPath, entry.name);
    const [top] = path.relative(buildDir, full).split(path.sep);
    const half = top === NODE_BUILD_DIR ? sizes.node : sizes.browser;
    half.files += 1;
    half.bytes += (await fs.stat(full)).size;
  }
  return sizes;
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/**
 * Loads a remote's Node build once in a child process (the CLI's own process keeps no module of it): requires
 * server/remoteEntry.js, checks it is a federation container (init, get), initialises it with a share scope and
 * gets each page the release model routes to this remote, which must export a component as the renderer expects.
 * Resolves with the pages loaded; rejects with what went wrong.
 * @param buildDir a build or version folder
 *
 * @param [limits] the API's check of an
 *   uploaded build (issue 33): its own time limit, a V8 heap limit, and an environment without the API's secrets
 */
export async function loadNodeBuild(
  buildDir: string,
  remote: string,
  {
    timeoutMs = LOAD_TIMEOUT_MS,
    memoryMb,
    env,
  }: { timeoutMs?: number; memoryMb?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<{ pages: string[] }> {
  const entryFile = nodeEntryFile(buildDir, remote);
  if (!(await hasNodeBuild(buildDir, remote)))
    throw new Error(`there is no ${path.relative(buildDir, entryFile)}`);
  // The shell's render is loaded and must export renderPage; it has no pages of its own.
  const shell = remote === SHELL.dir;
  const pages = shell ? [] : [...new Set(routesOf(remote as RemoteName).map((route) => route.module))];
  const heap = memoryMb ? [`--max-old-space-size=${memoryMb}`] : [];
  const child = spawn(
    process.execPath,
    [...heap, PROBE, ...(shell ? ['--shell'] : []), entryFile, ...pages],
    {
      cwd: buildDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(env ? { env } : {}),
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    },
  );
  let stdout = '';
  let stderr = '';
  // Only the tail is kept: a build that prints without end cannot fill the checker's memory.
  const TAIL = 64 * 1024;
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout = (stdout + chunk).slice(-TAIL)));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-TAIL)));
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.on('error', reject);
      child.on('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
    },
  );
  if (code === 0 && stdout.includes(PROBE_LOADED)) return { pages };
  if (signal) throw new Error(`loading it did not finish within ${timeoutMs / 1000} s (${signal})`);
  // The probe's reason is its marked line; the build's own output may come before it.
  const reason = stderr
    .split('\n')
    .findLast((line) => line.startsWith(PROBE_FAILED))
    ?.slice(PROBE_FAILED.length)
    .trim();
  throw new Error(reason || `the loader exited with code ${code}: ${stderr.trim().slice(-500)}`);
}
