// @ts-check
// `npm run bench -- --pages --baseline <git ref>`: the ref, built and started beside the working tree, so a change's
// before and after are measured in one run on one machine. The ref's tree is exported (git archive) into a folder
// of its own under the system's temp folder, keyed by its commit, with its own node_modules (hard links to this
// checkout's when the lock files agree, else `npm ci`) and its own build; a second run reuses both.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../src/paths.mjs';

/** The workspace folders that may hold node_modules of their own. */
const WORKSPACES = [
  'shared',
  'api',
  'shell',
  'mfe-catalog',
  'mfe-commerce',
  'mfe-content',
  'mfe-careers',
  'test-kit',
  'tools',
  'e2e',
];

/** @param {string[]} args @param {string} [cwd] */
const git = (args, cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * The ref's checkout, built: its folder, exported and installed once per commit.
 * @param {string} ref
 * @returns {{ dir: string; commit: string }}
 */
export function prepareBaseline(ref) {
  let commit;
  try {
    commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  } catch {
    throw new Error(`--baseline ${ref}: not a commit of this repository (git rev-parse found nothing)`);
  }
  const dir = path.join(tmpdir(), 'metrology-baseline', commit);
  const built = path.join(dir, '.bench-built');
  if (existsSync(built)) {
    console.log(`Baseline ${ref} (${commit.slice(0, 7)}): reusing ${dir}`);
    return { dir, commit };
  }
  console.log(`Baseline ${ref} (${commit.slice(0, 7)}): exporting, installing and building in ${dir} ...`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: 'inherit' });
  const sameLock =
    readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8') ===
    readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (sameLock && existsSync(path.join(ROOT, 'node_modules'))) {
    // The same packages: hard links cost no disk and no download; the workspaces' links are relative, so they
    // point into the baseline's own folders.
    for (const folder of ['', ...WORKSPACES]) {
      const from = path.join(ROOT, folder, 'node_modules');
      if (existsSync(from)) execFileSync('cp', ['-al', from, path.join(dir, folder, 'node_modules')]);
    }
  } else {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  writeFileSync(built, `${new Date().toISOString()}\n`);
  return { dir, commit };
}

/**
 * The baseline's own launcher and publisher (its ROOT is its folder, so it serves its own builds).
 * @param {string} dir
 * @returns {Promise<{ launch: typeof import('../../src/launch.mjs').launch; publishLocalBuilds: typeof import('../../src/publish-local.mjs').publishLocalBuilds }>}
 */
export async function baselineTools(dir) {
  const [{ launch }, { publishLocalBuilds }] = await Promise.all([
    import(pathToFileURL(path.join(dir, 'tools/src/launch.mjs')).href),
    import(pathToFileURL(path.join(dir, 'tools/src/publish-local.mjs')).href),
  ]);
  return { launch, publishLocalBuilds };
}

/** A short name for the baseline in tables. @param {string} ref @param {string} commit */
export const baselineLabel = (ref, commit) => (ref === commit ? commit.slice(0, 7) : `${ref}`);
