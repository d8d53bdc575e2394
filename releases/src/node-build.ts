// A remote's Node build (server/ in its build or version folder), as the release CLI checks it before a publish
// moves the pointer: present, and loadable as the site's renderer loads it (shell/src/server/section-containers.ts).
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL, routesOf } from '@metrology/shared/release';
import { readBuildFiles } from './pack.js';
import { SANDBOX_LIMITS, runContained, type SandboxLimits } from './sandbox.js';
import type { RemoteName } from '@metrology/shared/release';

/** The folder of a build or version that holds its Node build. */
export const NODE_BUILD_DIR = 'server';

// The probe is copied into each check's folder from the built one (dist/), whether this module runs from dist/ or,
// in the tests, from src/.
const PROBE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/node-build-probe.js');
/** Where each check's folder is made (the probe, the build's files, the scratch folder); always removed. */
export const CHECK_PREFIX = 'metrology-check-';
/** A reason is one line of at most this many characters, whatever the build throws. */
export const REASON_CHARS = 300;

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

/** One line, bounded, printable: what a reason may carry back to whoever published. */
export function boundedReason(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const line = (text.split('\n')[0] ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS - 1)}…` : line;
}

/**
 * Loads a build's Node half once, contained (sandbox.ts): the build's files are written from memory into a folder
 * of the check's own, which the sandbox sees read-only at <folder>/release/<remote>/<version>/ (the path the
 * site's renderer gives a version), with the probe beside it. The probe requires server/remoteEntry.js, checks it is
 * a federation container (init, get), initialises it and gets each page the release model routes to this remote,
 * which must export a component as the renderer expects (the shell's: server/render.js exporting renderPage).
 * Resolves with the pages loaded; rejects with one bounded line saying why not. The build's own output is never
 * read, and the folder is removed whatever happens.
 */
export async function checkNodeBuild(
  files: { path: string; data: Buffer }[],
  remote: string,
  version: string,
  limits: Partial<SandboxLimits> = {},
  /** Where the check's folder is made: the system's temporary folder unless given. */
  workDir: string = tmpdir(),
): Promise<{ pages: string[] }> {
  const entry = path.posix.join(NODE_BUILD_DIR, remote === SHELL.dir ? 'render.js' : 'remoteEntry.js');
  if (!files.some((file) => file.path === entry)) throw new Error(`there is no ${entry}`);
  const shell = remote === SHELL.dir;
  const pages = shell ? [] : [...new Set(routesOf(remote as RemoteName).map((route) => route.module))];
  const work = await fs.mkdtemp(path.join(workDir, CHECK_PREFIX));
  try {
    const probeDir = path.join(work, 'probe');
    const releaseDir = path.join(work, 'release');
    const versionDir = path.join(releaseDir, remote, version);
    await fs.mkdir(probeDir);
    const probe = path.join(probeDir, 'probe.mjs');
    await fs.copyFile(PROBE, probe);
    for (const file of files) {
      const target = path.resolve(versionDir, ...file.path.split('/'));
      if (!target.startsWith(versionDir + path.sep)) throw new Error(`${file.path}: outside the build`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.data, { flag: 'wx', mode: 0o644 });
    }
    const full = { ...SANDBOX_LIMITS, ...limits };
    const run = await runContained({
      script: probe,
      args: [...(shell ? ['--shell'] : []), path.join(versionDir, entry), ...pages],
      readable: [probeDir, releaseDir],
      scratch: path.join(work, 'scratch'),
      limits: full,
    });
    if (run.timedOut) throw new Error(`loading it did not finish within ${full.timeoutMs / 1000} s`);
    let verdict: { ok?: unknown; reason?: unknown } | null = null;
    try {
      verdict = JSON.parse(run.report.split('\n')[0] ?? '') as { ok?: unknown; reason?: unknown };
    } catch {
      verdict = null;
    }
    if (run.code === 0 && verdict?.ok === true) return { pages };
    if (verdict?.ok === false && typeof verdict.reason === 'string')
      throw new Error(boundedReason(verdict.reason));
    throw new Error(
      run.code === null
        ? 'the loader was killed (out of memory, or a limit of the sandbox)'
        : `the loader exited with code ${run.code} without a verdict (out of memory, or the build ended it)`,
    );
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * checkNodeBuild on a build or version folder: its files are read first (a link in it is refused, never followed).
 * @param buildDir a build or version folder
 */
export async function loadNodeBuild(
  buildDir: string,
  remote: string,
  { version = path.basename(buildDir), ...limits }: Partial<SandboxLimits> & { version?: string } = {},
): Promise<{ pages: string[] }> {
  if (!(await hasNodeBuild(buildDir, remote)))
    throw new Error(`there is no ${path.relative(buildDir, nodeEntryFile(buildDir, remote))}`);
  return checkNodeBuild(await readBuildFiles(buildDir), remote, version, limits);
}
